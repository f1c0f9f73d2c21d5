import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiToken, openWithToken } from './helpers.ts';

/** A real PNG, as a user would attach a screenshot. */
const SCREENSHOT = {
  name: 'screen.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
};

test.describe('feedback and documentation', () => {
  test('S1-2.4-30 a user sends feedback with a screenshot from the avatar menu and the administrator handles it', async ({
    page,
    request,
  }) => {
    test.slow();
    const text = `列表翻页后筛选条件丢失 ${Date.now().toString(36)}`;
    const staff = await apiToken(request, 'staff', 'demo1234');
    await openWithToken(page, staff, '/home');
    await page.getByTestId('user-dropdown').click();
    await page.getByTestId('feedback-item').click();
    await expect(page).toHaveURL(/\/feedback$/);
    await expect(page.getByTestId('feedback-mine')).toContainText('您还没有提交过反馈');

    // Sending without text names what is missing.
    await page.getByTestId('feedback-submit').click();
    await expect(page.getByTestId('feedback-page')).toContainText('请填写反馈内容');

    await page.getByTestId('feedback-content').fill(text);
    await page.getByTestId('feedback-contact').fill('13800000000');
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('feedback-screenshot').click();
    await (await chooser).setFiles(SCREENSHOT);
    await expect(page.getByTestId('feedback-screenshot-remove')).toBeVisible();
    await page.getByTestId('feedback-submit').click();
    await expect(page.locator('.ant-message')).toContainText('反馈已提交，感谢您的意见');
    const mine = page.getByTestId('feedback-mine');
    await expect(mine).toContainText(text);
    await expect(mine).toContainText('待处理');
    await expect(mine.locator('img')).toHaveCount(1);

    // The administrator reads it in the feedback list and marks it handled.
    const admin = await apiToken(request, 'admin', 'admin123');
    await openWithToken(page, admin, '/msgCenter/feedback');
    const table = page.getByTestId('feedback-table');
    await expect(table).toContainText(text);
    await expect(table).toContainText('13800000000');
    const row = table.locator('tr', { hasText: text });
    await expect(row.locator('img')).toHaveCount(1);
    await row.getByTestId('feedback-handle').click();
    await expect(page.locator('.ant-message')).toContainText('已标记为已处理');
    await expect(row).toContainText('已处理');

    // The writer sees it handled; another user does not see it at all.
    await openWithToken(page, staff, '/feedback');
    await expect(page.getByTestId('feedback-mine')).toContainText('已处理');
    const manager = await apiToken(request, 'manager', 'demo1234');
    await openWithToken(page, manager, '/feedback');
    await expect(page.getByTestId('feedback-mine')).not.toContainText(text);
  });

  test('S1-2.4-30 documentation opens the user guide from the avatar menu, in the chosen language', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'staff', 'demo1234');
    await openWithToken(page, token, '/home');
    await page.getByTestId('user-dropdown').click();
    await page.getByTestId('docs-item').click();
    await expect(page).toHaveURL(/\/docs$/);
    const article = page.getByTestId('docs-article');
    await expect(article.locator('h1')).toHaveText('登录与账户');
    await page.getByTestId('docs-toc-05-organisation').click();
    await expect(article.locator('h2', { hasText: '职级管理' })).toBeVisible();
    await page.screenshot({ path: path.join(test.info().outputDir, 'docs-zh-CN.png') });
  });
});
