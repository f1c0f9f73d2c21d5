import fs from 'node:fs';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { apiToken, openWithToken, toastSeen } from './helpers.ts';

const SHOTS = process.env.E2E_SHOTS ?? '';
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

/** A page of its own for each person: their sessions must not mix. */
async function personOf(browser: Browser, request: Parameters<typeof apiToken>[0], account: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const token = await apiToken(request, account, account === 'admin' ? 'admin123' : 'demo1234');
  return { page, open: (path: string) => openWithToken(page, token, path), close: () => context.close() };
}

/** Picks an option of an antd select by its text. */
async function choose(page: Page, select: Locator, text: string) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(text, { exact: true }).first().click();
}

/** Opens the row of the flow titled `title` in a flow list and waits for its detail page. */
async function openFromList(page: Page, title: string) {
  const row = page.getByTestId('flow-table').locator('tr', { hasText: title }).first();
  await expect(row).toBeVisible();
  await row.getByTestId('flow-title').click();
  await expect(page.getByTestId('flow-detail')).toBeVisible();
}

/** Launches an expense claim from the launch centre and answers the title it was given. */
async function launchExpense(page: Page, amount: string, description: string) {
  await expect(page.getByTestId('add-flow-page')).toBeVisible();
  await page.getByTestId('add-flow-page').getByText('费用报销', { exact: true }).click();
  const form = page.getByTestId('flow-form');
  await expect(form).toBeVisible();
  await choose(page, form.locator('.ant-form-item', { hasText: '费用类型' }).locator('.ant-select'), '差旅费');
  await form.locator('.ant-form-item', { hasText: '报销金额' }).locator('input').fill(amount);
  const date = form.locator('.ant-form-item', { hasText: '费用日期' }).locator('input');
  await date.click();
  await page
    .locator('.ant-picker-dropdown:visible .ant-picker-today-btn, .ant-picker-dropdown:visible .ant-picker-cell-today')
    .first()
    .click();
  await form.locator('.ant-form-item', { hasText: '费用说明' }).locator('textarea').fill(description);
  const launched = toastSeen(page, '成功');
  await page.getByTestId('flow-submit').click();
  await launched;
}

/** Acts on the open flow through the action's dialog: approve, reject to `rejectTo`, withdraw ... */
async function handle(page: Page, action: 'approve' | 'reject' | 'withdraw', opinion: string, rejectTo?: string) {
  await page.getByTestId(`flow-action-${action}`).click();
  const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('flow-dialog-opinion') });
  await expect(dialog).toBeVisible();
  if (rejectTo) await choose(page, dialog.getByTestId('flow-dialog-node'), rejectTo);
  await dialog.getByTestId('flow-dialog-opinion').fill(opinion);
  const done = toastSeen(page, '成功');
  await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
  await done;
}

