import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billDatePart } from '@atrium/shared';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';
import { inTransaction } from '../../../db/tx.ts';
import { issueBillNumber } from './bill-number-service.ts';

const BASE = '/api/system/BillRule';
const en = { 'accept-language': 'en-US' };

interface Row {
  id: string;
  enCode: string;
  fullName: string;
  category: string;
}

describe.each(dbTargets())('bill rules on $name', (target) => {
  let server: TestServer;
  let hexin: string;
  let zhuting: string;
  const rule = (over: Record<string, unknown> = {}) => ({
    fullName: '测试单',
    enCode: 'testBill',
    category: 'cat-a',
    prefix: 'TS',
    dateFormat: 'yyyyMMdd',
    digit: 4,
    startNumber: '1',
    sortCode: 1,
    description: '',
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = (await server.call('POST', BASE, { token: hexin, body: rule(over) })).json();
    expect(res.code, res.msg).toBe(200);
    return res.data.id as string;
  };
  const issue = async (code: string, token = zhuting) =>
    (await server.call('GET', `${BASE}/BillNumber/${code}`, { token })).json();
  const count = async () =>
    Number(
      (
        await server.database.db
          .selectFrom('bill_rule')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Local time, as the numbers use: `new Date(2026, 0, 31, 23, 59)` and so on. */
  const setClock = (d: Date) => (server.clock.now = d.getTime());

  beforeAll(async () => {
    server = await createTestServer(target);
    [hexin, zhuting] = await server.logins(['hexin', 'zhuting']);
  });
  afterAll(() => server.close());

  it('S2-7-54 lists the seeded rules paged, by keyword and category; other users get 403, no token 602', async () => {
    const all = (await server.call('GET', `${BASE}?pageSize=2`, { token: hexin })).json();
    expect(all.code).toBe(200);
    expect(all.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 5 });
    expect(all.data.list.map((r: Row) => r.enCode)).toEqual(['leaveApply', 'expenseClaim']);
    expect(all.data.list[0]).toMatchObject({
      fullName: '请假单',
      prefix: 'QJ',
      dateFormat: 'yyyyMMdd',
      digit: 4,
      startNumber: '1',
      thisNumber: 0,
      outputNumber: '',
      enabledMark: 1,
      example: `QJ${billDatePart('yyyyMMdd', server.clock.now)}0001`,
    });
    // The seeded rules sit in the businessType dictionary's categories.
    const hr = await server.database.db
      .selectFrom('dictionary_data')
      .innerJoin('dictionary_type', 'dictionary_type.id', 'dictionary_data.type_id')
      .select('dictionary_data.id')
      .where('dictionary_type.en_code', '=', 'businessType')
      .where('dictionary_data.en_code', '=', 'hr')
      .executeTakeFirstOrThrow();
    expect(all.data.list[0].category).toBe(hr.id);
    const inHr = (await server.call('GET', `${BASE}?categoryId=${hr.id}`, { token: hexin })).json();
    expect(inHr.data.list.map((r: Row) => r.enCode)).toEqual(['leaveApply']);
    const kw = (await server.call('GET', `${BASE}?keyword=${encodeURIComponent('报销')}`, { token: hexin })).json();
    expect(kw.data.list.map((r: Row) => r.enCode)).toEqual(['expenseClaim']);
    const byCode = (await server.call('GET', `${BASE}?keyword=PURCHASE`, { token: hexin })).json();
    expect(byCode.data.list.map((r: Row) => r.enCode)).toEqual(['purchaseOrder']);
    const sorted = (await server.call('GET', `${BASE}?sidx=enCode&sort=asc`, { token: hexin })).json();
    expect(sorted.data.list.map((r: Row) => r.enCode)).toEqual([
      'contract',
      'expenseClaim',
      'leaveApply',
      'purchaseOrder',
      'visitorPass',
    ]);

    expect((await server.call('GET', BASE, { token: zhuting })).json().code).toBe(403);
    expect((await server.call('GET', BASE)).json().code).toBe(602);
    const bad = (await server.call('GET', `${BASE}?pageSize=0`, { token: hexin, headers: en })).json();
    expect(bad).toMatchObject({ code: 400 });
    expect(bad.msg).toContain('pageSize');
  });

  it('S2-7-54 creates, reads, saves with version, and filters by category', async () => {
    const id = await create({ enCode: 'crud1', category: 'cat-x' });
    const info = (await server.call('GET', `${BASE}/${id}`, { token: hexin })).json().data;
    expect(info).toMatchObject({ id, enCode: 'crud1', category: 'cat-x', version: 0, example: expect.any(String) });
    const byCategory = (await server.call('GET', `${BASE}?categoryId=cat-x`, { token: hexin })).json();
    expect(byCategory.data.list.map((r: Row) => r.enCode)).toEqual(['crud1']);

    const saved = (
      await server.call('PUT', `${BASE}/${id}`, {
        token: hexin,
        body: rule({ enCode: 'crud1', fullName: '改名', prefix: 'NEW', digit: 6, version: 0 }),
      })
    ).json();
    expect(saved).toEqual({ code: 200, msg: '修改成功' });
    expect(await server.rowOf('bill_rule', id)).toMatchObject({
      full_name: '改名',
      prefix: 'NEW',
      digit: 6,
      version: 1,
    });

    const twice = await server.saveTwiceAtOnce(
      `${BASE}/${id}`,
      { token: hexin, body: rule({ enCode: 'crud1', fullName: 'A', version: 1 }) },
      { token: hexin, body: rule({ enCode: 'crud1', fullName: 'B', version: 1 }) },
    );
    expect(twice.codes).toEqual([200, 409]);
    expect((await server.rowOf('bill_rule', id)).full_name).toBe(twice.winner === 0 ? 'A' : 'B');
    expect((await server.call('GET', `${BASE}/nope`, { token: hexin })).json().code).toBe(404);
  });

  it('refuses bad input with 400 naming the field, and creates nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ dateFormat: 'ddMMyyyy' }, 'dateFormat'],
      [{ startNumber: '0' }, 'startNumber'],
      [{ startNumber: '12a' }, 'startNumber'],
      [{ startNumber: '123456', digit: 4 }, 'startNumber'],
      [{ digit: 0 }, 'digit'],
      [{ digit: 13 }, 'digit'],
      [{ prefix: 'A B' }, 'prefix'],
      [{ enCode: '' }, 'enCode'],
      [{ fullName: '' }, 'fullName'],
    ];
    for (const [over, field] of cases) {
      const res = (
        await server.call('POST', BASE, { token: hexin, headers: en, body: rule({ enCode: 'bad1', ...over }) })
      ).json();
      expect(res.code, JSON.stringify(over)).toBe(400);
      expect(res.msg, JSON.stringify(over)).toContain(field);
    }
    const taken = (await server.call('POST', BASE, { token: hexin, body: rule({ enCode: 'leaveApply' }) })).json();
    expect(taken).toEqual({ code: 400, msg: '编码“leaveApply”已存在' });
    expect(await count()).toBe(before);
  });

  it('two admins creating the same code at once: exactly one rule', async () => {
    const [a, b] = await Promise.all([
      server.call('POST', BASE, { token: hexin, body: rule({ enCode: 'race1', fullName: 'A' }) }),
      server.call('POST', BASE, { token: hexin, body: rule({ enCode: 'race1', fullName: 'B' }) }),
    ]);
    expect([a.json().code, b.json().code].sort()).toEqual([200, 400]);
    const rows = await server.database.db.selectFrom('bill_rule').select('id').where('en_code', '=', 'race1').execute();
    expect(rows).toHaveLength(1);
  });

  it('write calls need their buttons: 403 for a user without the grant', async () => {
    const id = await create({ enCode: 'perm1' });
    expect((await server.call('POST', BASE, { token: zhuting, body: rule({ enCode: 'perm2' }) })).json().code).toBe(
      403,
    );
    expect(
      (await server.call('PUT', `${BASE}/${id}`, { token: zhuting, body: rule({ version: 0 }) })).json().code,
    ).toBe(403);
    expect((await server.call('DELETE', `${BASE}/${id}`, { token: zhuting })).json().code).toBe(403);
    expect((await server.call('PUT', `${BASE}/${id}/Actions/State`, { token: zhuting })).json().code).toBe(403);
    expect((await server.call('GET', `${BASE}/${id}/Action/Export`, { token: zhuting })).json().code).toBe(403);
    expect((await server.call('GET', `${BASE}/BillNumber/perm1`)).json().code).toBe(602);
    expect(await server.exists('bill_rule', id)).toBe(true);
  });

  it('S2-3-21 the template selector: enabled rules, keyword, category, 20 a page, for any signed-in user', async () => {
    await create({ enCode: 'tpl1', category: 'cat-tpl', startNumber: '100' });
    const off = await create({ enCode: 'tpl2', category: 'cat-tpl' });
    await server.call('PUT', `${BASE}/${off}/Actions/State`, { token: hexin });
    const res = (await server.call('GET', `${BASE}/Selector?categoryId=cat-tpl`, { token: zhuting })).json();
    expect(res.code).toBe(200);
    expect(res.data).toEqual({
      list: [{ id: expect.any(String), fullName: '测试单', enCode: 'tpl1', startNumber: '100', category: 'cat-tpl' }],
      pagination: { currentPage: 1, pageSize: 20, total: 1 },
    });
    const kw = (
      await server.call('GET', `${BASE}/Selector?keyword=${encodeURIComponent('请假')}`, { token: zhuting })
    ).json();
    expect(kw.data.list.map((r: Row) => r.enCode)).toEqual(['leaveApply']);
  });

  it('S2-4-30 state toggles; a disabled rule issues nothing, an unknown code neither', async () => {
    const id = await create({ enCode: 'state1' });
    const off = (await server.call('PUT', `${BASE}/${id}/Actions/State`, { token: hexin })).json();
    expect(off).toMatchObject({ code: 200, data: { enabledMark: 0 } });
    expect(await issue('state1')).toEqual({ code: 400, msg: '单据规则“state1”已禁用，不能取号' });
    expect((await server.call('PUT', `${BASE}/${id}/Actions/State`, { token: hexin })).json().data.enabledMark).toBe(1);
    expect((await issue('state1')).code).toBe(200);
    expect(await issue('noSuchRule')).toEqual({ code: 400, msg: '单据规则“noSuchRule”不存在' });
    expect(
      (await server.call('GET', `${BASE}/BillNumber/${encodeURIComponent('a b')}`, { token: hexin })).json().code,
    ).toBe(400);
  });

  it('S2-7-55 issues prefix + date + padded serial; the counter restarts at midnight and with the month', async () => {
    await create({ enCode: 'daily', prefix: 'QJ', dateFormat: 'yyyyMMdd', digit: 4, startNumber: '1' });
    await create({ enCode: 'monthly', prefix: 'BX', dateFormat: 'yyyyMM', digit: 3, startNumber: '5' });
    await create({ enCode: 'yearly', prefix: 'HT', dateFormat: 'yyyy', digit: 2, startNumber: '1' });
    await create({ enCode: 'plain', prefix: '', dateFormat: 'no', digit: 3, startNumber: '10' });
    const saved = server.clock.now;
    try {
      setClock(new Date(2026, 0, 31, 23, 59, 0));
      expect((await issue('daily')).data).toBe('QJ202601310001');
      expect((await issue('daily')).data).toBe('QJ202601310002');
      expect((await issue('monthly')).data).toBe('BX202601005');
      expect((await issue('monthly')).data).toBe('BX202601006');
      expect((await issue('yearly')).data).toBe('HT202601');
      expect((await issue('plain')).data).toBe('010');

      setClock(new Date(2026, 1, 1, 0, 0, 30)); // across midnight, into a new month
      expect((await issue('daily')).data).toBe('QJ202602010001');
      expect((await issue('monthly')).data).toBe('BX202602005');
      expect((await issue('yearly')).data).toBe('HT202602');
      expect((await issue('plain')).data).toBe('011');

      setClock(new Date(2026, 1, 1, 18, 0)); // the same day and month: the counters go on
      expect((await issue('daily')).data).toBe('QJ202602010002');
      expect((await issue('monthly')).data).toBe('BX202602006');

      const row = (await server.call('GET', `${BASE}?keyword=daily`, { token: hexin })).json().data.list[0];
      expect(row).toMatchObject({ thisNumber: 2, outputNumber: 'QJ202602010002', example: 'QJ202602010003' });
      setClock(new Date(2026, 1, 2, 8, 0));
      const nextDay = (await server.call('GET', `${BASE}?keyword=daily`, { token: hexin })).json().data.list[0];
      expect(nextDay.example).toBe('QJ202602020001');
    } finally {
      server.clock.now = saved;
    }
  });

  it('a number issued in a transaction that rolls back leaves no gap', async () => {
    await create({ enCode: 'rollback', prefix: 'RB', dateFormat: 'no', digit: 3 });
    const db = server.database.db;
    expect(await issueBillNumber(db, 'rollback', server.clock.now)).toBe('RB001');
    await expect(
      inTransaction(db, async (trx) => {
        expect(await issueBillNumber(trx, 'rollback', server.clock.now)).toBe('RB002');
        throw new Error('the record failed to save');
      }),
    ).rejects.toThrow('the record failed to save');
    expect(await issueBillNumber(db, 'rollback', server.clock.now)).toBe('RB002');
  });

  it('S2-7-55 1 000 parallel requests for one rule get 1 000 distinct consecutive numbers', async () => {
    await create({ enCode: 'crowd', prefix: 'C', dateFormat: 'no', digit: 4, startNumber: '1' });
    const answers = await Promise.all(
      Array.from({ length: 1000 }, () => server.call('GET', `${BASE}/BillNumber/crowd`, { token: zhuting })),
    );
    const numbers = answers
      .map((a) => a.json())
      .map((b) => {
        expect(b.code).toBe(200);
        return b.data as string;
      });
    expect(new Set(numbers).size).toBe(1000);
    expect([...numbers].sort()).toEqual(Array.from({ length: 1000 }, (_, i) => `C${String(i + 1).padStart(4, '0')}`));
    const row = await server.database.db
      .selectFrom('bill_rule')
      .select(['this_number', 'date_part'])
      .where('en_code', '=', 'crowd')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ this_number: 1000, date_part: '' });
    const listed = (await server.call('GET', `${BASE}?keyword=crowd`, { token: hexin })).json().data.list[0];
    expect(listed).toMatchObject({ thisNumber: 1000, outputNumber: 'C1000', example: 'C1001' });
  }, 60_000);

  it('after issuing, what makes up the numbers is fixed and the rule cannot be deleted', async () => {
    const id = await create({ enCode: 'fixed', prefix: 'FX' });
    await issue('fixed');
    for (const [over, field] of [
      [{ prefix: 'FY' }, 'prefix'],
      [{ dateFormat: 'yyyy' }, 'dateFormat'],
      [{ digit: 3 }, 'digit'],
      [{ startNumber: '5' }, 'startNumber'],
      [{ enCode: 'fixed2' }, 'enCode'],
    ] as const) {
      const res = (
        await server.call('PUT', `${BASE}/${id}`, {
          token: hexin,
          headers: en,
          body: rule({ enCode: 'fixed', prefix: 'FX', ...over, version: 0 }),
        })
      ).json();
      expect(res.code).toBe(400);
      expect(res.msg).toBe(
        `Invalid ${field}: cannot change once the rule has issued numbers (create a new rule instead)`,
      );
    }
    const renamed = (
      await server.call('PUT', `${BASE}/${id}`, {
        token: hexin,
        body: rule({ enCode: 'fixed', prefix: 'FX', fullName: '新名称', category: 'cat-b', version: 0 }),
      })
    ).json();
    expect(renamed.code).toBe(200);
    expect((await server.call('DELETE', `${BASE}/${id}`, { token: hexin })).json()).toEqual({
      code: 400,
      msg: '该规则已发放过单据号，不能删除，可将其禁用',
    });
    expect(await server.exists('bill_rule', id)).toBe(true);

    const unused = await create({ enCode: 'unused' });
    expect((await server.call('DELETE', `${BASE}/${unused}`, { token: hexin })).json()).toEqual({
      code: 200,
      msg: '删除成功',
    });
    expect(await server.exists('bill_rule', unused)).toBe(false);
    expect((await server.call('DELETE', `${BASE}/${unused}`, { token: hexin })).json().code).toBe(404);
  });

  it('S2-7-54 exports the definition as a JSON file', async () => {
    const id = await create({ enCode: 'exp1', fullName: '导出单' });
    const res = await server.call('GET', `${BASE}/${id}/Action/Export`, { token: hexin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('导出单.json'));
    expect(JSON.parse(res.body)).toEqual({
      fullName: '导出单',
      enCode: 'exp1',
      category: 'cat-a',
      prefix: 'TS',
      dateFormat: 'yyyyMMdd',
      digit: 4,
      startNumber: '1',
      enabledMark: 1,
      sortCode: 1,
      description: '',
    });
  });
});
