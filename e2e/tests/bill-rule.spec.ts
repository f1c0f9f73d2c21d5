import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiToken, signIn, toastSeen, answerConfirm } from './helpers.ts';

const SHOTS = '/tmp/shots-bill-rule';

const dialog = (page: Page) => page.getByRole('dialog');
const confirm = (page: Page) => dialog(page).getByRole('button', { name: /确\s*定/ });
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}`;
};
const rowOf = (page: Page, text: string) =>
  page.getByTestId('bill-rule-table').locator('tbody tr.ant-table-row', { hasText: text });

test.describe('bill rules', () => {
  test('S2-7-54 S2-7-55 S2-2-19 S2-4-30 hexin adds a rule with a live example, issues from it, copies a template, exports and deletes', async ({
    page,
  }) => {
    test.slow();
    fs.mkdirSync(SHOTS, { recursive: true });
    const stamp = Date.now().toString(36);
    const code = `e2e${stamp}`;
    const copyCode = `e2ecopy${stamp}`;

    await page.goto('/login');
    await signIn(page, 'hexin', 'demo1234');
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/system/billRule');
    const table = page.getByTestId('bill-rule-table');
    await expect(table).toContainText('请假单');
    await expect(table).toContainText(`QJ${today()}`);

    // The business categories on the left filter the list.
    const tree = page.getByTestId('business-type-tree');
    await tree.getByText('人事').click();
    await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await expect(table).toContainText('请假单');
    await tree.getByText('全部分类').click();
    await expect(table).toContainText('采购单');
    await page.screenshot({ path: `${SHOTS}/list.png` });

    // A new rule: the example follows what is typed.
    await page.getByTestId('bill-rule-add').click();
    await dialog(page).getByLabel('业务名称').fill(`入库单${stamp}`);
    await dialog(page).getByLabel('业务编码').fill(code);
    await dialog(page).getByLabel('流水前缀').fill('RK');
    const example = dialog(page).getByTestId('bill-rule-example');
    await expect(example).toHaveText(`RK${today()}0001`);
    await dialog(page).getByLabel('流水位数').fill('6');
    await dialog(page).getByLabel('流水起始').fill('5');
    await expect(example).toHaveText(`RK${today()}000005`);
    await dialog(page).getByTestId('bill-rule-category').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '采购' }).click();
    await page.screenshot({ path: `${SHOTS}/add-dialog.png` });
    const created = toastSeen(page, '新建成功');
    await confirm(page).click();
    await created;
    await expect(rowOf(page, code)).toContainText(`RK${today()}000005`);

    // A form takes two numbers; the list shows the last one and the next.
    const token = await apiToken(page.request, 'hexin', 'demo1234');
    for (const serial of ['000005', '000006']) {
      const body = await (
        await page.request.get(`/prod/api/system/BillRule/BillNumber/${code}`, { headers: { Authorization: token } })
      ).json();
      expect(body.data).toBe(`RK${today()}${serial}`);
    }
    await page.getByRole('button', { name: '刷新' }).click();
    await expect(rowOf(page, code)).toContainText(`RK${today()}000006`);
    await expect(rowOf(page, code)).toContainText(`RK${today()}000007`);

    // Once numbers are issued, the parts of the number are read-only.
    await rowOf(page, code).getByTestId('bill-rule-edit').click();
    await expect(dialog(page)).toContainText('该规则已发放过单据号');
    await expect(dialog(page).getByTestId('bill-rule-prefix')).toBeDisabled();
    await page.screenshot({ path: `${SHOTS}/edit-issued.png` });
    await dialog(page)
      .getByRole('button', { name: /取\s*消/ })
      .click();

    // Copy from a template: the 模板 dialog, its categories and keyword.
    await page.getByTestId('bill-rule-from-template').click();
    const templates = page.getByTestId('bill-template-dialog');
    await expect(dialog(page).filter({ has: templates })).toContainText('模板');
    await expect(templates).toContainText('业务名称');
    await templates.getByText('财务').click();
    await expect(templates.locator('tbody tr.ant-table-row')).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/template-dialog.png` });
    await templates.getByText('报销单').dblclick();
    // The template dialog fades out while the rule dialog opens: until it has gone, its OK is a
    // second one in the page.
    await expect(templates).toBeHidden();
    await expect(dialog(page).getByLabel('流水前缀')).toHaveValue('BX');
    await expect(dialog(page).getByLabel('业务编码')).toHaveValue('');
    await dialog(page).getByLabel('业务名称').fill(`差旅报销${stamp}`);
    await dialog(page).getByLabel('业务编码').fill(copyCode);
    const copied = toastSeen(page, '新建成功');
    await confirm(page).click();
    await copied;
    await expect(rowOf(page, copyCode)).toContainText('BX');

    // Disable the copy, export it, then delete it (it issued nothing).
    const switched = toastSeen(page, '修改成功');
    await rowOf(page, copyCode).getByRole('switch').click();
    await switched;
    await expect(rowOf(page, copyCode)).toContainText('禁用');
    const download = page.waitForEvent('download');
    await rowOf(page, copyCode).getByTestId('bill-rule-export').click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`差旅报销${stamp}.json`);
    const exported = JSON.parse(fs.readFileSync(await file.path(), 'utf8'));
    expect(exported).toMatchObject({ enCode: copyCode, prefix: 'BX', dateFormat: 'yyyyMM' });
    await rowOf(page, copyCode).getByTestId('bill-rule-remove').click();
    const removed = toastSeen(page, '删除成功');
    await answerConfirm(page, '此操作将永久删除该数据', 'dangerous');
    await removed;
    await expect(rowOf(page, copyCode)).toHaveCount(0);

    // The rule with issued numbers cannot be deleted.
    await rowOf(page, code).getByTestId('bill-rule-remove').click();
    const refused = toastSeen(page, '该规则已发放过单据号，不能删除');
    await answerConfirm(page, '此操作将永久删除该数据', 'dangerous');
    await refused;
    await expect(rowOf(page, code)).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/after.png` });
  });
});
