import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiToken, openWithToken, toastSeen } from './helpers.ts';

/**
 * Relation widgets and the form detail view in two designed forms: suppliers, and orders that
 * relate to a supplier (relationForm with its attribute) and pick cities from a data interface
 * (popupSelect with its attribute). Both models are designed and released through the API, their
 * records added through the API and the pages.
 */

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/relation-detail-shots';
const shot = async (page: Page, name: string) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

type Api = <T = unknown>(method: string, url: string, body?: unknown) => Promise<T>;
const apiOf =
  (request: APIRequestContext, token: string): Api =>
  async (method, url, body) => {
    const res = await request.fetch(`/prod${url}`, {
      method,
      headers: { Authorization: token },
      ...(body === undefined ? {} : { data: body }),
    });
    const json = (await res.json()) as { code: number; msg: string; data: unknown };
    expect(json.code, `${method} ${url}: ${json.msg}`).toBe(200);
    return json.data as never;
  };

const field = (jnpfKey: string, vModel: string, label: string, extra: Record<string, unknown> = {}) => {
  const { config, ...props } = extra as { config?: Record<string, unknown> };
  return { __config__: { jnpfKey, label, layout: 'colFormItem', span: 12, ...config }, __vModel__: vModel, ...props };
};

/** A popup select over the seeded city list (a static JSON data interface: id, fullName, province). */
const citySelect = (vModel: string, label: string, interfaceId: string, extra: Record<string, unknown> = {}) =>
  field('popupSelect', vModel, label, {
    interfaceId,
    propsValue: 'id',
    relationField: 'fullName',
    columnOptions: [
      { value: 'fullName', label: '城市' },
      { value: 'province', label: '省份' },
    ],
    hasPage: false,
    popupType: 'dialog',
    popupWidth: '800px',
    templateJson: [],
    ...extra,
  });

const list = (columns: [string, string][]) => ({
  type: 1,
  columnList: columns.map(([prop, label]) => ({ prop, label, width: 180 })),
  searchList: [],
  hasPage: true,
  pageSize: 20,
  sort: 'desc',
  btnsList: [{ value: 'add', label: '新增' }],
  columnBtnsList: [
    { value: 'edit', label: '编辑' },
    { value: 'remove', label: '删除' },
    { value: 'detail', label: '详情' },
  ],
});

const supplierForm = (cities: string) => ({
  popupType: 'general',
  generalWidth: '640px',
  labelWidth: 100,
  fields: [
    field('comInput', 'name', '供应商名称', { config: { required: true } }),
    field('comInput', 'code', '供应商编码'),
    citySelect('city', '所在城市', cities),
  ],
});

type PopupType = 'general' | 'fullScreen' | 'drawer';

/**
 * Orders: the supplier (related form) and its code; the delivery city (popup select) and its
 * province; a disabled origin city; a hidden backup supplier whose code the detail must hide too.
 */
const orderForm = (supplierModel: string, cities: string, printId: string, popupType: PopupType) => ({
  popupType,
  generalWidth: '760px',
  fullScreenWidth: '80%',
  drawerWidth: '720px',
  hasPrintBtn: true,
  printId,
  labelWidth: 110,
  fields: [
    field('comInput', 'title', '订单名称', { config: { required: true } }),
    field('relationForm', 'supplier', '供应商', {
      modelId: supplierModel,
      relationField: 'name',
      columnOptions: [
        { value: 'name', label: '供应商名称' },
        { value: 'code', label: '供应商编码' },
      ],
      hasPage: true,
      pageSize: 20,
      popupType: 'dialog',
      popupTitle: '选择供应商',
    }),
    field('relationFormAttr', 'supplierCode', '供应商编码', {
      config: { isStorage: 1 },
      showField: 'code',
      relationField: 'supplier',
    }),
    citySelect('city', '收货城市', cities),
    field('popupAttr', 'province', '收货省份', {
      config: { isStorage: 1 },
      showField: 'province',
      relationField: 'city',
    }),
    citySelect('origin', '发货城市', cities, { disabled: true }),
    field('relationForm', 'backup', '备用供应商', {
      config: { noShow: true },
      modelId: supplierModel,
      relationField: 'name',
      columnOptions: [{ value: 'name', label: '供应商名称' }],
    }),
    field('relationFormAttr', 'backupCode', '备用供应商编码', {
      config: { isStorage: 1 },
      showField: 'code',
      relationField: 'backup',
    }),
  ],
});

interface Model {
  id: string;
  enCode: string;
  fullName: string;
  menuId: string;
}

