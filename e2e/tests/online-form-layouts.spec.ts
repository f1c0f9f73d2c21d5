import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiToken, openWithToken } from './helpers.ts';

const SHOTS = '/tmp/shots-online-form-layouts';

const field = (jnpfKey: string, vModel: string, label: string, extra: Record<string, unknown> = {}) => {
  const { config, ...props } = extra as { config?: Record<string, unknown> };
  return { __config__: { jnpfKey, label, layout: 'colFormItem', span: 12, ...config }, __vModel__: vModel, ...props };
};

/** A visit log whose phone layout titles each card by the visitor and shows the host and the headcount. */
const formData = {
  popupType: 'general',
  generalWidth: '720px',
  labelWidth: 90,
  fields: [
    field('comInput', 'host', '接待人', { config: { required: true } }),
    field('comInput', 'visitor', '来访单位', { config: { required: true } }),
    field('numInput', 'people', '来访人数', { precision: 0 }),
    field('comInput', 'purpose', '来访事由'),
  ],
};

const columnData = {
  type: 1,
  columnList: [
    { label: '接待人', prop: 'host', width: 140 },
    { label: '来访单位', prop: 'visitor', width: 200 },
    { label: '来访人数', prop: 'people', width: 120, align: 'right' },
    { label: '来访事由', prop: 'purpose', width: 200 },
  ],
  searchList: [
    { label: '接待人', prop: 'host', searchType: 2 },
    { label: '来访单位', prop: 'visitor', searchType: 2 },
  ],
  hasPage: true,
  pageSize: 20,
  sort: 'desc',
  showSummary: true,
  summaryField: ['people'],
  btnsList: [{ value: 'add', label: '新增' }],
  columnBtnsList: [
    { value: 'edit', label: '编辑' },
    { value: 'detail', label: '详情' },
  ],
};

const appData = {
  titleField: 'visitor',
  lineFields: ['people', 'host'],
  searchFields: ['visitor'],
  formFields: ['visitor', 'purpose'],
};

interface Created {
  modelId: string;
  menuId: string;
  enCode: string;
}

/** Creates the model with its phone layout, releases it and adds two visits. */
async function createModel(request: APIRequestContext, token: string): Promise<Created> {
  const as = { headers: { Authorization: token } };
  const enCode = `e2evisit${Date.now().toString(36)}`;
  const created = await (
    await request.post('/prod/api/visualdev/Base', {
      ...as,
      data: {
        fullName: `来访登记${enCode.slice(-4)}`,
        enCode,
        formData: JSON.stringify(formData),
        columnData: JSON.stringify(columnData),
        appData: JSON.stringify(appData),
      },
    })
  ).json();
  expect(created.code, created.msg).toBe(200);
  const modelId: string = created.data.id;
  const systems = (await (await request.get('/prod/api/system/System', as)).json()).data.list as { id: string }[];
  const released = await (
    await request.post(`/prod/api/visualdev/Base/${modelId}/Actions/Release`, {
      ...as,
      data: { pcModuleParentId: '-1', pcSystemId: systems[0]!.id },
    })
  ).json();
  expect(released.code, released.msg).toBe(200);
  for (const visit of [
    { host: '王敏', visitor: '星河科技', people: 3, purpose: '商务洽谈' },
    { host: '李雷', visitor: '云杉咨询', people: 2, purpose: '项目验收' },
  ]) {
    const added = await (
      await request.post(`/prod/api/visualdev/OnlineDev/${modelId}`, { ...as, data: { data: JSON.stringify(visit) } })
    ).json();
    expect(added.code, added.msg).toBe(200);
  }
  const info = (await (await request.get(`/prod/api/visualdev/Base/${modelId}`, as)).json()).data;
  return { modelId, menuId: info.menuId, enCode };
}

async function removeModel(request: APIRequestContext, token: string, created: Created | undefined) {
  if (!created) return;
  const as = { headers: { Authorization: token } };
  if (created.menuId) await request.delete(`/prod/api/system/Menu/${created.menuId}`, as);
  await request.delete(`/prod/api/visualdev/Base/${created.modelId}`, as);
}

