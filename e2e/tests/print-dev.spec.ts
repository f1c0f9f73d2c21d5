import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiToken, openWithToken, toastSeen } from './helpers.ts';

const SHOTS = '/tmp/shots-print-dev';

const HEAD_SQL =
  'select u.real_name as "realName", u.account as "account", u.mobile_phone as "mobilePhone" from users u where u.id = @formId';
const CHILD_SQL = `select r.object_type as "kind", coalesce(o.full_name, p.full_name, ro.full_name) as "objectName"
from user_relation r
left join organize o on o.id = r.object_id
left join position p on p.id = r.object_id
left join role ro on ro.id = r.object_id
where r.user_id = @formId`;

test.describe('print templates', () => {
  test('S2-2-31 S2-9-21 S2-9-23 S2-7-96 shixue designs a template from the field tree, previews a user and downloads the .doc', async ({
    page,
    request,
  }) => {
    fs.mkdirSync(SHOTS, { recursive: true });
    const token = await apiToken(request, 'shixue', 'demo1234');
    const code = `e2ePrint${Date.now().toString(36)}`;
    const name = `员工卡片${code}`;
    await openWithToken(page, token, '/system/printDev');
    const table = page.getByTestId('print-table');
    await expect(table).toContainText('员工信息登记表', { timeout: 30_000 });
    await page.screenshot({ path: `${SHOTS}/list.png` });

    // Basic information.
    await page.getByTestId('print-add').click();
    const designer = page.getByTestId('print-designer');
    await expect(designer).toContainText('基本信息');
    await expect(designer.getByTestId('print-field-panel')).toContainText('点击“加载字段”');
    await page.screenshot({ path: `${SHOTS}/designer-empty.png` });
    await designer.getByTestId('print-fullName').fill(name);
    await designer.getByTestId('print-enCode').fill(code);
    const category = designer.getByTestId('print-category');
    if ((await category.evaluate((e) => e.tagName)) === 'INPUT') await category.fill('hr');
    else {
      await category.click();
      await page.locator('.ant-select-dropdown .ant-select-item-option').first().click();
    }

    // The SQL, then its fields.
    await designer.getByRole('tab', { name: '数据 SQL' }).click();
    await designer.getByTestId('print-sql').fill(`${HEAD_SQL};\n${CHILD_SQL}`);
    const loaded = toastSeen(page, '已加载 5 个字段');
    await designer.getByTestId('print-load-fields').click();
    await loaded;
    const fields = designer.getByTestId('print-field-panel');
    await expect(fields).toContainText('主表');
    await expect(fields).toContainText('子表 T1');

    // The template: a heading line with fields, a table whose second row repeats per T1 row, the printer.
    await designer.getByRole('tab', { name: '模板设计' }).click();
    const editor = designer.locator('.ql-editor');
    await editor.click();
    await page.keyboard.type('姓名：');
    await fields.getByTestId('print-field-realName').click();
    await page.keyboard.type(' 账号：');
    await fields.getByTestId('print-field-account').click();
    await page.keyboard.press('Enter');
    await page.keyboard.type('打印人：');
    await fields.getByTestId('print-field-systemPrinter').click();
    await page.keyboard.press('Enter');
    await designer.getByTestId('print-table-open').click();
    await page.getByTestId('print-table-rows').fill('1');
    await page.getByTestId('print-table-columns').fill('2');
    await page.getByTestId('print-table-insert').click();
    await editor.locator('td').first().click();
    await fields.getByTestId('print-field-T1.kind').click();
    await editor.locator('td').nth(1).click();
    await fields.getByTestId('print-field-T1.objectName').click();
    await fields.getByTestId('print-insert-page-break').click();
    await expect(editor.locator('hr.print-page-break')).toHaveCount(1);
    await expect(editor.locator('.print-field')).toHaveCount(5);
    await expect(editor).toContainText('{T1.objectName}');
    await page.screenshot({ path: `${SHOTS}/designer.png` });

    const created = toastSeen(page, '新建成功');
    await designer.getByTestId('print-save').click();
    await created;
    await expect(designer).toBeHidden();
    await expect(table).toContainText(name);

    // Preview with a real user's data, chosen by the user selector.
    await table.locator('tr', { hasText: name }).getByTestId('print-preview-open').click();
    const chooser = page.getByTestId('print-record-dialog');
    await chooser.getByTestId('print-record-user').click();
    await page.keyboard.type('施雪');
    await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: '施雪/shixue' }).click();
    await expect(chooser.getByTestId('print-record-id')).not.toHaveValue('');
    await page.getByTestId('print-record-ok').click();
    const sheet = page.getByTestId('print-preview-page');
    await expect(sheet).toContainText('姓名：施雪 账号：shixue');
    await expect(sheet).toContainText('打印人：施雪/shixue');
    // One table row per organisation, position and role of the user.
    for (const kind of ['Organize', 'Position', 'Role'])
      await expect(sheet.locator('tr', { hasText: kind })).toHaveCount(1);
    await expect(sheet).not.toContainText('{');
    await expect(sheet.locator('.print-page-break')).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/preview.png` });

    const download = page.waitForEvent('download');
    await page.getByTestId('print-preview-download').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${name}.doc`);
    const content = fs.readFileSync((await file.path())!, 'utf8');
    expect(content).toContain('urn:schemas-microsoft-com:office:word');
    expect(content).toContain('施雪');

    await page.getByTestId('print-preview-cancel').click();
    await expect(page.getByTestId('print-preview-page')).toBeHidden();

    // The seeded employee form, for a record chosen by its id.
    const users = await request.get('/prod/api/permission/Users/All', { headers: { Authorization: token } });
    const xuming = ((await users.json()).data.list as { id: string; account: string }[]).find(
      (u) => u.account === 'xuming',
    )!;
    await table.locator('tr', { hasText: '员工信息登记表' }).getByTestId('print-preview-open').click();
    await page.getByTestId('print-record-id').fill(xuming.id);
    await page.getByTestId('print-record-ok').click();
    await expect(sheet).toContainText('员工信息登记表');
    await expect(sheet).toContainText('xuming');
    await expect(sheet).toContainText('打印人：施雪/shixue');
    await expect(sheet).toContainText(/打印时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    await page.screenshot({ path: `${SHOTS}/preview-seeded.png` });
    await page.getByTestId('print-preview-cancel').click();

    // The seeded template opens in the designer as it was written: its tags, tables and fields.
    await table.locator('tr', { hasText: '员工信息登记表' }).getByTestId('print-edit').click();
    const seeded = page.getByTestId('print-designer');
    await expect(seeded.locator('.ql-editor .print-field')).toHaveCount(13);
    await expect(seeded.locator('.ql-editor table')).toHaveCount(2);
    await expect(seeded.getByTestId('print-field-panel')).toContainText('objectCode');
    await page.screenshot({ path: `${SHOTS}/designer-seeded.png` });
    await seeded.getByRole('button', { name: /取\s*消/ }).click();
    await expect(seeded).toBeHidden();
  });
});
