import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiToken, openWithToken, pressUntilClosed } from './helpers.ts';

const SHOTS = process.env.E2E_SHOTS ?? '';
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

type Api = <T = unknown>(method: string, url: string, token: string, body?: unknown) => Promise<T>;
const apiOf =
  (request: APIRequestContext): Api =>
  async (method, url, token, body) => {
    const res = await request.fetch(`/prod${url}`, {
      method,
      headers: { Authorization: token },
      ...(body === undefined ? {} : { data: body }),
    });
    const json = (await res.json()) as { code: number; msg: string; data: unknown };
    expect(json.code, `${method} ${url}: ${json.msg}`).toBe(200);
    return json.data as never;
  };

/** Picks an option of an antd select or tree select by its text, typing it where the select searches. */
async function choose(page: Page, select: Locator, text: string) {
  await select.click();
  const input = select.locator('input').first();
  if (await input.isEditable().catch(() => false)) await input.fill(text);
  await page.locator('.ant-select-dropdown:visible').getByTitle(text, { exact: true }).first().click();
}

test.describe('visual development, the whole journey', () => {
  // A step that cannot happen should fail in seconds, not wait out the whole journey's time.
  test.use({ actionTimeout: 20_000 });
  test('S2-7-80 S2-7-82 S2-7-88 S2-7-89 S2-7-90 S2-7-92 S2-7-93 design a form and its list, release it, use it, grant it without a column, and open it on a phone', async ({
    page,
    request,
    browser,
  }) => {
    test.slow();
    const api = apiOf(request);
    const admin = await apiToken(request, 'admin', 'admin123');
    const code = `visit${Date.now().toString(36)}`;

    // 1. Design a new form.
    await openWithToken(page, admin, '/onlineDev/webDesign');
    await expect(page.getByTestId('web-design-page')).toBeVisible();
    await page.getByTestId('model-add').click();
    const designer = page.getByTestId('model-designer');
    await designer.getByTestId('model-fullName').fill('拜访登记');
    await designer.getByTestId('model-enCode').fill(code);
    await designer.getByRole('tab', { name: '表单设计' }).click();
    await expect(designer.getByTestId('fd-canvas')).toBeVisible();
    const props = designer.getByTestId('fd-field-properties');
    const setText = async (id: string, value: string) => {
      const input = props.locator(`#fd-prop-${id}`);
      await input.fill(value);
      await expect(input).toHaveValue(value);
    };
    const addField = async (kind: string, label: string, name: string) => {
      await designer.getByTestId(`fd-palette-${kind}`).click();
      await expect(props).toBeVisible();
      await setText('label', label);
      await setText('vModel', name);
    };
    const selectNode = (name: string) =>
      designer
        .getByTestId(`fd-node-${name}`)
        .first()
        .click({ position: { x: 8, y: 8 } });

    await addField('comInput', '客户名称', 'customer');
    await props.locator('#fd-prop-required').click();
    await addField('numInput', '拜访次数', 'visits');
    await shot(page, 'form-designer-2');
    await addField('select', '客户等级', 'level');
    await choose(page, props.locator('.ant-select').filter({ has: page.locator('#fd-prop-dataType') }), '数据字典');
    await choose(page, props.getByTestId('fd-dictionary-type'), '业务类型');
    await addField('userSelect', '负责人', 'owner');
    await addField('table', '拜访明细', 'items');
    // With the sub-table selected, the palette adds into it.
    await addField('comInput', '拜访人', 'visitor');
    await props.locator('#fd-prop-required').click();
    await addField('numInput', '人数', 'people');
    // With a field of the form selected, the total goes after it, outside the sub-table.
    await selectNode('owner');
    await designer.getByTestId('fd-palette-calculate').click();
    await setText('label', '总人数');
    await setText('vModel', 'total');
    // The total of the sub-table's column, built by clicking it in the formula builder.
    await props.getByTestId('fd-formula-edit').click();
    await page.getByTestId('fd-formula-field-items.people').click();
    await expect(page.getByTestId('fd-formula-check')).toContainText('公式正确');
    await page.getByTestId('fd-formula-save').click();
    await expect(props.getByTestId('fd-formula-text')).toHaveText('拜访明细.人数');
    await expect(designer.getByTestId('fd-problems')).toHaveCount(0);
    await shot(page, 'form-designer');

    // 2. Design its list: every field a column, the customer name a search field.
    await designer.getByRole('tab', { name: '列表设计' }).click();
    await designer.getByTestId('list-designer-all-columns').click();
    await designer.getByRole('checkbox', { name: '客户名称 查询' }).check();
    await expect(designer.getByTestId('preview-table')).toContainText('客户等级');
    // Columns are granted one by one.
    await designer.getByTestId('tab-permission').click();
    await designer.getByTestId('permission-column').click();
    await shot(page, 'list-designer');
    await designer.getByRole('tab', { name: 'APP 设计' }).click();
    await expect(designer.getByTestId('app-phone')).toBeVisible();
    await choose(page, designer.getByTestId('app-title-field'), '客户名称');
    await shot(page, 'app-designer');
    await designer.getByTestId('model-save').click();
    await expect(page.locator('.ant-message')).toContainText('保存成功');

    // Release it under Demo applications.
    await designer.getByTestId('model-release').click();
    const release = page.getByRole('dialog', { name: /发布到菜单/ });
    await choose(page, release.getByTestId('release-parent'), '示例应用');
    await release.locator('#release-confirm').click();
    await expect(release).toBeHidden();
    await designer.getByTestId('model-close').click();
    await expect(page.getByTestId('model-table')).toContainText('已发布');

    // 3. Open the new menu entry and add two records, one refused for a missing sub-table cell.
    const models = await api<{ list: { id: string; enCode: string; menuId: string }[] }>(
      'GET',
      `/api/visualdev/Base?keyword=${code}`,
      admin,
    );
    const model = models.list.find((m) => m.enCode === code)!;
    const menu = await api<{ urlAddress: string }>('GET', `/api/system/Menu/${model.menuId}`, admin);
    await page.goto(`/${menu.urlAddress}`);
    await expect(page.getByTestId('online-table')).toBeVisible();
    const add = async (customer: string, visits: string, visitor: string, people: string) => {
      await page.getByTestId('online-add').click();
      const dialog = page.locator('.ant-modal:visible').last();
      await dialog.getByLabel('客户名称').fill(customer);
      await dialog.getByLabel('拜访次数').fill(visits);
      await dialog.getByRole('button', { name: /添加/ }).click();
      const row = dialog.getByRole('table').getByRole('row').last();
      if (visitor) await row.getByRole('textbox').fill(visitor);
      await row.getByRole('spinbutton').fill(people);
      // The total sums the rows as they are typed.
      await expect(dialog.getByText(`${people}.00`, { exact: true })).toBeVisible();
      await dialog.getByRole('button', { name: /确\s*定/ }).click();
      return dialog;
    };
    const refused = await add('北方机械', '2', '', '3');
    // The empty required cell is named under it; nothing was saved.
    await expect(refused.getByText(/不能为空/).first()).toBeVisible();
    await expect(refused).toBeVisible();
    await refused.getByRole('button', { name: /取\s*消/ }).click();
    await add('南方电子', '3', '张三', '4');
    await expect(page.getByTestId('online-table')).toContainText('南方电子');
    await add('东方贸易', '1', '李四', '2');
    await expect(page.getByTestId('online-table')).toContainText('东方贸易');
    await shot(page, 'online-list');

    // 4. Search, edit, export and delete.
    const searchBox = page.getByTestId('online-search').getByLabel('客户名称');
    await searchBox.fill('南方');
    await page
      .getByTestId('online-search')
      .getByRole('button', { name: /查\s*询/ })
      .click();
    await expect(page.getByTestId('online-table').locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
    await page.getByTestId('online-table').getByRole('button', { name: '编辑' }).click();
    const edit = page.locator('.ant-modal:visible').last();
    await edit.getByLabel('拜访次数').fill('5');
    await pressUntilClosed(edit, edit.getByRole('button', { name: /确\s*定/ }));
    await expect(page.getByTestId('online-table')).toContainText('5');
    const download = page.waitForEvent('download');
    await page.getByTestId('online-export').click();
    expect((await download).suggestedFilename()).toMatch(/拜访登记.*\.xlsx$/);
    await page
      .getByTestId('online-search')
      .getByRole('button', { name: /重\s*置/ })
      .click();
    await expect(page.getByTestId('online-table').locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);
    await page
      .getByTestId('online-table')
      .locator('tr', { hasText: '东方贸易' })
      .getByRole('button', { name: '删除' })
      .click();
    const confirm = page.locator('.ant-modal-confirm');
    await pressUntilClosed(confirm, confirm.getByRole('button', { name: /确\s*定|删\s*除/ }));
    await expect(page.getByTestId('online-table')).not.toContainText('东方贸易');

    // 5. Grant the menu to the employee role without the visits column.
    const roles = await api<{ list: { id: string; enCode: string }[] }>(
      'GET',
      '/api/permission/Role?keyword=employee',
      admin,
    );
    const role = roles.list.find((r) => r.enCode === 'employee')!;
    const data = await api<{ version: number; granted: Record<string, string[]> }>(
      'GET',
      `/api/permission/Authority/Data/${role.id}?objectType=role`,
      admin,
    );
    const elements = async (kind: string) =>
      (
        await api<{ list: { id: string; enCode: string }[] }>(
          'GET',
          `/api/system/${kind}?moduleId=${model.menuId}`,
          admin,
        )
      ).list;
    const buttons = await elements('ModuleButton');
    const columns = await elements('ModuleColumn');
    const demoApps = await api<{ parentId: string }>('GET', `/api/system/Menu/${model.menuId}`, admin);
    await api('PUT', `/api/permission/Authority/Data/${role.id}`, admin, {
      objectType: 'role',
      version: data.version,
      ...data.granted,
      module: [...data.granted.module!, model.menuId, demoApps.parentId],
      button: [...data.granted.button!, ...buttons.map((b) => b.id)],
      column: [...data.granted.column!, ...columns.filter((c) => c.enCode !== 'visits').map((c) => c.id)],
    });
    const staff = await apiToken(request, 'xuming', 'demo1234');
    const rows = await api<{ list: Record<string, unknown>[] }>(
      'POST',
      `/api/visualdev/OnlineDev/${model.id}/List`,
      staff,
      {
        menuId: model.menuId,
      },
    );
    expect(rows.list.length).toBeGreaterThan(0);
    expect(rows.list[0]).toHaveProperty('customer');
    expect(rows.list[0]).not.toHaveProperty('visits');
    const member = await browser.newContext({ locale: 'zh-CN' });
    const memberPage = await member.newPage();
    await openWithToken(memberPage, staff, `/${menu.urlAddress}`);
    const staffTable = memberPage.getByTestId('online-table');
    await expect(staffTable).toContainText('南方电子');
    await expect(staffTable.locator('thead')).toContainText('客户名称');
    await expect(staffTable.locator('thead')).not.toContainText('拜访次数');

    // 6. The same menu at phone width: cards titled by the customer name.
    await memberPage.setViewportSize({ width: 390, height: 844 });
    await expect(memberPage.getByTestId('online-card').first()).toBeVisible();
    await expect(memberPage.getByTestId('online-card').first()).toContainText('南方电子');
    await shot(memberPage, 'phone');
    await member.close();
  });

  test('S1-2.1-09 function preview opens a draft with sample records from the model list', async ({
    page,
    request,
  }) => {
    const admin = await apiToken(request, 'admin', 'admin123');
    await openWithToken(page, admin, '/onlineDev/webDesign');
    const row = page.getByTestId('model-table').locator('tr', { hasText: 'demoContract' });
    await row.getByTestId('model-preview-open').click();
    await expect(page).toHaveURL(/\/previewModel\?id=/);
    await expect(page.getByTestId('preview-model')).toBeVisible();
    await expect(page.getByTestId('online-table').locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
    await shot(page, 'preview');
  });
});
