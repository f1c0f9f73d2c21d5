import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn, toastSeen } from './helpers.ts';

const SHOTS = '/tmp/shots-dictionary';

const dialog = (page: Page) => page.getByRole('dialog');
const confirm = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定/ });

test.describe('dictionaries', () => {
  test("S2-7-23 S2-7-24 S1-2.2-06 zhuting adds an education item; HR then finds it in the user dialog's 学历 select", async ({
    browser,
    page,
  }) => {
    test.slow();
    fs.mkdirSync(SHOTS, { recursive: true });
    const code = `e2e${Date.now().toString(36)}`;
    const name = `博士后${code}`;

    // zhuting keeps the dictionaries: the screen opens on the first dictionary of the type tree.
    await page.goto('/login');
    await signIn(page, 'zhuting', 'demo1234');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/system/dictionary');
    await expect(page.getByTestId('dictionary-types')).toContainText('基础字典');
    await page.getByTestId('dictionary-type-education').click();
    await expect(page.getByTestId('dictionary-heading')).toContainText('学历');
    const items = page.getByTestId('dictionary-items');
    await expect(items).toContainText('本科');

    await page.getByTestId('dictionary-item-add').click();
    await dialog(page).getByLabel('名称').fill(name);
    await dialog(page).getByLabel('编码').fill(code);
    const saved = toastSeen(page, '新建成功');
    await confirm(page).click();
    await saved;
    await expect(items).toContainText(name);

    // The keyword search narrows the items to the new one.
    await page.getByTestId('admin-keyword').fill(code);
    await page.getByTestId('admin-search').click();
    await expect(items.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await page.getByTestId('admin-reset').click();
    await expect(items).toContainText('博士研究生');
    await page.screenshot({ path: `${SHOTS}/dictionary.png` });

    // A tree dictionary shows as a tree table.
    await page.getByTestId('dictionary-type-flowCategory').click();
    await expect(page.getByTestId('dictionary-heading')).toContainText('流程分类');
    await expect(items).toContainText('请假');
    await page.screenshot({ path: `${SHOTS}/dictionary-tree.png` });

    // The nation dictionary's own menu (type 4): read-only, with a keyword filter.
    await page.goto('/dictionary/nation');
    const nation = page.getByTestId('generic-dictionary-items');
    await expect(nation).toContainText('汉族');
    await expect(nation).toContainText('基诺族');
    await expect(page.getByTestId('dictionary-item-add')).toHaveCount(0);
    await page.screenshot({ path: `${SHOTS}/generic-dictionary.png` });
    await page.getByTestId('admin-keyword').fill('回');
    await page.getByTestId('admin-search').click();
    await expect(nation.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(nation).toContainText('回族');

    // HR, in a browser of its own, opens the user dialog: the new item is among the 学历 options.
    const hrContext = await browser.newContext({ locale: 'zh-CN' });
    const hr = await hrContext.newPage();
    await hr.goto('/login');
    await signIn(hr, 'hr', 'demo1234');
    await hr.waitForURL((url) => !url.pathname.startsWith('/login'));
    await hr.goto('/permission/user');
    await hr.getByTestId('user-add').click();
    const education = hr.getByTestId('user-education');
    await education.click();
    await education.locator('input').fill(code);
    await expect(hr.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name })).toBeVisible();
    await hr.screenshot({ path: `${SHOTS}/user-dialog-education.png` });
    await hr.keyboard.press('Escape');
    await hrContext.close();
  });
});
