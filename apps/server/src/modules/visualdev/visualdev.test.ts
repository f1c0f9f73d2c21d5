import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormField, FormJson } from '@atrium/shared/forms';
import { bumpAuthorityRevision } from '../../core/authority.ts';
import { newId } from '../../core/ids.ts';
import type { AuthorizeTable } from '../../db/schema.ts';
import { inTransaction } from '../../db/tx.ts';
import { createTestServer, dbTargets, multipartFile, type TestServer } from '../../testing/index.ts';
import { designField } from '@atrium/shared/forms/fixtures';

const BASE = '/api/visualdev/Base';
const RUNTIME = '/api/visualdev/OnlineDev';

/** A customer register: text, number, a dictionary-free select, a user picker, a bill number and contacts. */
function customerForm(extra: FormField[] = []): FormJson {
  return {
    popupType: 'general',
    generalWidth: '600px',
    fullScreenWidth: '100%',
    drawerWidth: '800px',
    hasPrintBtn: false,
    printButtonText: '打 印',
    labelPosition: 'right',
    labelWidth: 100,
    gutter: 15,
    concurrencyLock: true,
    fields: [
      designField('comInput', 'name', '客户名称', { config: { required: true } }),
      designField('numInput', 'credit', '信用额度', { precision: 2 }),
      designField('select', 'level', '客户等级', {
        __slot__: {
          options: [
            { id: 'a', fullName: 'A 级' },
            { id: 'b', fullName: 'B 级' },
          ],
        },
      }),
      designField('userSelect', 'owner', '负责人'),
      designField('billRule', 'code', '客户编号', { config: { rule: 'contract' } }),
      designField('createUser', 'creator', '创建人'),
      {
        __config__: {
          jnpfKey: 'table',
          label: '联系人',
          layout: 'rowFormItem',
          children: [
            designField('comInput', 'contact', '姓名', { config: { required: true } }),
            designField('comInput', 'phone', '电话'),
          ],
        },
        __vModel__: 'contacts',
      } as FormField,
      ...extra,
    ],
  };
}

const customerColumns = {
  type: 1,
  columnList: [
    { label: '客户名称', prop: 'name' },
    { label: '信用额度', prop: 'credit', sortable: true },
    { label: '客户等级', prop: 'level' },
    { label: '负责人', prop: 'owner' },
  ],
  searchList: [
    { label: '客户名称', prop: 'name', searchType: 2 },
    { label: '客户等级', prop: 'level', searchType: 1 },
    { label: '信用额度', prop: 'credit', searchType: 3 },
  ],
  defaultSidx: 'credit',
  sort: 'desc',
  hasPage: true,
  pageSize: 20,
  useColumnPermission: true,
  useFormPermission: true,
  useBtnPermission: true,
};