interface Setup {
  api: Api;
  token: string;
  supplier: Model;
  order: Model;
  cities: string;
  printId: string;
  /** Record ids by name. */
  records: Record<string, string>;
  /** Designs the order form again in another popup type and releases it. */
  redesign: (popupType: PopupType) => Promise<void>;
  remove: () => Promise<void>;
}

async function setUp(request: APIRequestContext): Promise<Setup> {
  const token = await apiToken(request, 'admin', 'admin123');
  const api = apiOf(request, token);
  const interfaces = await api<{ list: { id: string; enCode: string }[] }>(
    'GET',
    `/api/system/DataInterface?keyword=${encodeURIComponent('城市')}&currentPage=1&pageSize=50`,
  );
  const cities = interfaces.list.find((i) => i.enCode === 'demo.cities')!.id;
  const templates = await api<{ list: { id: string; enCode: string }[] }>(
    'GET',
    `/api/system/printDev?keyword=${encodeURIComponent('员工信息登记表')}&currentPage=1&pageSize=50`,
  );
  const printId = templates.list.find((t) => t.enCode === 'employeeRegister')!.id;
  const systems = await api<{ list: { id: string }[] }>('GET', '/api/system/System');
  const suffix = Date.now().toString(36);
  const created: Model[] = [];

  const release = async (id: string) =>
    api('POST', `/api/visualdev/Base/${id}/Actions/Release`, {
      pcModuleParentId: '-1',
      pcSystemId: systems.list[0]!.id,
    });
  const design = async (fullName: string, enCode: string, form: object, columns: object): Promise<Model> => {
    const { id } = await api<{ id: string }>('POST', '/api/visualdev/Base', {
      fullName,
      enCode,
      formData: JSON.stringify(form),
      columnData: JSON.stringify(columns),
    });
    created.push({ id, enCode, fullName, menuId: '' });
    await release(id);
    const info = await api<{ menuId: string }>('GET', `/api/visualdev/Base/${id}`);
    const model = { id, enCode, fullName, menuId: info.menuId };
    created[created.length - 1] = model;
    return model;
  };

  const supplier = await design(
    `供应商档案${suffix}`,
    `e2esup${suffix}`,
    supplierForm(cities),
    list([
      ['name', '供应商名称'],
      ['code', '供应商编码'],
      ['city', '所在城市'],
    ]),
  );
  const orderColumns = list([
    ['title', '订单名称'],
    ['supplier', '供应商'],
    ['city', '收货城市'],
  ]);
  const order = await design(
    `采购订单${suffix}`,
    `e2eord${suffix}`,
    orderForm(supplier.id, cities, printId, 'general'),
    orderColumns,
  );

  const add = async (model: Model, values: object) =>
    (await api<{ id: string }>('POST', `/api/visualdev/OnlineDev/${model.id}`, { data: JSON.stringify(values) })).id;
  const records: Record<string, string> = {};
  records.星河科技 = await add(supplier, { name: '星河科技', code: 'S-001', city: '杭州市', city_id: '330100' });
  records.华南补货 = await add(order, {
    title: '华南补货',
    supplier: '星河科技',
    supplier_id: records.星河科技,
    city: '广州市',
    city_id: '440100',
    origin: '北京市',
    origin_id: '110000',
    backup: '星河科技',
    backup_id: records.星河科技,
  });
  // A record from before ids were kept beside the text: the supplier's name alone.
  records.历史订单 = await add(order, { title: '历史订单', supplier: '旧供应商' });

  return {
    api,
    token,
    supplier,
    order,
    cities,
    printId,
    records,
    async redesign(popupType) {
      const info = await api<{ version: number }>('GET', `/api/visualdev/Base/${order.id}`);
      await api('PUT', `/api/visualdev/Base/${order.id}`, {
        fullName: order.fullName,
        enCode: order.enCode,
        formData: JSON.stringify(orderForm(supplier.id, cities, printId, popupType)),
        columnData: JSON.stringify(orderColumns),
        version: info.version,
      });
      await release(order.id);
    },
    async remove() {
      for (const model of created.reverse()) {
        if (model.menuId) await api('DELETE', `/api/system/Menu/${model.menuId}`);
        await api('DELETE', `/api/visualdev/Base/${model.id}`);
      }
    },
  };
}

const modalWith = (page: Page, inner: Locator) => page.locator('.ant-modal').filter({ has: inner });
const widthOf = async (locator: Locator) => Math.round((await locator.boundingBox())?.width ?? 0);
/** The detail views open, outermost first. */
const details = (page: Page) => page.getByTestId('form-detail');
const rowOf = (page: Page, text: string) => page.getByTestId('online-table').locator('tr', { hasText: text });

