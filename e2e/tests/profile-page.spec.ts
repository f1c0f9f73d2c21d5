import { expect, test, type Page } from '@playwright/test';
import { apiToken, openWithToken, signIn } from './helpers.ts';

async function openProfile(page: Page, token: string, tab?: string) {
  await openWithToken(page, token, tab ? `/profile?tab=${tab}` : '/profile');
  await expect(page.getByTestId('profile-page')).toBeVisible();
}

test.describe('profile', () => {
  test('S1-2.1-10 S1-5-01 S1-5-04 edit the base info, see it after reload; a bad mobile number is refused', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'zhengli', 'demo1234');
    await openProfile(page, token);
    await expect(page.getByTestId('base-info-view')).toContainText('zhengli');

    await page.getByTestId('base-edit').click();
    const form = page.getByTestId('base-info-form');
    await page.getByTestId('base-mobilePhone').fill('12345');
    await page.getByTestId('base-save').click();
    await expect(form).toContainText('请输入正确的手机号码');
    await page.getByTestId('base-email').fill('not-an-email');
    await page.getByTestId('base-save').click();
    await expect(form).toContainText('请输入正确的邮箱');

    await page.getByTestId('base-realName').fill('郑丽丽');
    await page.getByTestId('base-mobilePhone').fill('13912345678');
    await page.getByTestId('base-email').fill('zhengli@example.com');
    await page.getByTestId('base-description').fill('演示用户简介');
    await page.getByTestId('base-save').click();
    await expect(page.getByTestId('base-info-view')).toBeVisible();

    await page.reload();
    const view = page.getByTestId('base-info-view');
    await expect(view).toContainText('郑丽丽');
    await expect(view).toContainText('13912345678');
    await expect(view).toContainText('zhengli@example.com');
    await expect(view).toContainText('演示用户简介');
    await expect(page.getByTestId('user-dropdown')).toContainText('郑丽丽');
  });

  test('S1-5-02 S1-7-15 change the password with the rule and the confirmation, then sign in with it', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'zhuting', 'demo1234');
    await openProfile(page, token, 'password');
    const form = page.getByTestId('password-form');

    await page.getByTestId('password-old').fill('demo1234');
    await page.getByTestId('password-new').fill('12345678');
    await page.getByTestId('password-confirm').fill('12345679');
    await page.getByTestId('password-save').click();
    await expect(form).toContainText('6-16位字符密码（数字和字母）');
    await expect(form).toContainText('两次输入的密码不一致');

    await page.getByTestId('password-old').fill('wrong123');
    await page.getByTestId('password-new').fill('newpass123');
    await page.getByTestId('password-confirm').fill('newpass123');
    await page.getByTestId('password-save').click();
    await expect(page.getByText('原密码错误').first()).toBeVisible();

    await page.getByTestId('password-old').fill('demo1234');
    await page.getByTestId('password-save').click();
    await expect(page.getByRole('dialog')).toContainText('密码已修改');

    const fresh = await page.context().browser()!.newContext({ locale: 'zh-CN' });
    const other = await fresh.newPage();
    await other.goto('/login');
    await signIn(other, 'zhuting', 'demo1234');
    await expect(other.getByTestId('login-error')).toContainText('账号或密码错误');
    await signIn(other, 'zhuting', 'newpass123');
    await expect(other).toHaveURL(/\/home$/);
    await fresh.close();
  });

  test('S1-7-21 S1-8-25 add a drawn signature, add an uploaded one, set the default, delete one', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'fengtao', 'demo1234');
    await openProfile(page, token, 'sign');
    const list = page.getByTestId('sign-list');
    await expect(list).toContainText('暂无数据');

    await page.getByTestId('sign-add').click();
    const canvas = page.getByTestId('sign-canvas');
    await expect(canvas).toBeVisible();
    // Let the dialog finish zooming in before drawing.
    await page.waitForTimeout(400);
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 30, box.y + 60);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 30 + i * 20, box.y + 60 + (i % 2 ? 40 : -10));
    await page.mouse.up();
    await page.getByTestId('sign-save').click();
    await expect(list.getByTestId('sign-item')).toHaveCount(1);
    await expect(list.getByTestId('sign-item').first()).toHaveAttribute('data-default', 'true');

    // A second one, uploaded as a PNG (a 1x1 transparent image).
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.getByTestId('sign-add').click();
    await page.getByTestId('sign-mode-upload').click();
    await page.locator('input[type=file][accept="image/png"]').setInputFiles({
      name: 'sign.png',
      mimeType: 'image/png',
      buffer: png,
    });
    await page.getByTestId('sign-save').click();
    await expect(list.getByTestId('sign-item')).toHaveCount(2);

    const second = list.locator('[data-testid=sign-item][data-default=false]');
    await second.getByTestId('sign-set-default').click();
    await expect(list.locator('[data-testid=sign-item][data-default=true]')).toHaveCount(1);
    await expect(list.locator('[data-testid=sign-item][data-default=false]')).toHaveCount(1);

    await list.locator('[data-testid=sign-item][data-default=false]').getByTestId('sign-delete').click();
    const confirm = page.getByRole('dialog').filter({ hasText: '此操作将永久删除该数据, 是否继续?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: /确\s*定/ }).click();
    await expect(list.getByTestId('sign-item')).toHaveCount(1);
    await page.reload();
    await expect(page.getByTestId('sign-item')).toHaveCount(1);
  });

  test('S1-8-24 the system log lists the sign-ins; organisations, subordinates and permissions show', async ({
    page,
    request,
  }) => {
    const token = await apiToken(request, 'manager', 'demo1234');
    await openProfile(page, token, 'log');
    const table = page.getByTestId('system-log-table');
    await expect(table.locator('tbody tr.ant-table-row').first()).toBeVisible();
    await expect(table).toContainText('127.0.0.1');
    await expect(page.locator('.ant-pagination')).toBeVisible();

    await page.getByTestId('log-keyword').fill('no-such-entry-xyz');
    await page.getByTestId('log-search').click();
    await expect(table).toContainText('暂无数据');

    await page.getByTestId('profile-tab-organize').click();
    await expect(page.getByTestId('major-item').first()).toBeVisible();
    await expect(page.getByText('默认').first()).toBeVisible();

    await page.getByTestId('profile-tab-subordinate').click();
    await expect(page.getByTestId('subordinate-tree')).toBeVisible();

    await page.getByTestId('profile-tab-authorize').click();
    await expect(page.getByRole('treeitem').first()).toBeVisible();
  });
});
