import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormField, FormJson } from '@atrium/shared/forms';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';
import { designField } from '@atrium/shared/forms/fixtures';
import { DEFAULT_PAGE_PARAM } from '../system/print-dev/schema.ts';

const BASE = '/api/visualdev/Base';
const RUNTIME = '/api/visualdev/OnlineDev';
const PRINT = '/api/system/printDev';

/** An expense ledger: a name, an amount, a quantity, a level and lines with a price of their own. */
const ledgerForm: FormJson = {
  popupType: 'general',
  labelWidth: 100,
  fields: [
    designField('comInput', 'name', '名称', { config: { required: true } }),
    designField('numInput', 'amount', '金额', { precision: 2 }),
    designField('numInput', 'qty', '数量'),
    designField('select', 'level', '等级', {
      __slot__: {
        options: [
          { id: 'a', fullName: 'A' },
          { id: 'b', fullName: 'B' },
        ],
      },
    }),
    {
      __config__: {
        jnpfKey: 'table',
        label: '明细',
        layout: 'rowFormItem',
        children: [designField('numInput', 'price', '单价')],
      },
      __vModel__: 'lines',
    } as FormField,
  ],
};

const ledgerColumns = {
  type: 1,
  columnList: [
    { label: '名称', prop: 'name' },
    { label: '金额', prop: 'amount' },
    { label: '数量', prop: 'qty' },
    { label: '等级', prop: 'level' },
  ],
  searchList: [
    { label: '名称', prop: 'name', searchType: 2 },
    { label: '等级', prop: 'level', searchType: 1 },
  ],
  hasPage: true,
  pageSize: 20,
  // A text field and a sub-table column are named too: neither is summed.
  showSummary: true,
  summaryField: ['amount', 'qty', 'name', 'lines-price'],
  useColumnPermission: true,
  btnsList: [{ value: 'batchPrint', label: '批量打印' }],
  printIds: [] as string[],
};

/** Records 1 to 25: amount i + 0.1, quantity i, level a for odd i and b for even i. */
const RECORDS = Array.from({ length: 25 }, (_, k) => k + 1);
const sumOf = (ids: number[]) => ids.reduce((s, i) => s + i, 0);
const amountOf = (ids: number[]) => Number((sumOf(ids) + ids.length * 0.1).toFixed(2));

