import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn, toastSeen } from './helpers.ts';

const SHOTS = '/tmp/shots-msg-template';

const dialog = (page: Page) => page.getByRole('dialog');
const confirm = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定/ });
const rows = (page: Page, text: string) =>
  page.getByTestId('msg-template-table').locator('tbody tr', { hasText: text });

test.describe('message templates', () => {
  test('S2-7-51 S2-7-52 shixue creates a template with a parameter and a live preview, then copies it', async ({
    page,
  }) => {
    test.slow();
    fs.mkdirSync(SHOTS, { recursive: true });
    const code = `e2e${Date.now().toString(36)}`;

    await page.goto('/login');
    await signIn(page, 'shixue', 'demo1234');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/msgCenter/msgTemplate');
    const table = page.getByTestId('msg-template-table');
    // The first page of a cold server on a busy machine can take a while.
    await expect(table).toContainText('流程待办通知', { timeout: 30_000 });
    await expect(table).toContainText('公告发布通知');
    await page.screenshot({ path: `${SHOTS}/list.png` });

    await page.getByTestId('msg-template-add').click();
    await dialog(page).getByLabel('模板名称').fill(`加班提醒${code}`);
    await dialog(page).getByTestId('msg-template-code').fill(code);
    await dialog(page).getByTestId('msg-template-category').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '流程消息' }).click();
    const title = dialog(page).getByTestId('msg-template-title');
    await title.fill('待处理：');
    // Inserting a parameter of the flow type puts {flowTitle} at the caret and declares it.
    await dialog(page).getByTestId('msg-template-insert').getByText('流程标题').click();
    await expect(title).toHaveValue('待处理：{flowTitle}');
    await dialog(page).getByTestId('msg-template-content').fill('发起人：');
    await dialog(page).getByTestId('msg-template-insert').getByText('发起人').click();
    await expect(dialog(page).getByTestId('msg-template-content')).toHaveValue('发起人：{launchUser}');
    const preview = dialog(page).getByTestId('msg-template-preview');
    await expect(preview).toContainText('待处理：[流程标题]');
    await expect(preview).toContainText('发起人：[发起人]');

    // An undeclared placeholder is refused before saving, naming it.
    await title.fill('待处理：{unknownField}');
    await confirm(page).click();
    await expect(dialog(page)).toContainText('{unknownField}');
    await title.fill('待处理：{flowTitle}');
    await page.screenshot({ path: `${SHOTS}/add-dialog.png` });
    const created = toastSeen(page, '新建成功');
    await confirm(page).click();
    await created;
    await expect(rows(page, code)).toHaveCount(1);
    await expect(rows(page, code)).toContainText('流程消息');

    // Copy: a second template with a new code that starts with the original's.
    const copied = toastSeen(page, '复制成功');
    await rows(page, code).getByTestId('msg-template-copy').click();
    await copied;
    await expect(rows(page, `${code}_`)).toHaveCount(1);
    await expect(rows(page, `${code}_`)).toContainText(`加班提醒${code}副本`);
    await page.screenshot({ path: `${SHOTS}/copied.png` });

    // The copy opens with the same texts and parameters.
    await rows(page, `${code}_`).getByTestId('msg-template-edit').click();
    await expect(dialog(page).getByTestId('msg-template-title')).toHaveValue('待处理：{flowTitle}');
    await expect(dialog(page).getByTestId('msg-template-preview')).toContainText('发起人：[发起人]');
    await dialog(page)
      .getByRole('button', { name: /取\s*消/ })
      .click();

    // Delete the copy.
    await rows(page, `${code}_`).getByTestId('msg-template-remove').click();
    const removed = toastSeen(page, '删除成功');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await removed;
    await expect(rows(page, `${code}_`)).toHaveCount(0);
  });
});