test.describe('online form list types and phone layout', () => {
  test('the asset register filters by its category tree; a phone lays the cards out by the phone layout', async ({
    page,
    request,
  }) => {
    test.slow();
    fs.mkdirSync(SHOTS, { recursive: true });
    const token = await apiToken(request, 'admin', 'admin123');

    // The seeded asset register: a dictionary tree on the left filters the list by category.
    await page.setViewportSize({ width: 1440, height: 900 });
    await openWithToken(page, token, '/onlineForm/demoAsset');
    const table = page.getByTestId('online-table');
    const rows = table.locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(5);
    await expect(table).toContainText('268,000.00');
    const tree = page.getByTestId('online-tree');
    await expect(page.getByTestId('admin-tree-panel')).toContainText('资产分类');
    await tree.getByText('显示器', { exact: true }).click();
    await expect(rows).toHaveCount(1);
    await expect(table).toContainText('戴尔 27 寸显示器');
    // A parent node stands for its whole branch.
    await tree.getByText('信息设备', { exact: true }).click();
    await expect(rows).toHaveCount(2);
    await expect(table).toContainText('ThinkPad X1');
    await expect(table).not.toContainText('升降办公桌');
    await page.screenshot({ path: `${SHOTS}/asset-tree-desktop.png` });
    // Choosing the node again shows every record.
    await tree.getByText('信息设备', { exact: true }).click();
    await expect(rows).toHaveCount(5);

    // The contract list: a total row under the table.
    await openWithToken(page, token, '/onlineForm/demoContract');
    await expect(page.getByTestId('online-summary')).toContainText('1,725,000.50');
    await page.screenshot({ path: `${SHOTS}/contract-summary-desktop.png` });
    // Batch print: two selected contracts, each on a sheet of its own, through the list's template.
    const batchPrint = page.getByRole('button', { name: /批量打印/ });
    await expect(batchPrint).toBeDisabled();
    for (const no of ['HT2026000001', 'HT2026000003'])
      await page
        .getByRole('row', { name: new RegExp(no) })
        .getByRole('checkbox')
        .check();
    await batchPrint.click();
    const sheets = page.getByTestId('print-preview-page');
    await expect(sheets).toHaveCount(2);
    // In the list's order (newest signed first).
    await expect(sheets.nth(0)).toContainText('HT2026000003');
    await expect(sheets.nth(0)).toContainText('咨询服务');
    await expect(sheets.nth(1)).toContainText('HT2026000001');
    await page.screenshot({ path: `${SHOTS}/contract-batch-print.png` });
    await page.getByRole('button', { name: /取\s*消/ }).click();
    await expect(sheets).toHaveCount(0);

    let created: Created | undefined;
    try {
      created = await createModel(request, token);
      await page.setViewportSize({ width: 390, height: 844 });
      await openWithToken(page, token, `/onlineForm/${created.enCode}`);
      const cards = page.getByTestId('online-card');
      await expect(cards).toHaveCount(2);
      const card = cards.filter({ hasText: '星河科技' });
      await expect(card.getByTestId('online-card-title')).toHaveText('星河科技');
      await expect(card.getByTestId('online-card-line')).toHaveText(['来访人数3', '接待人王敏']);
      await expect(page.getByTestId('online-card-totals')).toContainText('5');
      // Only the layout's search field.
      const search = page.getByTestId('online-search');
      await expect(search).toContainText('来访单位');
      await expect(search).not.toContainText('接待人');
      await page.screenshot({ path: `${SHOTS}/visits-phone.png` });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);

      // The form in the layout's order: the named fields first, the others after them.
      await card.getByTestId('online-edit').click();
      const body = page.getByTestId('online-form-body');
      await expect(body.locator('#fr_visitor')).toHaveValue('星河科技');
      const order = await body
        .locator('[data-field]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-field')));
      expect(order).toEqual(['visitor', 'purpose', 'host', 'people']);
      await page.screenshot({ path: `${SHOTS}/visits-form-phone.png` });
      await page.getByTestId('online-form-cancel').click();
    } finally {
      await removeModel(request, token, created);
    }
  });
});