describe.each(dbTargets())('visual development on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let modelId: string;
  let systemId: string;
  let menuId: string;
  let adminId: string;

  const api = (method: string, url: string, body?: unknown, token = admin) =>
    server.call(method, url, { token, ...(body === undefined ? {} : { body }) }).then((r) => r.json());

  const modelBody = (form: FormJson, extra: Record<string, unknown> = {}) => ({
    fullName: '客户登记',
    enCode: 'customer',
    formData: JSON.stringify(form),
    columnData: JSON.stringify(customerColumns),
    ...extra,
  });

  const addRecord = (data: Record<string, unknown>, token = admin) =>
    api('POST', `${RUNTIME}/${modelId}`, { data: JSON.stringify(data) }, token);

  beforeAll(async () => {
    server = await createTestServer(target);
    admin = await server.login('admin');
    const { db } = server.database;
    systemId = (await db.selectFrom('app_system').select('id').orderBy('sort_code').executeTakeFirstOrThrow()).id;
    adminId = (await db.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => server.close());

  it('the demo models are released under Demo applications with records an employee may list', async () => {
    const { db } = server.database;
    const demo = await db.selectFrom('menu').select('id').where('en_code', '=', 'demoApps').executeTakeFirstOrThrow();
    const entries = await db
      .selectFrom('menu')
      .innerJoin('visualdev_model', 'visualdev_model.menu_id', 'menu.id')
      .select(['menu.en_code', 'menu.type', 'menu.parent_id', 'visualdev_model.id as model_id'])
      .orderBy('visualdev_model.sort_code')
      .execute();
    expect(entries.map((e) => [e.en_code, e.type, e.parent_id])).toEqual([
      ['demoCustomer', 3, demo.id],
      ['demoAsset', 3, demo.id],
      ['demoContract', 3, demo.id],
    ]);
    const employee = await server.login('zhuting');
    const totals: number[] = [];
    for (const e of entries) {
      const list = await api('POST', `${RUNTIME}/${e.model_id}/List`, {}, employee);
      expect(list.code).toBe(200);
      totals.push(list.data.pagination.total);
    }
    expect(totals).toEqual([3, 5, 3]);
    // The asset list has its categories as a tree on the left: choosing a node filters by it.
    const laptop = await db
      .selectFrom('dictionary_data')
      .select('id')
      .where('en_code', '=', 'it.laptop')
      .executeTakeFirstOrThrow();
    const laptops = await api(
      'POST',
      `${RUNTIME}/${entries[1]!.model_id}/List`,
      { queryJson: JSON.stringify({ category: laptop.id }) },
      employee,
    );
    expect(laptops.data.list.map((r: { assetName: string; category: string }) => [r.assetName, r.category])).toEqual([
      ['ThinkPad X1', '笔记本电脑'],
    ]);
    // The contracts were numbered by the contract bill rule, and the customers' contacts are stored.
    const contracts = await api('POST', `${RUNTIME}/${entries[2]!.model_id}/List`, {}, employee);
    expect(contracts.data.list.map((r: { contractNo: string }) => r.contractNo)).toEqual([
      expect.stringMatching(/^HT\d{4}\d{6}$/),
      expect.stringMatching(/^HT\d{4}\d{6}$/),
      expect.stringMatching(/^HT\d{4}\d{6}$/),
    ]);
    const customer = (
      await api('POST', `${RUNTIME}/${entries[0]!.model_id}/List`, { queryJson: '{"customerName":"星河"}' }, employee)
    ).data.list[0];
    const detail = JSON.parse(
      (await api('GET', `${RUNTIME}/${entries[0]!.model_id}/${customer.id}`, undefined, employee)).data.data,
    );
    expect(detail.contacts).toHaveLength(2);
  });

  it('S2-7-80 refuses a design with the message of its first problem and stores nothing', async () => {
    const cases: [FormJson, RegExp][] = [
      [{ fields: [designField('comInput', '', '无名字段')] }, /无名字段没有设置字段名/],
      [{ fields: [designField('comInput', 'a', '甲'), designField('numInput', 'A', '乙')] }, /字段名 A 重复/],
      [{ fields: [designField('comInput', '1x', '坏名字')] }, /坏名字的字段名只能包含/],
      [{ fields: [designField('billRule', 'no', '编号')] }, /编号没有选择单据规则/],
      [{ fields: [{ __config__: { jnpfKey: 'card', label: '卡片', children: [] } } as FormField] }, /卡片中没有组件/],
      [{ hasPrintBtn: true, fields: [designField('comInput', 'a', '甲')] }, /请选择打印模板/],
      [{ fields: [designField('relationForm', 'rel', '关联')] }, /关联没有选择关联功能或关联字段/],
    ];
    for (const [form, message] of cases) {
      const res = await api('POST', BASE, { ...modelBody(form), columnData: '' });
      expect(res.code).toBe(400);
      expect(res.msg).toMatch(message);
    }
    const bad = await api('POST', BASE, {
      ...modelBody(customerForm()),
      columnData: '{"columnList":[{"prop":"nope"}]}',
    });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('nope');
    const notJson = await api('POST', BASE, { ...modelBody(customerForm()), formData: '{oops' });
    expect(notJson.msg).toContain('formData');
    expect(
      await server.database.db.selectFrom('visualdev_model').select('id').where('en_code', '=', 'customer').execute(),
    ).toHaveLength(0);
  });

  it('S2-7-80 S2-7-81 creates, lists, reads, saves under its version, copies and deletes a model', async () => {
    const created = await api('POST', BASE, modelBody(customerForm()));
    expect(created.code).toBe(200);
    modelId = created.data.id;
    const again = await api('POST', BASE, modelBody(customerForm()));
    expect(again.code).toBe(400);

    const list = await api('GET', `${BASE}?keyword=${encodeURIComponent('客户登记')}`);
    expect(list.data.list.map((m: { id: string }) => m.id)).toEqual([modelId]);
    const info = await api('GET', `${BASE}/${modelId}`);
    expect(info.data).toMatchObject({
      fullName: '客户登记',
      enCode: 'customer',
      state: 0,
      version: 0,
      tableName: null,
    });
    expect(JSON.parse(info.data.formData).fields).toHaveLength(7);

    const saved = await api('PUT', `${BASE}/${modelId}`, { ...modelBody(customerForm()), version: 0 });
    expect(saved.code).toBe(200);
    const stale = await api('PUT', `${BASE}/${modelId}`, {
      ...modelBody(customerForm()),
      fullName: '旧的',
      version: 0,
    });
    expect(stale.code).toBe(409);
    expect((await api('GET', `${BASE}/${modelId}`)).data.fullName).toBe('客户登记');

    const copy = await api('POST', `${BASE}/${modelId}/Actions/Copy`);
    expect(copy.code).toBe(200);
    const copied = await api('GET', `${BASE}/${copy.data.id}`);
    expect(copied.data.enCode).toMatch(/^customer_\d{5}$/);
    expect(copied.data.formData).toBe((await api('GET', `${BASE}/${modelId}`)).data.formData);
    expect((await api('DELETE', `${BASE}/${copy.data.id}`)).code).toBe(200);
    expect((await api('GET', `${BASE}/${copy.data.id}`)).code).toBe(404);

    const fields = await api('GET', `${BASE}/${modelId}/FormDataFields`);
    expect(fields.data.list.map((f: { vModel: string }) => f.vModel)).toEqual([
      'name',
      'credit',
      'level',
      'owner',
      'code',
      'creator',
      'contacts',
      'contacts-contact',
      'contacts-phone',
    ]);
  });

  it('S2-7-82 S2-4-33 S2-7-88 S2-3-30 release makes the tables and a type 3 menu entry with its buttons, columns and fields', async () => {
    const before = await api('GET', `${RUNTIME}/${modelId}/Config`);
    expect(before.code).toBe(404);
    const res = await api('POST', `${BASE}/${modelId}/Actions/Release`, {
      pcModuleParentId: '-1',
      pcSystemId: systemId,
    });
    expect(res.code).toBe(200);
    const { db } = server.database;
    const model = await db
      .selectFrom('visualdev_model')
      .selectAll()
      .where('id', '=', modelId)
      .executeTakeFirstOrThrow();
    expect(model).toMatchObject({ state: 1, table_name: 'vd_customer' });
    menuId = model.menu_id!;
    const menu = await db.selectFrom('menu').selectAll().where('id', '=', menuId).executeTakeFirstOrThrow();
    expect(menu).toMatchObject({
      type: 3,
      en_code: 'customer',
      system_id: systemId,
      url_address: 'onlineForm/customer',
    });
    expect(JSON.parse(menu.property_json)).toEqual({ moduleId: modelId });
    const elements = await db
      .selectFrom('menu_element')
      .select(['kind', 'en_code'])
      .where('menu_id', '=', menuId)
      .orderBy('kind')
      .orderBy('sort_code')
      .execute();
    const codes = (kind: string) => elements.filter((e) => e.kind === kind).map((e) => e.en_code);
    expect(codes('button')).toEqual([
      'btn_add',
      'btn_edit',
      'btn_remove',
      'btn_detail',
      'btn_download',
      'btn_upload',
      'btn_batchRemove',
      'btn_batchPrint',
    ]);
    expect(codes('column')).toEqual(['name', 'credit', 'level', 'owner']);
    expect(codes('form')).toContain('contacts-contact');
    await sql`select id, f_name, f_credit, f_level, f_owner, f_code, f_creator, version from vd_customer`.execute(db);
    await sql`select id, parent_id, f_contact, f_phone from vd_customer__contacts`.execute(db);

    const config = await api('GET', `${RUNTIME}/${modelId}/Config`);
    expect(config.code).toBe(200);
    const released = JSON.parse(config.data.formData);
    expect(released).toMatchObject({
      popupType: 'general',
      generalWidth: '600px',
      fullScreenWidth: '100%',
      drawerWidth: '800px',
      hasPrintBtn: false,
      printButtonText: '打 印',
      gutter: 15,
    });
    expect(released.fields).toHaveLength(7);
    // The administrator's shell offers the new entry at once.
    const current = await api('GET', '/api/oauth/CurrentUser');
    expect(JSON.stringify(current.data.routerList)).toContain('"enCode":"customer"');
  });

  it('S2-7-90 S2-3-26 S2-3-27 a record with sub-table rows is checked by the form, numbered and filled by the server', async () => {
    const refused = await addRecord({ name: '星河科技', contacts: [{ phone: '123' }] });
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('姓名');
    expect(refused.data.errors[0]).toMatchObject({ path: 'contacts.0.contact' });
    const { db } = server.database;
    expect(
      await db
        .selectFrom('vd_customer' as never)
        .selectAll()
        .execute(),
    ).toHaveLength(0);
    const counter = await db
      .selectFrom('bill_rule')
      .select('this_number')
      .where('en_code', '=', 'contract')
      .executeTakeFirstOrThrow();

    const created = await addRecord({
      name: '星河科技',
      credit: 5000,
      level: 'a',
      owner: adminId,
      code: 'FORGED',
      creator: 'someone-else',
      contacts: [
        { contact: '王敏', phone: '13800000001' },
        { contact: '李雷', phone: '13800000002' },
      ],
    });
    expect(created.code).toBe(200);
    const id = created.data.id as string;
    const raw = await api('GET', `${RUNTIME}/${modelId}/${id}`);
    expect(raw.data.id).toBe(id);
    expect(raw.data.version).toBe(0);
    const values = JSON.parse(raw.data.data);
    expect(values).toMatchObject({ name: '星河科技', credit: 5000, level: 'a', owner: adminId, creator: adminId });
    expect(values.code).toMatch(/^HT\d{4}\d{6}$/);
    expect(values.contacts).toEqual([
      { contact: '王敏', phone: '13800000001' },
      { contact: '李雷', phone: '13800000002' },
    ]);
    const after = await db
      .selectFrom('bill_rule')
      .select('this_number')
      .where('en_code', '=', 'contract')
      .executeTakeFirstOrThrow();
    expect(after.this_number).toBe(counter.this_number + 1);
  });

  it('S2-7-91 S2-3-20 DataChange answers names and labels (data.data) with the released form (data.formData)', async () => {
    const list = await api('POST', `${RUNTIME}/${modelId}/List`, {});
    const id = list.data.list[0].id as string;
    const shown = await api('GET', `${RUNTIME}/${modelId}/${id}/DataChange`);
    expect(shown.code).toBe(200);
    const values = JSON.parse(shown.data.data);
    expect(values.level).toBe('A 级');
    expect(values.owner).toMatch(/\/admin$/);
    expect(values.credit).toBe('5000.00');
    expect(JSON.parse(shown.data.formData).fields).toHaveLength(7);
  });

  it('S2-7-89 the list searches by its fields, sorts and pages, in SQL', async () => {
    for (const [name, credit, level] of [
      ['云杉咨询', 800, 'b'],
      ['星火物流', 12000, 'a'],
      ['海岸贸易', 300, 'b'],
    ] as const)
      expect((await addRecord({ name, credit, level, contacts: [] })).code).toBe(200);
    const names = async (body: Record<string, unknown>) =>
      ((await api('POST', `${RUNTIME}/${modelId}/List`, body)).data.list as { name: string }[]).map((r) => r.name);
    // Default sort: credit, descending.
    expect(await names({})).toEqual(['星火物流', '星河科技', '云杉咨询', '海岸贸易']);
    expect(await names({ queryJson: JSON.stringify({ name: '星' }) })).toEqual(['星火物流', '星河科技']);
    expect(await names({ queryJson: JSON.stringify({ level: 'b' }) })).toEqual(['云杉咨询', '海岸贸易']);
    expect(await names({ queryJson: JSON.stringify({ credit: [500, 6000] }) })).toEqual(['星河科技', '云杉咨询']);
    expect(await names({ sidx: 'credit', sort: 'asc', pageSize: 2, currentPage: 2 })).toEqual(['星河科技', '星火物流']);
    const page = await api('POST', `${RUNTIME}/${modelId}/List`, { pageSize: 2 });
    expect(page.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 4 });
    // Rows carry the list's columns and the display text, not the other fields.
    expect(page.data.list[0]).not.toHaveProperty('code');
    expect(page.data.list[1].level).toBe('A 级');
  });

  it('S2-7-84 FieldDataSelect pages one field of the records by a keyword', async () => {
    const res = await api(
      'GET',
      `${BASE}/${modelId}/FieldDataSelect?field=name&keyword=${encodeURIComponent('星')}&pageSize=1`,
    );
    expect(res.code).toBe(200);
    expect(res.data.pagination.total).toBe(2);
    expect(res.data.list).toHaveLength(1);
    expect(Object.keys(res.data.list[0]).sort()).toEqual(['id', 'name']);
    expect((await api('GET', `${BASE}/${modelId}/FieldDataSelect?field=nope`)).code).toBe(400);
  });

  it('S2-7-93 exports the current query as a workbook its caller alone may download', async () => {
    const res = await api('POST', `${RUNTIME}/${modelId}/Actions/Export`, {
      queryJson: JSON.stringify({ level: 'b' }),
      selectKey: ['name', 'credit'],
    });
    expect(res.code).toBe(200);
    expect(res.data.name).toBe('客户登记.xlsx');
    const file = await server.call('GET', res.data.url as string);
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows).toEqual([
      ['客户名称', '信用额度'],
      ['云杉咨询', '800.00'],
      ['海岸贸易', '300.00'],
    ]);
    // The link is the caller's: without its ticket nothing comes back.
    const bare = (res.data.url as string).replace(/[?&]ticket=[^&]*/, '');
    expect((await server.call('GET', bare)).statusCode).toBe(403);
  });

  it('S2-7-95 ExportData writes the same workbook of the current page', async () => {
    const res = await api('POST', `${RUNTIME}/${modelId}/Actions/ExportData`, {
      queryJson: JSON.stringify({ level: 'b' }),
      selectKey: ['name'],
      dataType: 'page',
      pageSize: 1,
      sidx: 'name',
      sort: 'asc',
    });
    expect(res.code).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await server.call('GET', res.data.url as string)).rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(['客户名称']);
    expect(['云杉咨询', '海岸贸易']).toContain((rows[1] as string[])[0]);
  });

  it('S2-7-94 imports records through the template, the preview and the import, with failed rows and their reasons', async () => {
    const template = await api('GET', `${RUNTIME}/${modelId}/Template`);
    expect(template.code).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await server.call('GET', template.data.url as string)).rawPayload as unknown as ArrayBuffer);
    const header = (book.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['客户名称', '信用额度', '客户等级']);

    const sheet = book.worksheets[0]!;
    sheet.addRow(['导入公司甲', '1,500', 'B 级']);
    sheet.addRow(['', 'abc', '金牌']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const { payload, contentType } = multipartFile('customers.xlsx', bytes);
    const uploaded = (
      await server.app.inject({
        method: 'POST',
        url: `${RUNTIME}/${modelId}/Uploader`,
        headers: { authorization: admin, 'content-type': contentType },
        payload,
      })
    ).json();
    expect(uploaded.code).toBe(200);
    const preview = await api('GET', `${RUNTIME}/${modelId}/ImportPreview?fileName=${uploaded.data.name}`);
    expect(preview.data.headerRow.map((h: { id: string }) => h.id)).toEqual(['name', 'credit', 'level']);
    expect(preview.data.dataRow).toEqual([
      { name: '导入公司甲', credit: '1,500', level: 'B 级' },
      { name: '', credit: 'abc', level: '金牌' },
    ]);

    const before = (await api('POST', `${RUNTIME}/${modelId}/List`, {})).data.pagination.total;
    const result = await api('POST', `${RUNTIME}/${modelId}/ImportData`, { list: preview.data.dataRow });
    expect(result.data).toMatchObject({ resultType: 1, snum: 1, fnum: 1 });
    expect(result.data.failResult[0].errorsInfo).toContain('信用额度的值“abc”无效');
    expect(result.data.failResult[0].errorsInfo).toContain('客户等级的值“金牌”无效');
    const after = await api('POST', `${RUNTIME}/${modelId}/List`, {
      queryJson: JSON.stringify({ name: '导入公司甲' }),
    });
    expect(after.data.pagination.total).toBe(1);
    expect(after.data.list[0]).toMatchObject({ credit: '1500.00', level: 'B 级' });
    expect((await api('POST', `${RUNTIME}/${modelId}/List`, {})).data.pagination.total).toBe(before + 1);

    const failures = await api('POST', `${RUNTIME}/${modelId}/ImportExceptionData`, { list: result.data.failResult });
    expect(failures.code).toBe(200);
    const failed = new ExcelJS.Workbook();
    await failed.xlsx.load(
      (await server.call('GET', failures.data.url as string)).rawPayload as unknown as ArrayBuffer,
    );
    expect((failed.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual([
      '客户名称',
      '信用额度',
      '客户等级',
      '异常原因',
    ]);
    // The created record goes again so the list figures of later tests hold.
    expect((await api('DELETE', `${RUNTIME}/${modelId}/${after.data.list[0].id}`)).code).toBe(200);
  });

  it('S2-7-90 concurrent saves of one record: one wins, the other gets 409 and changes nothing', async () => {
    const list = await api('POST', `${RUNTIME}/${modelId}/List`, { queryJson: JSON.stringify({ name: '海岸' }) });
    const id = list.data.list[0].id as string;
    const url = `${RUNTIME}/${modelId}/${id}`;
    const body = (name: string) => ({
      data: JSON.stringify({ name, credit: 300, level: 'b', contacts: [] }),
      version: 0,
    });
    const { codes, winner } = await server.saveTwiceAtOnce(
      url,
      { token: admin, body: body('海岸贸易甲') },
      { token: admin, body: body('海岸贸易乙') },
    );
    expect(codes).toEqual([200, 409]);
    const stored = JSON.parse((await api('GET', url)).data.data);
    expect(stored.name).toBe(winner === 0 ? '海岸贸易甲' : '海岸贸易乙');
    expect((await api('GET', url)).data.version).toBe(1);
  });

  it('a grouped list answers its group field even when the field is not a column', async () => {
    const columns = {
      ...customerColumns,
      type: 3,
      groupField: 'level',
      columnList: customerColumns.columnList.filter((c) => c.prop !== 'level'),
      searchList: [],
    };
    const created = await api('POST', BASE, {
      ...modelBody(customerForm()),
      fullName: '分组客户',
      enCode: 'grouped',
      columnData: JSON.stringify(columns),
    });
    const id = created.data.id as string;
    await api('POST', `${BASE}/${id}/Actions/Release`, { pcModuleParentId: '-1', pcSystemId: systemId });
    const data = { name: '分组一', level: 'b', contacts: [{ contact: '甲' }] };
    expect((await api('POST', `${RUNTIME}/${id}`, { data: JSON.stringify(data) })).code).toBe(200);
    const [row] = (await api('POST', `${RUNTIME}/${id}/List`, {})).data.list;
    expect(row).toMatchObject({ name: '分组一', level: 'B 级' });
    expect(row).not.toHaveProperty('code');
  });

  it('S1-5-14 refuses a calculated field whose formula does not parse, names a missing field or uses itself', async () => {
    const withFormula = (expression: string) => ({
      ...modelBody(customerForm([designField('calculate', 'total', '合计额度', { expression })])),
      fullName: '公式客户',
      enCode: 'formulaCheck',
    });
    const cases: [string, string][] = [
      ['credit × (2', '表单设计有误：合计额度的公式无法解析，请点击“编辑公式”查看出错位置'],
      ['credit × ghost', '表单设计有误：合计额度的公式引用了“ghost”，表单中没有该字段'],
      ['total + 1', '表单设计有误：合计额度的公式引用了自身的值'],
    ];
    for (const [expression, message] of cases) {
      const refused = await api('POST', BASE, withFormula(expression));
      expect({ expression, code: refused.code, msg: refused.msg }).toEqual({ expression, code: 400, msg: message });
    }
    const { db } = server.database;
    expect(await db.selectFrom('visualdev_model').select('id').where('en_code', '=', 'formulaCheck').execute()).toEqual(
      [],
    );
    const saved = await api('POST', BASE, withFormula('credit × 2 + contacts.phone'));
    expect(saved.code, saved.msg).toBe(200);
    expect((await api('DELETE', `${BASE}/${saved.data.id}`)).code).toBe(200);
  });

  it('S2-7-80 a tree list from a data interface needs the interface and valid row keys, on save and on release', async () => {
    const { db } = server.database;
    const treeColumns = { ...customerColumns, type: 2, treeDataSource: 'api', treeRelation: 'level' };
    const body = (columns: Record<string, unknown>) => ({
      ...modelBody(customerForm()),
      fullName: '接口树客户',
      enCode: 'apiTree',
      columnData: JSON.stringify(columns),
    });
    const missing = await api('POST', BASE, body(treeColumns));
    expect(missing.code).toBe(400);
    expect(missing.msg).toBe('列表左侧树的数据来源是数据接口，但没有选择接口（treeInterfaceId）');
    const english = await server.call('POST', BASE, {
      token: admin,
      headers: { 'accept-language': 'en-US' },
      body: body({ ...treeColumns, treeInterfaceId: '  ' }),
    });
    expect(english.json().msg).toBe(
      'The tree of the list takes its nodes from a data interface, but no interface is chosen (treeInterfaceId)',
    );
    const badKey = await api(
      'POST',
      BASE,
      body({ ...treeColumns, treeInterfaceId: 'if1', treePropsParent: 'parent-id' }),
    );
    expect(badKey.code).toBe(400);
    expect(badKey.msg).toMatch(/treePropsParent“parent-id”不是有效的字段名/);
    // Another list type does not use the tree, so its leftover tree settings do not matter.
    const plain = await api('POST', BASE, { ...body({ ...treeColumns, type: 1 }), enCode: 'apiTreePlain' });
    expect(plain.code).toBe(200);
    expect((await api('DELETE', `${BASE}/${plain.data.id}`)).code).toBe(200);
    expect(await db.selectFrom('visualdev_model').select('id').where('en_code', '=', 'apiTree').execute()).toEqual([]);

    const created = await api('POST', BASE, body({ ...treeColumns, treeInterfaceId: ' if1 ', treePropsParent: 'up' }));
    expect(created.code).toBe(200);
    const id = created.data.id as string;
    expect(JSON.parse((await api('GET', `${BASE}/${id}`)).data.columnData)).toMatchObject({
      treeInterfaceId: 'if1',
      treePropsParent: 'up',
    });
    // A draft stored before the interface was required: the release refuses it and releases nothing.
    await db
      .updateTable('visualdev_model')
      .set({ column_data: JSON.stringify(treeColumns) })
      .where('id', '=', id)
      .execute();
    const release = await api('POST', `${BASE}/${id}/Actions/Release`, {
      pcModuleParentId: '-1',
      pcSystemId: systemId,
    });
    expect(release.code).toBe(400);
    expect(release.msg).toContain('treeInterfaceId');
    expect(await server.rowOf('visualdev_model', id)).toMatchObject({
      state: 0,
      menu_id: null,
      released_column_data: null,
    });
    expect(await db.selectFrom('menu').select('id').where('en_code', '=', 'apiTree').execute()).toEqual([]);
    expect((await api('DELETE', `${BASE}/${id}`)).code).toBe(200);
  });

  it('two releases of one model at the same moment both succeed, with one table and one menu entry', async () => {
    const created = await api('POST', BASE, { ...modelBody(customerForm()), fullName: '并行发布', enCode: 'parallel' });
    const id = created.data.id as string;
    const target = { pcModuleParentId: '-1', pcSystemId: systemId };
    const answers = await Promise.all([
      api('POST', `${BASE}/${id}/Actions/Release`, target),
      api('POST', `${BASE}/${id}/Actions/Release`, target),
    ]);
    expect(answers.map((a) => a.code)).toEqual([200, 200]);
    const { db } = server.database;
    const menus = await db.selectFrom('menu').select('id').where('en_code', '=', 'parallel').execute();
    expect(menus).toHaveLength(1);
    const info = (await api('GET', `${BASE}/${id}`)).data;
    expect(info).toMatchObject({ state: 1, menuId: menus[0]!.id, version: 2 });
    await sql`select f_name from ${sql.table(info.tableName as string)}`.execute(db);
  });

  it('S2-7-82 S2-7-83 a new release adds columns and keeps old rows; a removed field keeps its data; a kind change over data is refused; rollback restores the released design', async () => {
    const { db } = server.database;
    const count = async () => (await api('POST', `${RUNTIME}/${modelId}/List`, {})).data.pagination.total;
    const before = await count();
    const withRemark = customerForm([designField('textarea', 'remark', '备注')]);
    const info = await api('GET', `${BASE}/${modelId}`);
    expect(
      (await api('PUT', `${BASE}/${modelId}`, { ...modelBody(withRemark), version: info.data.version })).code,
    ).toBe(200);
    expect(
      (await api('POST', `${BASE}/${modelId}/Actions/Release`, { pcModuleParentId: '-1', pcSystemId: systemId })).code,
    ).toBe(200);
    await sql`select f_remark from vd_customer`.execute(db);
    expect(await count()).toBe(before);

    // Without the credit field: the column and its values stay.
    const form = customerForm([designField('textarea', 'remark', '备注')]);
    form.fields = form.fields.filter((f) => f.__vModel__ !== 'credit');
    const columns = {
      ...customerColumns,
      columnList: customerColumns.columnList.filter((c) => c.prop !== 'credit'),
      searchList: [],
      defaultSidx: '',
    };
    const v1 = (await api('GET', `${BASE}/${modelId}`)).data.version;
    expect(
      (await api('PUT', `${BASE}/${modelId}`, { ...modelBody(form), columnData: JSON.stringify(columns), version: v1 }))
        .code,
    ).toBe(200);
    expect(
      (await api('POST', `${BASE}/${modelId}/Actions/Release`, { pcModuleParentId: '-1', pcSystemId: systemId })).code,
    ).toBe(200);
    const kept = await sql<{ n: number }>`select count(*) as n from vd_customer where f_credit is not null`.execute(db);
    expect(Number(kept.rows[0]!.n)).toBe(4);

    // Credit back as a text field while its column holds numbers: refused, nothing changes.
    const retyped = customerForm();
    retyped.fields = retyped.fields.map((f) =>
      f.__vModel__ === 'credit' ? designField('comInput', 'credit', '信用额度') : f,
    );
    const v2 = (await api('GET', `${BASE}/${modelId}`)).data.version;
    expect((await api('PUT', `${BASE}/${modelId}`, { ...modelBody(retyped), version: v2 })).code).toBe(200);
    const refused = await api('POST', `${BASE}/${modelId}/Actions/Release`, {
      pcModuleParentId: '-1',
      pcSystemId: systemId,
    });
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('信用额度');

    // Roll the draft back to the released design, and release the full form again.
    expect((await api('GET', `${BASE}/${modelId}/Actions/RollbackTemplate`)).code).toBe(200);
    expect(
      JSON.parse((await api('GET', `${BASE}/${modelId}`)).data.formData).fields.map((f: FormField) => f.__vModel__),
    ).not.toContain('credit');
    const v3 = (await api('GET', `${BASE}/${modelId}`)).data.version;
    expect(
      (
        await api('PUT', `${BASE}/${modelId}`, {
          ...modelBody(customerForm([designField('textarea', 'remark', '备注')])),
          version: v3,
        })
      ).code,
    ).toBe(200);
    expect(
      (await api('POST', `${BASE}/${modelId}/Actions/Release`, { pcModuleParentId: '-1', pcSystemId: systemId })).code,
    ).toBe(200);
    // The credit values written before the field was removed are there again.
    const rows = (await api('POST', `${RUNTIME}/${modelId}/List`, {})).data.list as { name: string; credit: string }[];
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.name === '星火物流')!.credit).toBe('12000.00');
  });

  it('S2-7-92 deletes one record and a batch, with their sub-table rows', async () => {
    const { db } = server.database;
    const ids = (await api('POST', `${RUNTIME}/${modelId}/List`, {})).data.list.map((r: { id: string }) => r.id);
    expect((await api('DELETE', `${RUNTIME}/${modelId}/${ids[0]}`)).code).toBe(200);
    expect((await api('GET', `${RUNTIME}/${modelId}/${ids[0]}`)).code).toBe(404);
    expect((await api('POST', `${RUNTIME}/batchDelete/${modelId}`, { ids: ids.slice(1, 3) })).code).toBe(200);
    const left = (await api('POST', `${RUNTIME}/${modelId}/List`, {})).data.list.map((r: { id: string }) => r.id);
    expect(left).toEqual([ids[3]]);
    const orphans =
      await sql`select id from vd_customer__contacts where parent_id not in (select id from vd_customer)`.execute(db);
    expect(orphans.rows).toHaveLength(0);
  });

  describe('a staff member with the menu, without one column, one form field and most records', () => {
    let staff: string;
    let staffId: string;
    let visible: string;
    let hidden: string;
    let schemeId: string;

    /** Grants the menu's elements that `keep` keeps and, unless granted before, the menu and its scheme. */
    const grantMenu = (userId: string, keep: (e: { kind: string; en_code: string }) => boolean, withMenu = true) =>
      inTransaction(server.database.db, async (trx) => {
        const elements = await trx
          .selectFrom('menu_element')
          .select(['id', 'kind', 'en_code'])
          .where('menu_id', '=', menuId)
          .execute();
        type Item = [AuthorizeTable['item_type'], string];
        const items: Item[] = [
          ...(withMenu
            ? ([
                ['system', systemId],
                ['module', menuId],
                ['resource', schemeId],
              ] as Item[])
            : []),
          ...elements.filter(keep).map((e): Item => [e.kind, e.id]),
        ];
        await trx
          .insertInto('authorize')
          .values(
            items.map(([item_type, item_id]) => ({
              id: newId(),
              item_type,
              item_id,
              object_type: 'user' as const,
              object_id: userId,
              created_at: Date.now(),
              created_by: null,
            })),
          )
          .execute();
        await bumpAuthorityRevision(trx);
      });

    beforeAll(async () => {
      const { db } = server.database;
      staffId = await server.addBareUser('vd.staff');
      for (const [name, credit] of [
        ['可见公司', 100],
        ['不可见公司', 200],
      ] as const)
        expect((await addRecord({ name, credit, level: 'a', contacts: [] })).code).toBe(200);
      const rows = (
        await api('POST', `${RUNTIME}/${modelId}/List`, { queryJson: JSON.stringify({ name: '可见公司' }) })
      ).data.list;
      visible = rows.find((r: { name: string }) => r.name === '可见公司').id;
      hidden = (await api('POST', `${RUNTIME}/${modelId}/List`, { queryJson: JSON.stringify({ name: '不可见' }) })).data
        .list[0].id;
      const now = Date.now();
      schemeId = newId();
      await db
        .insertInto('menu_resource')
        .values({
          id: schemeId,
          menu_id: menuId,
          full_name: '只看可见公司',
          en_code: 'visibleOnly',
          condition_json: JSON.stringify([{ field: 'name', op: '=', value: '可见公司' }]),
          match_logic: 'and',
          all_data: 0,
          version: 0,
          created_at: now,
          created_by: null,
          updated_at: null,
          updated_by: null,
          enabled: 1,
          sort_code: 0,
        })
        .execute();
      await grantMenu(
        staffId,
        (e) => !(e.kind === 'column' && e.en_code === 'credit') && !(e.kind === 'form' && e.en_code === 'owner'),
      );
      staff = await server.login('vd.staff');
    });

    it('the list omits records outside the scheme and the column the staff lacks', async () => {
      const list = await api('POST', `${RUNTIME}/${modelId}/List`, {}, staff);
      expect(list.code).toBe(200);
      expect(list.data.list.map((r: { id: string }) => r.id)).toEqual([visible]);
      expect(list.data.list[0]).not.toHaveProperty('credit');
      expect(list.data.list[0].name).toBe('可见公司');
    });

    it('S2-7-90 S2-7-91 with button grants on, a record is opened only with the edit or detail button; the list reads picked ids', async () => {
      const readerId = await server.addBareUser('vd.reader');
      await grantMenu(readerId, (e) => e.kind !== 'button' || e.en_code === 'btn_add');
      const reader = await server.login('vd.reader');
      const refused = { code: 403, msg: '暂无权限' };
      expect(await api('GET', `${RUNTIME}/${modelId}/${visible}`, undefined, reader)).toEqual(refused);
      expect(await api('GET', `${RUNTIME}/${modelId}/${visible}/DataChange`, undefined, reader)).toEqual(refused);
      expect(await api('PUT', `${RUNTIME}/${modelId}/${visible}`, { data: '{}' }, reader)).toEqual(refused);
      // The list answers the picked ids in the caller's scope, as people read them.
      const picked = await api('POST', `${RUNTIME}/${modelId}/List`, { ids: [hidden, visible] }, reader);
      expect(picked.data.list.map((r: { id: string }) => r.id)).toEqual([visible]);
      expect(picked.data.pagination.total).toBe(1);
      expect(picked.data.list[0]).toMatchObject({ name: '可见公司', level: 'A 级' });
      expect((await api('POST', `${RUNTIME}/${modelId}/List`, { ids: [] }, reader)).data.list).toEqual([]);

      // Either button opens the record: the detail one here, the edit one for the staff above.
      await grantMenu(readerId, (e) => e.en_code === 'btn_detail', false);
      const opened = await api('GET', `${RUNTIME}/${modelId}/${visible}`, undefined, reader);
      expect(opened.code).toBe(200);
      expect(JSON.parse(opened.data.data).name).toBe('可见公司');
      expect((await api('GET', `${RUNTIME}/${modelId}/${visible}/DataChange`, undefined, reader)).code).toBe(200);
      expect((await api('PUT', `${RUNTIME}/${modelId}/${visible}`, { data: '{}' }, reader)).code).toBe(403);
    });

    it('every one-record route of the runtime answers 404 for a record outside the scheme, which stays', async () => {
      const routes = server.app.declaredRoutes.filter(
        (r) => r.url.startsWith(RUNTIME) && r.scope && typeof r.scope.table !== 'string' && r.scope.idParam,
      );
      expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
        'DELETE /api/visualdev/OnlineDev/:modelId/:id',
        'GET /api/visualdev/OnlineDev/:modelId/:id',
        'GET /api/visualdev/OnlineDev/:modelId/:id/DataChange',
        'PUT /api/visualdev/OnlineDev/:modelId/:id',
      ]);
      for (const route of routes) {
        const url = route.url.replace(':modelId', modelId).replace(':id', hidden);
        const body = route.method === 'PUT' ? { data: '{"name":"改了"}', version: 0 } : undefined;
        const res = await api(route.method, url, body, staff);
        expect(res.code, `${route.method} ${url}`).toBe(404);
        expect(res).not.toHaveProperty('data');
        if (route.method === 'GET') {
          const seen = await api(
            route.method,
            route.url.replace(':modelId', modelId).replace(':id', visible),
            undefined,
            staff,
          );
          expect(seen.code, route.url).toBe(200);
          expect(seen.data.id).toBe(visible);
        }
      }
      expect((await api('POST', `${RUNTIME}/batchDelete/${modelId}`, { ids: [hidden] }, staff)).code).toBe(200);
      expect(JSON.parse((await api('GET', `${RUNTIME}/${modelId}/${hidden}`)).data.data).name).toBe('不可见公司');
    });

    it('a record in scope comes without the form field the staff lacks, and a save keeps that field', async () => {
      await api('PUT', `${RUNTIME}/${modelId}/${visible}`, {
        data: JSON.stringify({ name: '可见公司', credit: 100, level: 'a', owner: adminId, contacts: [] }),
      });
      const seen = await api('GET', `${RUNTIME}/${modelId}/${visible}`, undefined, staff);
      expect(seen.code).toBe(200);
      expect(JSON.parse(seen.data.data)).not.toHaveProperty('owner');
      const shown = await api('GET', `${RUNTIME}/${modelId}/${visible}/DataChange`, undefined, staff);
      expect(JSON.parse(shown.data.data)).not.toHaveProperty('owner');
      const saved = await api(
        'PUT',
        `${RUNTIME}/${modelId}/${visible}`,
        {
          data: JSON.stringify({ name: '可见公司', credit: 150, level: 'a', owner: 'forged-user', contacts: [] }),
          version: seen.data.version,
        },
        staff,
      );
      expect(saved.code).toBe(200);
      const stored = JSON.parse((await api('GET', `${RUNTIME}/${modelId}/${visible}`)).data.data);
      expect(stored).toMatchObject({ credit: 150, owner: adminId });
    });

    it('runs the data interface of a list tree through the call option fields make', async () => {
      const { db } = server.database;
      const cities = await db
        .selectFrom('data_interface')
        .select('id')
        .where('en_code', '=', 'demo.cities')
        .executeTakeFirstOrThrow();
      const res = await api(
        'POST',
        `/api/system/DataInterface/${cities.id}/Action/List`,
        {
          currentPage: 1,
          pageSize: 10_000,
          propsValue: 'id',
          relationField: 'fullName',
          columnOptions: '',
          paramList: [],
        },
        staff,
      );
      expect(res.code).toBe(200);
      expect(res.data.list).toContainEqual(expect.objectContaining({ id: '310000', fullName: '上海市' }));
    });

    it('the runtime refuses a caller without the menu, and the designer refuses staff', async () => {
      await server.addBareUser('vd.nobody');
      const nobody = await server.login('vd.nobody');
      // Every route on a released model's records names its menu (or a button of it) as its permission.
      const runtime = server.app.declaredRoutes.filter(
        (r) => typeof r.access === 'object' && typeof r.access.permission === 'function',
      );
      expect(runtime.length).toBe(16);
      for (const route of runtime) {
        // `:id` is the record beside `:modelId`, and the model itself on FieldDataSelect.
        const url = route.url.includes(':modelId')
          ? route.url.replace(':modelId', modelId).replace(':id', visible)
          : route.url.replace(':id', modelId) + '?field=name';
        const res = await server.call(route.method, url, {
          token: nobody,
          body: route.method === 'GET' ? undefined : {},
        });
        expect(res.json(), `${route.method} ${route.url}`).toEqual({ code: 403, msg: '暂无权限' });
      }
      expect((await api('GET', BASE, undefined, staff)).code).toBe(403);
      expect((await api('POST', `${RUNTIME}/no-such-model/List`, {}, staff)).code).toBe(404);
    });
  });

  it('S2-7-80 a released model is deleted only after its menu entry; its tables go with it', async () => {
    const refused = await api('DELETE', `${BASE}/${modelId}`);
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('客户登记');
    expect((await api('DELETE', `/api/system/Menu/${menuId}`)).code).toBe(200);
    expect((await api('DELETE', `${BASE}/${modelId}`)).code).toBe(200);
    await expect(sql`select id from vd_customer`.execute(server.database.db)).rejects.toThrow();
    expect(
      await server.database.db.selectFrom('visualdev_column').selectAll().where('model_id', '=', modelId).execute(),
    ).toHaveLength(0);
  });
});
