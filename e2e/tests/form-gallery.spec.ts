import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers.ts';

const SHOTS = '/tmp/shots-form-gallery';

/** A gallery field by its model name (the renderer gives each input the id fr_<path>). */
const input = (page: Page, vModel: string) => page.locator(`#fr_${vModel}`);
const item = (page: Page, vModel: string) => page.locator(`[data-field="${vModel}"]`);

test.describe('widget gallery', () => {
  test('S2-2-40 S2-5-19 S2-5-22 S2-5-40 admin fills several kinds, sees the validation messages, adds priced rows and submits through the server', async ({
    page,
  }) => {
    test.slow();
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/login');
    await signIn(page, 'admin', 'admin123');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    // The gallery is reachable from the extension demos menu.
    await page.getByRole('menuitem', { name: /扩展示例/ }).click();
    await page.getByRole('menuitem', { name: /组件示例/ }).click();
    await page.waitForURL(/\/example\/formGallery/);
    const gallery = page.getByTestId('form-gallery');
    await expect(
      gallery.getByRole('heading', { name: '组件示例' }).or(gallery.getByText('组件示例').first()),
    ).toBeVisible();
    await expect(input(page, 'comInputField101')).toBeVisible();

    // Submitting the empty form shows each required message on its field; nothing is sent.
    await page.getByTestId('gallery-submit').click();
    await expect(item(page, 'comInputField101')).toContainText('请输入单行输入');
    await expect(item(page, 'numInputField105')).toContainText('请输入数字输入');
    await expect(item(page, 'radioField108')).toContainText('请选择单选框组');
    await expect(item(page, 'selectField110')).toContainText('请选择下拉选择');

    // Pattern rules answer on blur with their messages.
    await input(page, 'comInputField102').fill('12345');
    await input(page, 'comInputField102').blur();
    await expect(item(page, 'comInputField102')).toContainText('请输入正确的手机号码');
    await input(page, 'comInputField103').fill('not-an-email');
    await input(page, 'comInputField103').blur();
    await expect(item(page, 'comInputField103')).toContainText('请输入正确的邮箱');
    await input(page, 'comInputField102').fill('13800138000');
    await input(page, 'comInputField103').fill('admin@example.com');
    await input(page, 'comInputField103').blur();
    await expect(item(page, 'comInputField102')).not.toContainText('请输入正确的手机号码');
    await expect(item(page, 'comInputField103')).not.toContainText('请输入正确的邮箱');

    // Text, number, radio, select; the barcode follows the text field.
    await input(page, 'comInputField101').fill('ATRIUM2026');
    await expect(item(page, 'comInputField101')).not.toContainText('请输入单行输入');
    await expect(page.locator('svg[data-barcode="ATRIUM2026"]')).toBeVisible();
    await input(page, 'numInputField105').fill('1234.5');
    await input(page, 'numInputField105').blur();
    await expect(input(page, 'numInputField105')).toHaveValue('1,234.50');
    await item(page, 'radioField108').getByText('高', { exact: true }).click();
    await expect(item(page, 'radioField108')).not.toContainText('请选择单选框组');
    await input(page, 'selectField110').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '中' }).click();
    await expect(item(page, 'selectField110')).not.toContainText('请选择下拉选择');
    await item(page, 'switchField107').getByRole('switch').click();

    // The sub-table: a row with an empty required cell blocks the submit with the cell message.
    const table = page.getByTestId('sub-table-tableField140');
    await table.getByRole('button', { name: '添加' }).click();
    await page.getByTestId('gallery-submit').click();
    await expect(table).toContainText('品名不能为空');
    await expect(page.getByTestId('gallery-saved')).toHaveCount(0);

    // Price x quantity gives the row amount; the summary row and the total follow.
    const row = table.locator('[data-row]').first();
    await row.locator('[id$="_comInputField141"]').fill('铅笔');
    await row.locator('[id$="_numInputField142"]').fill('2.5');
    await row.locator('[id$="_numInputField143"]').fill('4');
    await row.locator('[id$="_numInputField143"]').blur();
    await expect(table).not.toContainText('品名不能为空');
    await expect(row).toContainText('10.00');
    await table.getByRole('button', { name: '添加' }).click();
    const second = table.locator('[data-row]').nth(1);
    await second.locator('[id$="_comInputField141"]').fill('橡皮');
    await second.locator('[id$="_numInputField142"]').fill('1.2');
    await second.locator('[id$="_numInputField143"]').fill('3');
    await second.locator('[id$="_numInputField143"]').blur();
    const summary = page.getByTestId('summary-tableField140');
    await expect(summary).toContainText('合计');
    await expect(summary.locator('[data-summary="numInputField143"]')).toHaveText('7');
    await expect(summary.locator('[data-summary="calculateField144"]')).toHaveText('13.60');
    await expect(item(page, 'calculateField146')).toContainText('13.60');
    await page.screenshot({ path: `${SHOTS}/filled.png`, fullPage: true });

    // The server validates the same form and answers the values it kept.
    await page.getByTestId('gallery-submit').click();
    const saved = page.getByTestId('gallery-saved');
    await expect(saved).toBeVisible();
    await expect(saved).toContainText('"comInputField101": "ATRIUM2026"');
    await expect(saved).toContainText('"calculateField146": 13.6');
    await expect(saved).toContainText('"comInputField141": "铅笔"');

    // The detail view shows the record read-only in a dialog titled 详情.
    await page.getByRole('button', { name: '查看详情' }).click();
    const detail = page.getByRole('dialog');
    await expect(detail).toContainText('详情');
    await expect(detail).toContainText('ATRIUM2026');
    await expect(detail.locator('#fr_comInputField101')).not.toHaveJSProperty('tagName', 'INPUT');
    await page.screenshot({ path: `${SHOTS}/detail.png` });
    await detail.getByRole('button', { name: /取\s*消/ }).click();
    await expect(detail).toHaveCount(0);
  });
});
