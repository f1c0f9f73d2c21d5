import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn, toastSeen } from './helpers.ts';

const SHOTS = '/tmp/shots-area';

const dialog = (page: Page) => page.getByRole('dialog');
const confirm = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定/ });
const rowOf = (page: Page, key: string) => page.getByTestId('area-table').locator(`tbody tr[data-row-key="${key}"]`);
/** Clicks an entry of the open cascader's column `column` (0 = provinces). */
const pick = (page: Page, column: number, name: string) =>
  page
    .locator('.ant-cascader-dropdown:visible .ant-cascader-menu')
    .nth(column)
    .getByRole('menuitemcheckbox', { name, exact: true })
    .or(
      page
        .locator('.ant-cascader-dropdown:visible .ant-cascader-menu')
        .nth(column)
        .locator('.ant-cascader-menu-item', { hasText: name }),
    )
    .first()
    .click();

test.describe('administrative areas', () => {
  test('S2-2-38 S2-7-22 S2-7-42 S2-7-43 S1-4-40 xuming picks a district in the address picker, sees its full path, and keeps a sub-area', async ({
    page,
  }) => {
    test.slow();
    fs.mkdirSync(SHOTS, { recursive: true });
    const code = `e2e${Date.now().toString(36)}`;

    await page.goto('/login');
    await signIn(page, 'xuming', 'demo1234');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/system/area');
    const table = page.getByTestId('area-table');
    // The first page of a cold server on a busy machine can take a while.
    await expect(rowOf(page, '110000')).toContainText('北京市', { timeout: 30_000 });
    await expect(rowOf(page, '440000')).toContainText('广东省');

    // The tree opens level by level.
    await rowOf(page, '440000').locator('.ant-table-row-expand-icon').click();
    await expect(rowOf(page, '440300')).toContainText('深圳市');
    await page.screenshot({ path: `${SHOTS}/tree.png` });

    // The address picker: province, city, district; the field then reads the whole path.
    await page.getByTestId('area-locate').click();
    await pick(page, 0, '北京市');
    await pick(page, 1, '北京市');
    await expect(page.locator('.ant-cascader-dropdown:visible')).toContainText('朝阳区');
    await page.screenshot({ path: `${SHOTS}/picker-open.png` });
    await pick(page, 2, '朝阳区');
    await expect(page.getByTestId('area-locate')).toContainText('北京市/北京市/朝阳区');
    await page.screenshot({ path: `${SHOTS}/picked.png` });
    // ...and the table opens at that district.
    await expect(rowOf(page, '110105')).toBeVisible();
    await expect(rowOf(page, '110105')).toContainText('朝阳区');
    await expect(page.getByTestId('area-located')).toHaveText('已定位：北京市/北京市/朝阳区');
    await page.screenshot({ path: `${SHOTS}/located.png` });

    // A sub-area under the located district.
    await rowOf(page, '110105').getByTestId('area-add-child').click();
    await expect(dialog(page).getByTestId('area-parent')).toContainText('北京市/北京市/朝阳区');
    await dialog(page).getByLabel('区域名称').fill(`测试街道${code}`);
    await dialog(page).getByTestId('area-code').fill(code);
    await page.screenshot({ path: `${SHOTS}/add-dialog.png` });
    const created = toastSeen(page, '新建成功');
    await confirm(page).click();
    await created;
    const newRow = table.locator('tbody tr', { hasText: code });
    await expect(newRow).toContainText('街道');

    // Disable it with the state switch, then delete it.
    const saved = toastSeen(page, '修改成功');
    await newRow.getByRole('switch').click();
    await saved;
    await expect(newRow.getByRole('switch')).not.toBeChecked();
    await newRow.getByTestId('area-remove').click();
    const removed = toastSeen(page, '删除成功');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await removed;
    await expect(table.locator('tbody tr', { hasText: code })).toHaveCount(0);

    // A keyword searches every level and shows where each match is.
    await page.getByTestId('admin-keyword').fill('南山区');
    await page.getByTestId('admin-search').click();
    await expect(rowOf(page, '440305')).toContainText('广东省/深圳市/南山区');
    await page.screenshot({ path: `${SHOTS}/search.png` });

    // An area with sub-areas cannot be deleted.
    await page.getByTestId('admin-reset').click();
    await rowOf(page, '110000').getByTestId('area-remove').click();
    const refused = toastSeen(page, '不能删除');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await refused;
    await expect(rowOf(page, '110000')).toBeVisible();
  });
});