describe.each(dbTargets())('online-form records: totals and print data on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let outsider: string;
  let modelId: string;
  let menuId: string;
  let systemId: string;

  const api = (method: string, url: string, body?: unknown, token = admin) =>
    server.call(method, url, { token, ...(body === undefined ? {} : { body }) }).then((r) => r.json());
  const listOf = (body: Record<string, unknown>, token = admin) =>
    api('POST', `${RUNTIME}/${modelId}/List`, body, token);
  const idOf = async (name: string) =>
    (await listOf({ queryJson: JSON.stringify({ name }), pageSize: 100 })).data.list.find(
      (r: { name: string }) => r.name === name,
    ).id as string;

  beforeAll(async () => {
    server = await createTestServer(target);
    admin = await server.login('admin');
    const { db } = server.database;
    systemId = (await db.selectFrom('app_system').select('id').orderBy('sort_code').executeTakeFirstOrThrow()).id;
    const created = await api('POST', BASE, {
      fullName: '费用台账',
      enCode: 'ledger',
      formData: JSON.stringify(ledgerForm),
      columnData: JSON.stringify(ledgerColumns),
    });
    expect(created.code).toBe(200);
    modelId = created.data.id;
    expect(
      (await api('POST', `${BASE}/${modelId}/Actions/Release`, { pcModuleParentId: '-1', pcSystemId: systemId })).code,
    ).toBe(200);
    menuId = (
      await db.selectFrom('visualdev_model').select('menu_id').where('id', '=', modelId).executeTakeFirstOrThrow()
    ).menu_id!;
    for (const i of RECORDS) {
      const data = { name: `记录${i}`, amount: i + 0.1, qty: i, level: i % 2 ? 'a' : 'b', lines: [{ price: 1000 }] };
      expect((await api('POST', `${RUNTIME}/${modelId}`, { data: JSON.stringify(data) })).code).toBe(200);
    }

    // Staff: the menu with every column but the amount, and the records of level a only.
    const scheme = await api('POST', '/api/system/ModuleDataAuthorizeScheme', {
      moduleId: menuId,
      fullName: '只看 A 级',
      enCode: 'levelA',
      conditionJson: '[{"field":"level","op":"=","value":"a"}]',
      matchLogic: 'and',
      allData: 0,
    });
    expect(scheme.code).toBe(200);
    const elements = await db
      .selectFrom('menu_element')
      .select(['id', 'kind', 'en_code'])
      .where('menu_id', '=', menuId)
      .execute();
    const grant = async (account: string, extra: { module: string[]; column: string[]; resource: string[] }) => {
      const userId = await server.addBareUser(account);
      const data = (await api('GET', `/api/permission/Authority/Data/${userId}?objectType=user`)).data;
      const saved = await api('PUT', `/api/permission/Authority/Data/${userId}`, {
        objectType: 'user',
        version: data.version,
        system: [systemId],
        ...extra,
      });
      expect(saved.code).toBe(200);
      return server.login(account);
    };
    staff = await grant('ledger.staff', {
      module: [menuId],
      column: elements.filter((e) => e.kind === 'column' && e.en_code !== 'amount').map((e) => e.id),
      resource: [scheme.data.id],
    });
    // Signed in, without the ledger's menu.
    outsider = await grant('ledger.outsider', { module: [], column: [], resource: [] });
  });
  afterAll(() => server.close());

  describe('the summary row totals every record of the query', () => {
    it('S2-7-89 two pages of 20 answer the total of all 25 records, on each page', async () => {
      const first = await listOf({ pageSize: 20 });
      expect(first.code).toBe(200);
      expect(first.data.list).toHaveLength(20);
      expect(first.data.pagination.total).toBe(25);
      const all = { amount: amountOf(RECORDS), qty: sumOf(RECORDS) };
      // The text field and the sub-table column have no total.
      expect(first.data.summary).toEqual(all);
      const second = await listOf({ pageSize: 20, currentPage: 2 });
      expect(second.data.list).toHaveLength(5);
      expect(second.data.summary).toEqual(all);
    });

    it('S2-7-89 a search totals the matching records only', async () => {
      const even = RECORDS.filter((i) => i % 2 === 0);
      expect((await listOf({ queryJson: JSON.stringify({ level: 'b' }) })).data.summary).toEqual({
        amount: amountOf(even),
        qty: sumOf(even),
      });
      // 记录1 and 记录10 to 记录19.
      const named = RECORDS.filter((i) => String(i).startsWith('1'));
      const found = await listOf({ queryJson: JSON.stringify({ name: '记录1' }), pageSize: 5 });
      expect(found.data.pagination.total).toBe(named.length);
      expect(found.data.summary).toEqual({ amount: amountOf(named), qty: sumOf(named) });
      // The last page, and a page past the end, still answer the whole query's count and totals.
      for (const [currentPage, rows] of [
        [3, 1],
        [4, 0],
      ] as const) {
        const page = await listOf({ queryJson: JSON.stringify({ name: '记录1' }), pageSize: 5, currentPage });
        expect(page.data.list).toHaveLength(rows);
        expect(page.data.pagination.total).toBe(named.length);
        expect(page.data.summary).toEqual({ amount: amountOf(named), qty: sumOf(named) });
      }
    });

    it('S2-3-30 a caller without the amount column gets no amount total; their scope bounds the rest', async () => {
      const seen = await listOf({ pageSize: 5 }, staff);
      expect(seen.code).toBe(200);
      expect(seen.data.list[0]).not.toHaveProperty('amount');
      expect(seen.data.summary).toEqual({ qty: sumOf(RECORDS.filter((i) => i % 2 === 1)) });
    });

    it('a list without a summary row answers no summary', async () => {
      const asset = await server.database.db
        .selectFrom('visualdev_model')
        .select('id')
        .where('en_code', '=', 'demoAsset')
        .executeTakeFirstOrThrow();
      const res = await api('POST', `${RUNTIME}/${asset.id}/List`, {});
      expect(res.code).toBe(200);
      expect(res.data.list.length).toBeGreaterThan(0);
      expect(res.data).not.toHaveProperty('summary');
    });
  });

  describe('print data of an online-form record', () => {
    let templateId: string;

    beforeAll(async () => {
      const table = (await api('GET', `${BASE}/${modelId}`)).data.tableName as string;
      const created = await api('POST', PRINT, {
        fullName: '费用单',
        enCode: 'ledgerPrint',
        category: 'finance',
        type: 2,
        sqlTemplate: `select f_name as "name", f_amount as "amount" from ${table} where id = @formId`,
        printTemplate: '<p><span class="print-field" data-field="name" contenteditable="false">{name}</span></p>',
        pageParam: DEFAULT_PAGE_PARAM,
        sortCode: 0,
        description: '',
      });
      expect(created.code).toBe(200);
      templateId = created.data.id;
    });

    const printed = (formId: string, token: string) =>
      api('GET', `${PRINT}/Data?id=${templateId}&formId=${formId}`, undefined, token);

    it('S2-7-97 answers a caller who may read the record', async () => {
      const res = await printed(await idOf('记录3'), staff);
      expect(res.code).toBe(200);
      expect(res.data.printData).toEqual({ name: '记录3', amount: 3.1 });
    });

    it('S2-7-97 answers 404 for a record outside the caller’s scope, or without the menu', async () => {
      const even = await idOf('记录4');
      for (const [token, formId] of [
        [staff, even],
        [outsider, await idOf('记录3')],
      ] as const) {
        const res = await printed(formId, token);
        expect(res.code).toBe(404);
        expect(res).not.toHaveProperty('data');
      }
      // A deleted record is no longer there to print.
      const deleted = await idOf('记录5');
      expect((await printed(deleted, staff)).code).toBe(200);
      expect((await api('DELETE', `${RUNTIME}/${modelId}/${deleted}`)).code).toBe(200);
      expect((await printed(deleted, staff)).code).toBe(404);
    });
  });
});
