import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiToken, openWithToken, toastSeen, answerConfirm } from './helpers.ts';

const SHOTS = '/tmp/shots-online-form';

const field = (jnpfKey: string, vModel: string, label: string, extra: Record<string, unknown> = {}) => {
  const { config, ...props } = extra as { config?: Record<string, unknown> };
  return { __config__: { jnpfKey, label, layout: 'colFormItem', span: 12, ...config }, __vModel__: vModel, ...props };
};

/** An order register: a required name, an amount, a status with fixed options and its lines. */
const formData = {
  popupType: 'general',
  generalWidth: '720px',
  labelWidth: 90,
  gutter: 15,
  concurrencyLock: true,
  fields: [
    field('comInput', 'title', '订单名称', { config: { required: true } }),
    field('numInput', 'amount', '订单金额', { precision: 2 }),
    field('select', 'status', '订单状态', {
      __slot__: {
        options: [
          { id: 'open', fullName: '进行中' },
          { id: 'done', fullName: '已完成' },
        ],
      },
    }),
    {
      __config__: {
        jnpfKey: 'table',
        label: '订单明细',
        layout: 'rowFormItem',
        span: 24,
        children: [field('comInput', 'item', '品名', { config: { required: true } }), field('numInput', 'qty', '数量')],
      },
      __vModel__: 'lines',
    },
  ],
};

const columnData = {
  type: 1,
  columnList: [
    { label: '订单名称', prop: 'title', width: 220 },
    { label: '订单金额', prop: 'amount', sortable: true, align: 'right', width: 160 },
    { label: '订单状态', prop: 'status', width: 160 },
  ],
  searchList: [{ label: '订单名称', prop: 'title', searchType: 2 }],
  hasPage: true,
  pageSize: 20,
  sort: 'desc',
  useBtnPermission: true,
  btnsList: [
    { value: 'add', label: '新增' },
    { value: 'batchRemove', label: '批量删除' },
  ],
  columnBtnsList: [
    { value: 'edit', label: '编辑' },
    { value: 'remove', label: '删除' },
    { value: 'detail', label: '详情' },
  ],
};

interface Created {
  modelId: string;
  menuId: string;
  fullName: string;
  enCode: string;
}

/** Creates the model and releases it to the top level of the first system. */
async function createModel(request: APIRequestContext, token: string): Promise<Created> {
  const as = { headers: { Authorization: token } };
  const suffix = Date.now().toString(36);
  const enCode = `e2eorder${suffix}`;
  const fullName = `订单登记${suffix}`;
  const created = await (
    await request.post('/prod/api/visualdev/Base', {
      ...as,
      data: { fullName, enCode, formData: JSON.stringify(formData), columnData: JSON.stringify(columnData) },
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
  const info = (await (await request.get(`/prod/api/visualdev/Base/${modelId}`, as)).json()).data;
  return { modelId, menuId: info.menuId, fullName, enCode };
}

async function removeModel(request: APIRequestContext, token: string, created: Created | undefined) {
  if (!created) return;
  const as = { headers: { Authorization: token } };
  if (created.menuId)
    expect((await (await request.delete(`/prod/api/system/Menu/${created.menuId}`, as)).json()).code).toBe(200);
  expect((await (await request.delete(`/prod/api/visualdev/Base/${created.modelId}`, as)).json()).code).toBe(200);
}

const dialogOf = (page: Page) => page.locator('.ant-modal').filter({ has: page.getByTestId('online-form-body') });

/** Fills the add/edit dialog: name, amount, status and the lines (an empty item leaves the cell empty). */
async function fillRecord(page: Page, values: { title: string; amount: string; status: string; items: string[] }) {
  const dialog = dialogOf(page);
  await dialog.locator('#fr_title').fill(values.title);
  await dialog.locator('#fr_amount').fill(values.amount);
  await dialog.locator('#fr_status').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: values.status }).click();
  for (const [i, item] of values.items.entries()) {
    await dialog.getByRole('button', { name: /添\s*加/ }).click();
    if (item) await dialog.locator('[data-cell$=".item"] input').nth(i).fill(item);
  }
}

/** No element reaches past the right edge of the screen. */
async function expectNoOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'horizontal overflow in px').toBeLessThanOrEqual(0);
}