test.describe('workflow: an expense claim from launch to approval', () => {
  test.use({ actionTimeout: 20_000 });

  test('S1-2.1-12 S1-1-05 S1-4-39 S2-3-43 S2-4-26 S2-7-67 staff launch an expense over the threshold; the manager approves, finance rejects back to him, both approve; the initiator sees it approved and HR sees the copy', async ({
    browser,
    request,
  }) => {
    test.slow();
    const description = `出差北京 ${Date.now().toString(36)}`;
    const staff = await personOf(browser, request, 'staff');
    const manager = await personOf(browser, request, 'manager');
    const finance = await personOf(browser, request, 'finance');
    const hr = await personOf(browser, request, 'hr');

    // 1. The staff member launches the claim from the launch centre.
    await staff.open('/workFlow/addFlow');
    await expect(staff.page.getByTestId('add-flow-page')).toContainText('费用报销');
    await shot(staff.page, 'workflow-01-launch-centre');
    await launchExpense(staff.page, '8000', description);

    // 2. The manager finds it in his to-dos (the menu counts it) and approves.
    await manager.open('/workFlow/flowTodo');
    await expect(manager.page.getByTestId('flow-table')).toContainText('费用报销');
    await shot(manager.page, 'workflow-02-todo');
    await openFromList(manager.page, '费用报销');
    await expect(manager.page.getByTestId('flow-form')).toContainText(description);
    await shot(manager.page, 'workflow-03-detail');
    await handle(manager.page, 'approve', '情况属实，同意');

    // 3. Finance (over 5 000) rejects it back to the manager with an opinion.
    await finance.open('/workFlow/flowTodo');
    await openFromList(finance.page, '费用报销');
    await handle(finance.page, 'reject', '发票抬头有误，请经理复核', '部门经理审批');

    // 4. The manager approves again; 5. finance approves.
    await manager.open('/workFlow/flowTodo');
    await openFromList(manager.page, '费用报销');
    await handle(manager.page, 'approve', '已复核');
    await finance.open('/workFlow/flowTodo');
    await openFromList(finance.page, '费用报销');
    await handle(finance.page, 'approve', '同意报销');

    // 6. The initiator sees it approved, with the whole record.
    await staff.open('/workFlow/flowLaunch');
    const mine = staff.page.getByTestId('flow-table').locator('tr', { hasText: '费用报销' }).first();
    await expect(mine).toContainText('审核通过');
    await openFromList(staff.page, '费用报销');
    await staff.page.getByRole('tab', { name: '审批记录' }).click();
    const records = staff.page.getByTestId('flow-records');
    await expect(records).toContainText('情况属实，同意');
    await expect(records).toContainText('发票抬头有误，请经理复核');
    await expect(records).toContainText('已复核');
    await expect(records).toContainText('同意报销');
    await shot(staff.page, 'workflow-04-records');
    // The summary by node: the manager's node was handled twice (approved, then again after the return).
    await staff.page.getByTestId('flow-record-view').getByText('按节点汇总').click();
    const managerNode = staff.page
      .getByTestId('flow-record-summary-node')
      .getByTestId('flow-record-group')
      .filter({ hasText: '部门经理审批' });
    await expect(managerNode).toContainText('情况属实，同意');
    await expect(managerNode).toContainText('已复核');
    await expect(managerNode).not.toContainText('同意报销');
    await staff.page.getByTestId('flow-record-view').getByText('按人员汇总').click();
    await expect(
      staff.page
        .getByTestId('flow-record-summary-user')
        .getByTestId('flow-record-group')
        .filter({ hasText: 'finance' }),
    ).toContainText('同意报销');
    await shot(staff.page, 'workflow-04b-record-summary');
    await staff.page.getByRole('tab', { name: '流程信息' }).click();
    await expect(staff.page.getByTestId('flow-route')).toContainText('财务审批');
    await shot(staff.page, 'workflow-05-route');

    // 7. HR, copied by the flow, finds it in CC.
    await hr.open('/workFlow/flowCirculate');
    await expect(hr.page.getByTestId('flow-table')).toContainText('费用报销');
    await openFromList(hr.page, '费用报销');
    await expect(hr.page.getByTestId('flow-form')).toContainText(description);

    for (const person of [staff, manager, finance, hr]) await person.close();
  });

  test('S2-7-73 S2-7-74 the initiator urges a running claim and withdraws it', async ({ browser, request }) => {
    test.slow();
    const staff = await personOf(browser, request, 'staff');
    await staff.open('/workFlow/addFlow');
    await launchExpense(staff.page, '300', `办公用品 ${Date.now().toString(36)}`);

    await staff.open('/workFlow/flowLaunch');
    await openFromList(staff.page, '费用报销');
    const urged = toastSeen(staff.page, '成功');
    await staff.page.getByTestId('flow-action-urge').click();
    await urged;

    await staff.open('/workFlow/flowLaunch');
    await openFromList(staff.page, '费用报销');
    await handle(staff.page, 'withdraw', '填错了，撤回重填');
    await staff.open('/workFlow/flowLaunch');
    await expect(staff.page.getByTestId('flow-table').locator('tr', { hasText: '费用报销' }).first()).toContainText(
      '流程撤回',
    );
    await staff.close();
  });
});