/** Picks the row showing `text` in a select-data dialog opened by clicking `picker`. */
async function pick(page: Page, picker: Locator, dialogId: string, text: string) {
  await picker.click();
  const dialog = page.getByTestId(dialogId);
  await dialog.locator('tr', { hasText: text }).first().click();
  await dialog.getByTestId(`${dialogId}-confirm`).click();
  await expect(dialog).toBeHidden();
}

test.describe('relation widgets and the form detail view', () => {
  test.use({ actionTimeout: 20_000 });

  test('S2-1-01 S2-3-36 S2-2-25 S2-2-26 S2-2-29 S2-2-30 S2-4-22 S2-4-23 S2-4-24 S2-4-25 the relation kinds in two designed forms; the general detail with its related records', async ({
    page,
    request,
  }) => {
    test.slow();
    const setup = await setUp(request);
    try {
      const { supplier, order } = setup;
      await page.setViewportSize({ width: 1440, height: 900 });

      // S2-1-01: the popup select works in the supplier form: a new supplier picks its city.
      await openWithToken(page, setup.token, `/onlineForm/${supplier.enCode}`);
      await expect(rowOf(page, '星河科技')).toBeVisible();
      await page.getByTestId('online-add').click();
      const supplierDialog = modalWith(page, page.getByTestId('online-form-body'));
      await supplierDialog.locator('#fr_name').fill('海岸贸易');
      await supplierDialog.locator('#fr_code').fill('S-002');
      await pick(page, supplierDialog.getByTestId('picker-city'), 'popup-city', '深圳市');
      await expect(supplierDialog.getByTestId('picker-city')).toContainText('深圳市');
      const supplierAdded = toastSeen(page, '新建成功');
      await page.getByTestId('online-form-save').click();
      await supplierAdded;
      await expect(rowOf(page, '海岸贸易')).toContainText('深圳市');

      // S2-3-36 S2-1-01: the order form renders the four relation kinds; the same popup select
      // picks a city here, the related form a supplier, and the attributes follow the picks.
      await openWithToken(page, setup.token, `/onlineForm/${order.enCode}`);
      await expect(rowOf(page, '华南补货')).toBeVisible();
      await page.getByTestId('online-add').click();
      const orderDialog = modalWith(page, page.getByTestId('online-form-body'));
      await orderDialog.locator('#fr_title').fill('华东备货');
      await pick(page, orderDialog.getByTestId('picker-supplier'), 'popup-supplier', '海岸贸易');
      await expect(orderDialog.getByTestId('attr-supplierCode')).toHaveText('S-002');
      await pick(page, orderDialog.getByTestId('picker-city'), 'popup-city', '杭州市');
      await expect(orderDialog.getByTestId('attr-province')).toHaveText('浙江省');
      // the disabled popup select without a value shows an empty box that opens nothing
      await expect(orderDialog.getByTestId('relation-origin')).toBeVisible();
      await expect(orderDialog.getByTestId('relation-origin').locator('a')).toHaveCount(0);
      await shot(page, 'order-form-relation-kinds');
      const orderAdded = toastSeen(page, '新建成功');
      await page.getByTestId('online-form-save').click();
      await orderAdded;
      await expect(rowOf(page, '华东备货')).toContainText('海岸贸易');

      // S2-2-25: a disabled popup select with a value opens a read-only detail of its row.
      await rowOf(page, '华南补货').getByTestId('online-edit').click();
      const editDialog = modalWith(page, page.getByTestId('online-form-body'));
      const origin = editDialog.getByTestId('relation-origin');
      await expect(origin).toContainText('北京市');
      await origin.getByText('北京市').click();
      // the test id sits on the dialog's root, around its mask and its box
      const originDetail = page.getByTestId('popup-detail-origin');
      await expect(originDetail.locator('.ant-modal')).toBeVisible();
      await expect(originDetail.locator('.ant-modal-title')).toHaveText('详情');
      await expect(originDetail.locator('.ant-descriptions-item-label')).toHaveText(['城市', '省份']);
      await expect(originDetail.locator('.ant-descriptions-item-content')).toHaveText(['北京市', '北京市']);
      await expect(originDetail.locator('input')).toHaveCount(0);
      await expect(page.getByTestId('popup-origin')).toHaveCount(0);
      await shot(page, 'popup-select-disabled-detail');
      await originDetail.getByRole('button', { name: /取\s*消/ }).click();
      await expect(originDetail).toHaveCount(0);
      await page.getByTestId('online-form-cancel').click();

      // S2-2-26 S2-4-22: the detail of the order: a dialog titled 详情 at the form's width, the
      // record as people read it, the relation fields as links and their attributes filled in.
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/api/visualdev/OnlineDev/')) asked.push(new URL(r.url()).pathname);
      });
      await rowOf(page, '华东备货').getByTestId('online-detail').click();
      const detail = details(page).first();
      await expect(detail).toHaveAttribute('data-popup-type', 'general');
      await expect(detail.locator('.ant-modal-title')).toHaveText('详情');
      await expect(detail).toContainText('华东备货');
      await expect(detail.getByTestId('relation-supplier').locator('a')).toHaveText('海岸贸易');
      await expect(detail.getByTestId('relation-city').locator('a')).toHaveText('杭州市');
      await expect(detail.getByTestId('attr-supplierCode')).toHaveText('S-002');
      await expect(detail.getByTestId('attr-province')).toHaveText('浙江省');
      expect(asked.some((p) => p.endsWith('/DataChange'))).toBe(true);
      await expect.poll(() => widthOf(detail.locator('.ant-modal'))).toBe(760);
      // S2-4-23: the hidden backup supplier's code is hidden with it
      await expect(detail).not.toContainText('备用供应商');
      // S2-2-29: cancel, and print (default 打 印) since the form prints with a template
      await expect(detail.getByTestId('detail-print')).toHaveText('打 印');
      await shot(page, 'detail-general');

      // S2-4-24 S2-2-30: the supplier link raises the main loading flag while the supplier form is
      // read, then opens the supplier's record in a nested dialog of the same kind.
      let releaseConfig!: () => void;
      const held = new Promise<void>((resolve) => (releaseConfig = resolve));
      const configUrl = new RegExp(`/api/visualdev/OnlineDev/${supplier.id}/Config(\\?|$)`);
      await page.route(configUrl, async (route) => {
        await held;
        await route.continue();
      });
      await detail.getByTestId('relation-supplier').getByText('海岸贸易').click();
      await expect(page.getByTestId('detail-main-loading')).toBeVisible();
      await shot(page, 'detail-main-loading');
      releaseConfig();
      await expect(details(page)).toHaveCount(2);
      await expect(page.getByTestId('detail-main-loading')).toHaveCount(0);
      const nested = details(page).nth(1);
      await expect(nested).toHaveAttribute('data-popup-type', 'general');
      await expect(nested).toContainText('海岸贸易');
      await expect(nested).toContainText('S-002');
      await expect(nested.getByTestId('relation-city').locator('a')).toHaveText('深圳市');
      await shot(page, 'detail-general-nested');
      await page.unroute(configUrl);
      await nested.getByRole('button', { name: /取\s*消/ }).click();
      await expect(details(page)).toHaveCount(1);

      // The city link opens the row's read-only detail.
      await detail.getByTestId('relation-city').getByText('杭州市').click();
      await expect(page.getByTestId('popup-detail-city').locator('.ant-descriptions-item-content')).toHaveText([
        '杭州市',
        '浙江省',
      ]);
      await page
        .getByTestId('popup-detail-city')
        .getByRole('button', { name: /取\s*消/ })
        .click();
      await expect(page.getByTestId('popup-detail-city')).toHaveCount(0);

      // S2-2-29: the print button opens the print preview.
      await detail.getByTestId('detail-print').click();
      await expect(page.getByTestId('print-preview').locator('.ant-modal')).toBeVisible();
      await page.getByTestId('print-preview-cancel').click();
      await expect(page.getByTestId('print-preview')).toHaveCount(0);
      await detail.getByRole('button', { name: /取\s*消/ }).click();
      await expect(details(page)).toHaveCount(0);

      // S2-4-25: a record whose supplier has no id shows the name, with nothing to open.
      await rowOf(page, '历史订单').getByTestId('online-detail').click();
      const legacy = details(page).first();
      await expect(legacy.getByTestId('relation-supplier')).toHaveText('旧供应商');
      await expect(legacy.getByTestId('relation-supplier').locator('a')).toHaveCount(0);
      const before = asked.length;
      await legacy.getByTestId('relation-supplier').click();
      await page.waitForTimeout(300);
      expect(asked.slice(before).filter((p) => p.includes(supplier.id))).toEqual([]);
      await expect(details(page)).toHaveCount(1);
    } finally {
      await setup.remove();
    }
  });

  test('S2-2-27 S2-2-28 S2-2-30 S2-8-14 S2-8-15 full-screen and drawer details nest in their own mode; failed related loads', async ({
    page,
    request,
  }) => {
    test.slow();
    const setup = await setUp(request);
    try {
      const { supplier, order } = setup;
      await page.setViewportSize({ width: 1440, height: 900 });

      // S2-2-27: full screen, a page with a back header at the configured width (80%).
      await setup.redesign('fullScreen');
      await openWithToken(page, setup.token, `/onlineForm/${order.enCode}`);
      await rowOf(page, '华南补货').getByTestId('online-detail').click();
      const page1 = details(page).first();
      await expect(page1).toHaveAttribute('data-popup-type', 'fullScreen');
      await expect(page1.getByRole('button', { name: /返\s*回/ })).toBeVisible();
      await expect(page1).toContainText(order.fullName);
      await expect(page1.getByTestId('attr-supplierCode')).toHaveText('S-001');
      // the sheet around the form is 80% of the page body's content box
      const [sheetWidth, contentWidth] = await page1.getByTestId('form-renderer').evaluate((form) => {
        const sheet = form.parentElement!;
        const body = sheet.parentElement!;
        const style = getComputedStyle(body);
        return [
          sheet.getBoundingClientRect().width,
          body.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
        ];
      });
      expect(Math.abs(sheetWidth! - contentWidth! * 0.8)).toBeLessThanOrEqual(1);
      await shot(page, 'detail-fullscreen');
      // S2-2-30: the supplier opens full screen too, over the order, titled with its model.
      await page1.getByTestId('relation-supplier').getByText('星河科技').click();
      await expect(details(page)).toHaveCount(2);
      const page2 = details(page).nth(1);
      await expect(page2).toHaveAttribute('data-popup-type', 'fullScreen');
      await expect(page2).toContainText(supplier.fullName);
      await expect(page2).toContainText('S-001');
      await shot(page, 'detail-fullscreen-nested');
      await page2.getByRole('button', { name: /返\s*回/ }).click();
      await expect(details(page)).toHaveCount(1);
      await page1.getByRole('button', { name: /返\s*回/ }).click();
      await expect(details(page)).toHaveCount(0);

      // S2-2-28: a side drawer of the configured width; the nested detail is a drawer too.
      await setup.redesign('drawer');
      await page.reload();
      await rowOf(page, '华南补货').getByTestId('online-detail').click();
      const drawer = details(page).first();
      await expect(drawer).toHaveAttribute('data-popup-type', 'drawer');
      await expect.poll(() => widthOf(drawer)).toBe(720);
      await expect(drawer.locator('.ant-drawer-title')).toHaveText('详情');
      await expect(drawer.getByTestId('attr-province')).toHaveText('广东省');
      await shot(page, 'detail-drawer');
      await drawer.getByTestId('relation-supplier').getByText('星河科技').click();
      await expect(details(page)).toHaveCount(2);
      await expect(details(page).nth(1)).toHaveAttribute('data-popup-type', 'drawer');
      await expect(details(page).nth(1)).toContainText('S-001');
      await shot(page, 'detail-drawer-nested');
      await details(page)
        .nth(1)
        .getByRole('button', { name: /取\s*消/ })
        .click();
      await expect(details(page)).toHaveCount(1);

      // S2-8-15: the related form cannot be read: the loading flag comes down, nothing opens.
      const configUrl = new RegExp(`/api/visualdev/OnlineDev/${supplier.id}/Config(\\?|$)`);
      await page.route(configUrl, (route) => route.fulfill({ json: { code: 400, msg: '关联功能暂不可用' } }));
      const refused = toastSeen(page, '关联功能暂不可用');
      await drawer.getByTestId('relation-supplier').getByText('星河科技').click();
      await refused;
      await expect(page.getByTestId('detail-main-loading')).toHaveCount(0);
      await expect(details(page)).toHaveCount(1);
      await page.unroute(configUrl);
      await drawer.getByRole('button', { name: /取\s*消/ }).click();
      await expect(details(page)).toHaveCount(0);

      // S2-8-14: the related supplier cannot be read: its code reads empty, the rest shows.
      const supplierRecord = new RegExp(`/api/visualdev/OnlineDev/${supplier.id}/[^/]+/DataChange(\\?|$)`);
      await page.route(supplierRecord, (route) => route.fulfill({ json: { code: 400, msg: '供应商暂不可读' } }));
      await rowOf(page, '华南补货').getByTestId('online-detail').click();
      const again = details(page).first();
      await expect(again.getByTestId('attr-province')).toHaveText('广东省');
      await expect(again.getByTestId('relation-supplier').locator('a')).toHaveText('星河科技');
      await expect(again.getByTestId('attr-supplierCode')).toHaveText(/^\s*$/);
      await shot(page, 'detail-relation-failed');
      await page.unroute(supplierRecord);
    } finally {
      await setup.remove();
    }
  });
});