test.describe('online form (a released model behind its menu entry)', () => {
  test('S1-2.2-05 S2-7-88 S2-7-89 S2-7-90 S2-7-91 S2-7-92 the menu entry opens the model page: add, search, edit, detail, delete, phone', async ({
    page,
    request,
  }) => {
    test.slow();
    fs.mkdirSync(SHOTS, { recursive: true });
    const token = await apiToken(request, 'admin', 'admin123');
    let created: Created | undefined;
    try {
      created = await createModel(request, token);
      const { fullName, enCode } = created;

      // The new type 3 entry is in the side menu and opens the generated page.
      await page.setViewportSize({ width: 1440, height: 900 });
      await openWithToken(page, token, '/home');
      // Entries beyond the top menu's width sit under its 'More' item (other scenarios add some).
      await expect(page.getByRole('menuitem', { name: /工作台/ }).first()).toBeVisible();
      const entry = page.getByRole('menuitem', { name: fullName });
      if (!(await entry.isVisible())) await page.getByTestId('top-menu-more').hover();
      await entry.click();
      await page.waitForURL(new RegExp(`/onlineForm/${enCode}$`));
      const table = page.getByTestId('online-table');
      await expect(table).toContainText('暂无数据');
      await expect(page.getByTestId('online-search')).toContainText('订单名称');
      await expect(page.getByTestId('not-found-page')).toHaveCount(0);

      // Batch delete with nothing selected says so.
      const nothing = toastSeen(page, '请选择一条数据');
      await page.getByTestId('online-batch-remove').click();
      await nothing;

      // First record: refused in the browser while a required cell of its lines is empty.
      await page.getByTestId('online-add').click();
      await fillRecord(page, { title: '华东季度采购', amount: '1200', status: '进行中', items: [''] });
      await page.getByTestId('online-form-save').click();
      const dialog = dialogOf(page);
      await expect(dialog.getByRole('alert').filter({ hasText: '品名不能为空' })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/add-refused-zh-desktop.png` });
      await dialog.locator('[data-cell$=".item"] input').first().fill('打印纸');
      const added = toastSeen(page, '新建成功');
      await page.getByTestId('online-form-save').click();
      await added;
      await expect(dialog).toBeHidden();
      await expect(table).toContainText('华东季度采购');
      await expect(table).toContainText('1200.00');
      await expect(table).toContainText('进行中');

      // Second record.
      await page.getByTestId('online-add').click();
      await fillRecord(page, { title: '华南年度框架', amount: '560.5', status: '已完成', items: ['显示器', '键盘'] });
      const second = toastSeen(page, '新建成功');
      await page.getByTestId('online-form-save').click();
      await second;
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);

      // Search by the fuzzy name.
      await page.locator('#fr_q_title').fill('华南');
      await page.getByTestId('online-search-submit').click();
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
      await expect(table).toContainText('华南年度框架');
      await page.screenshot({ path: `${SHOTS}/searched-zh-desktop.png` });
      await page.getByTestId('online-search-reset').click();
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(2);

      // Edit: the stored values come back, the change is saved under the record's version.
      await table.locator('tr', { hasText: '华南年度框架' }).getByTestId('online-edit').click();
      await expect(dialog.locator('#fr_title')).toHaveValue('华南年度框架');
      await expect(dialog.locator('[data-cell$=".item"] input')).toHaveCount(2);
      await dialog.locator('#fr_amount').fill('880');
      const saved = toastSeen(page, '修改成功');
      await page.getByTestId('online-form-save').click();
      await saved;
      await expect(table.locator('tr', { hasText: '华南年度框架' })).toContainText('880.00');

      // Detail: the record as people read it, titled 详情.
      await table.locator('tr', { hasText: '华南年度框架' }).getByTestId('online-detail').click();
      const detail = page.locator('.ant-modal').filter({ hasText: '详情' });
      await expect(detail).toContainText('已完成');
      await expect(detail).toContainText('显示器');
      await page.screenshot({ path: `${SHOTS}/detail-zh-desktop.png` });
      await detail.getByRole('button', { name: /取\s*消/ }).click();
      await expect(detail).toBeHidden();
      await page.screenshot({ path: `${SHOTS}/list-zh-desktop.png` });

      // Phone: cards with the same actions, nothing past the screen's edge.
      await page.setViewportSize({ width: 390, height: 844 });
      const cards = page.getByTestId('online-card');
      await expect(cards).toHaveCount(2);
      await expect(cards.first()).toContainText('订单金额');
      await expect(cards.first().getByTestId('online-edit')).toBeVisible();
      await expectNoOverflow(page);
      await page.screenshot({ path: `${SHOTS}/list-zh-phone.png` });
      await cards.filter({ hasText: '华南年度框架' }).getByTestId('online-edit').click();
      await expect(dialog.locator('#fr_title')).toHaveValue('华南年度框架');
      await expectNoOverflow(page);
      await page.screenshot({ path: `${SHOTS}/edit-zh-phone.png` });
      await page.getByTestId('online-form-cancel').click();
      await expect(dialog).toBeHidden();

      // Delete with the confirmation.
      await page.setViewportSize({ width: 1440, height: 900 });
      await table.locator('tr', { hasText: '华东季度采购' }).getByTestId('online-remove').click();
      await expect(page.locator('.ant-modal-confirm')).toContainText('此操作将永久删除该数据，是否继续？');
      const removed = toastSeen(page, '删除成功');
      await answerConfirm(page, '此操作将永久删除该数据', 'dangerous');
      await removed;
      await expect(table.locator('tbody tr.ant-table-row')).toHaveCount(1);
      await expect(table).not.toContainText('华东季度采购');

      // English: the same page in the other language, desktop and phone.
      await page.evaluate(() => localStorage.setItem('ATRIUM__LANGUAGE', JSON.stringify('en-US') + '__string'));
      await page.reload();
      await expect(table).toContainText('华南年度框架');
      await expect(page.getByTestId('online-add')).toContainText('New');
      await expect(page.getByTestId('online-batch-remove')).toContainText('Delete selected');
      await page.screenshot({ path: `${SHOTS}/list-en-desktop.png` });
      await page.getByTestId('online-add').click();
      await expect(dialog.locator('#fr_title')).toBeVisible();
      await page.getByTestId('online-form-save').click();
      await expect(dialog.getByRole('alert').first()).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/add-refused-en-desktop.png` });
      await page.getByTestId('online-form-cancel').click();
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(cards).toHaveCount(1);
      await expectNoOverflow(page);
      await page.screenshot({ path: `${SHOTS}/list-en-phone.png` });
    } finally {
      await removeModel(request, token, created);
    }
  });
});
