import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';
import { EMPLOYEE_TEMPLATE_CODE } from '../../../seed/print-templates.ts';

const BASE = '/api/system/printDev';
const en = { 'accept-language': 'en-US' };

const body = (over: Record<string, unknown> = {}) => ({
  fullName: '报销单打印',
  enCode: 'expensePrint',
  category: 'finance',
  type: 1,
  sqlTemplate: 'select account as "account", real_name as "realName" from users where id = @formId',
  printTemplate:
    '<p>姓名：<span class="print-field" data-field="realName" contenteditable="false">{realName}</span></p>',
  pageParam: {
    paper: 'A5',
    orientation: 'landscape',
    marginTop: 10,
    marginRight: 10,
    marginBottom: 10,
    marginLeft: 10,
  },
  sortCode: 3,
  description: 'test',
  ...over,
});

describe.each(dbTargets())('print templates on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let shixue: string;
  let staff: string;
  /** The demo employee `staff`: may not design print templates, owns a user record. */
  let owner: string;
  let ownerId: string;
  let seededId: string;
  let shixueId: string;

  const call = (method: string, url: string, token: string | undefined, payload?: unknown) =>
    server.call(method, url, { token, body: payload, headers: en }).then((r) => r.json());

  beforeAll(async () => {
    server = await createTestServer(target);
    await server.addBareUser('noprint');
    [admin, shixue, staff, owner] = await server.logins(['admin', 'shixue', 'noprint', 'staff']);
    ownerId = await server.userIdOf('staff');
    seededId = (
      await server.database.db
        .selectFrom('print_template')
        .select('id')
        .where('en_code', '=', EMPLOYEE_TEMPLATE_CODE)
        .executeTakeFirstOrThrow()
    ).id;
    shixueId = await server.userIdOf('shixue');
  });
  afterAll(() => server.close());

  it('S1-7-53 S2-7-96 every call refuses a caller without a token (602) and management refuses one without the grant (403)', async () => {
    for (const [method, url, payload] of [
      ['GET', BASE],
      ['GET', `${BASE}/${seededId}`],
      ['POST', BASE, body()],
      ['PUT', `${BASE}/${seededId}`, { ...body(), version: 0 }],
      ['DELETE', `${BASE}/${seededId}`],
      ['POST', `${BASE}/${seededId}/Actions/Copy`],
      ['GET', `${BASE}/${seededId}/Actions/Export`],
      ['POST', `${BASE}/Fields`, { sqlTemplate: 'select 1 as "a"' }],
    ] as const) {
      expect((await call(method, url, undefined, payload)).code, `${method} ${url}`).toBe(602);
      const denied = await call(method, url, staff, payload);
      expect(denied.code, `${method} ${url}`).toBe(403);
    }
    for (const url of [`${BASE}/Selector`, `${BASE}/Data?id=${seededId}&formId=${shixueId}`])
      expect((await call('GET', url, undefined)).code).toBe(602);
    expect(await server.exists('print_template', seededId)).toBe(true);
  });

  it('S2-7-96 the list pages by keyword and category; a bad page size is refused naming the field', async () => {
    const created = await call(
      'POST',
      BASE,
      shixue,
      body({ enCode: 'listA', fullName: '列表甲', category: 'finance' }),
    );
    expect(created.code).toBe(200);
    const all = await call('GET', `${BASE}?pageSize=1`, shixue);
    expect(all.code).toBe(200);
    expect(all.data.list).toHaveLength(1);
    expect(all.data.pagination.total).toBeGreaterThanOrEqual(2);
    const byKeyword = await call('GET', `${BASE}?keyword=${encodeURIComponent('员工信息')}`, shixue);
    expect(byKeyword.data.list.map((r: { enCode: string }) => r.enCode)).toEqual([EMPLOYEE_TEMPLATE_CODE]);
    expect(byKeyword.data.list[0]).toMatchObject({
      fullName: '员工信息登记表',
      category: 'hr',
      type: 2,
      enabledMark: 1,
      // The category shows by its printCategory dictionary name; a code without an item as itself.
      categoryName: '人事',
    });
    await call('POST', BASE, shixue, body({ enCode: 'listB', category: 'noSuchCategory' }));
    const byOther = await call('GET', `${BASE}?category=noSuchCategory`, shixue);
    expect(byOther.data.list[0]).toMatchObject({ enCode: 'listB', categoryName: 'noSuchCategory' });
    const byCategory = await call('GET', `${BASE}?category=finance`, shixue);
    expect(byCategory.data.list.map((r: { enCode: string }) => r.enCode)).toContain('listA');
    expect(byCategory.data.list[0].categoryName).toBe('财务');
    expect(byCategory.data.list.every((r: { category: string }) => r.category === 'finance')).toBe(true);
    const bad = await call('GET', `${BASE}?pageSize=0`, shixue);
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('pageSize');
  });

  it('S2-7-96 create, read, save and delete; the HTML is sanitised and the page settings kept', async () => {
    const html =
      '<p onclick="alert(1)">x<script>alert(2)</script><span class="print-field" data-field="T1.amount" data-format="amountInWords" contenteditable="false">{T1.amount}</span></p>' +
      '<hr class="print-page-break"><table><tbody><tr><td data-row="r1" style="border: 1px solid #000; background: url(javascript:x)">a</td></tr></tbody></table>' +
      '<img src="javascript:alert(3)"><a href="javascript:alert(4)">link</a><iframe src="https://x.test"></iframe>';
    const created = await call('POST', BASE, shixue, body({ printTemplate: html }));
    expect(created.code).toBe(200);
    const id = created.data.id as string;
    const info = await call('GET', `${BASE}/${id}`, shixue);
    expect(info.data).toMatchObject({
      fullName: '报销单打印',
      enCode: 'expensePrint',
      category: 'finance',
      type: 1,
      pageParam: { paper: 'A5', orientation: 'landscape', marginTop: 10 },
      version: 0,
    });
    const stored = info.data.printTemplate as string;
    expect(stored).not.toMatch(/script|onclick|javascript|iframe|url\(/i);
    expect(stored).toContain(
      '<span class="print-field" data-field="T1.amount" data-format="amountInWords" contenteditable="false">{T1.amount}</span>',
    );
    expect(stored).toContain('<hr class="print-page-break" />');
    expect(stored).toContain('<td data-row="r1" style="border:1px solid #000">a</td>');

    const saved = await call('PUT', `${BASE}/${id}`, shixue, { ...body({ fullName: '报销单打印2' }), version: 0 });
    expect(saved.code).toBe(200);
    expect((await server.rowOf('print_template', id)).full_name).toBe('报销单打印2');

    const removed = await call('DELETE', `${BASE}/${id}`, shixue);
    expect(removed.code).toBe(200);
    expect(await server.exists('print_template', id)).toBe(false);
    expect((await call('GET', `${BASE}/${id}`, shixue)).code).toBe(404);
    expect((await call('DELETE', `${BASE}/${id}`, shixue)).code).toBe(404);
  });

  it('S2-7-96 invalid input answers 400 naming the field and stores nothing', async () => {
    const count = async () =>
      Number(
        (
          await server.database.db
            .selectFrom('print_template')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    for (const [over, field] of [
      [{ fullName: '' }, 'fullName'],
      [{ enCode: 'has space' }, 'enCode'],
      [{ category: undefined }, 'category'],
      [{ type: 3 }, 'type'],
      [{ pageParam: { paper: 'B5' } }, 'pageParam.paper'],
      [{ pageParam: { marginTop: -1 } }, 'pageParam.marginTop'],
    ] as const) {
      const res = await call('POST', BASE, shixue, body({ enCode: 'invalid1', ...over }));
      expect(res.code, field).toBe(400);
      expect(res.msg, field).toContain(field);
    }
    const taken = await call('POST', BASE, shixue, body({ enCode: EMPLOYEE_TEMPLATE_CODE }));
    expect(taken.code).toBe(400);
    expect(taken.msg).toContain(EMPLOYEE_TEMPLATE_CODE);
    expect(await count()).toBe(before);
  });

  it('S2-7-96 writing SQL is refused with a clear message, on save and on /Fields', async () => {
    const refused = [
      ['delete from users', 'only SELECT statements are allowed'],
      ['select 1 as "a"; update users set real_name = \'x\'', 'SQL statement 2 is not a read-only query'],
      ['with gone as (delete from users returning id) select * from gone', 'only SELECT statements are allowed'],
      ['select * from users for update', 'only SELECT statements are allowed'],
      ['select id into backup from users', 'only SELECT statements are allowed'],
      ['drop table users', 'only SELECT statements are allowed'],
      ['select pg_sleep(10)', 'not allowed: pg_sleep'],
      ['select $$x$$', 'not allowed'],
      ["select 'unclosed", 'not closed'],
    ];
    for (const [sqlTemplate, message] of refused) {
      const fields = await call('POST', `${BASE}/Fields`, shixue, { sqlTemplate });
      expect(fields.code, sqlTemplate).toBe(400);
      expect(fields.msg, sqlTemplate).toContain(message);
      const saved = await call('POST', BASE, shixue, body({ enCode: 'writer', sqlTemplate }));
      expect(saved.code, sqlTemplate).toBe(400);
    }
    expect(await server.exists('print_template', seededId)).toBe(true);
    const users = await server.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(users.n)).toBeGreaterThan(5);
    const empty = await call('POST', `${BASE}/Fields`, shixue, { sqlTemplate: '  ' });
    expect(empty.code).toBe(400);
    expect(empty.msg).toContain('sqlTemplate');
    // A semicolon or a keyword inside a string literal is text, not a statement.
    const literal = await call('POST', `${BASE}/Fields`, shixue, {
      sqlTemplate: 'select \'a; delete from users\' as "note" -- ; drop table users\n',
    });
    expect(literal.code).toBe(200);
    expect(literal.data.list[0].children.map((f: { field: string }) => f.field)).toEqual(['note']);
    // The database's own words stay in the log; the designer is told which statement and why.
    const broken = await call('POST', `${BASE}/Fields`, shixue, {
      sqlTemplate: 'select 1 as "a"; select nope from users',
    });
    expect(broken.code).toBe(400);
    expect(broken.msg).toBe('SQL statement 2 names a table, column or function that does not exist or may not be read');
    const syntax = await call('POST', `${BASE}/Fields`, shixue, { sqlTemplate: 'select from where' });
    expect(syntax.msg).toBe('SQL statement 1 has a syntax error');
    expect(syntax.msg).not.toMatch(/near|SQLITE|syntax error at/);
  });

  it('S2-7-96 /Fields answers the main fields, then T1 with its fields, whatever data exists', async () => {
    const seeded = await call('GET', `${BASE}/${seededId}`, shixue);
    const res = await call('POST', `${BASE}/Fields`, shixue, { sqlTemplate: seeded.data.sqlTemplate });
    expect(res.code).toBe(200);
    const [head, t1] = res.data.list;
    expect(res.data.list).toHaveLength(2);
    expect(head).toMatchObject({ id: 'headTable', table: 'headTable', hasChildren: true });
    expect(head.children.map((f: { field: string }) => f.field)).toEqual([
      'account',
      'realName',
      'gender',
      'mobilePhone',
      'email',
      'organizeName',
      'positionName',
      'sortCode',
    ]);
    expect(head.children[1]).toMatchObject({ id: 'realName', table: 'headTable', field: 'realName' });
    expect(t1.id).toBe('T1');
    expect(t1.children.map((f: { id: string }) => f.id)).toEqual(['T1.relationType', 'T1.objectName', 'T1.objectCode']);
  });

  it("S2-7-96 credentials are out of the SQL's reach: the tables are not there for it, whatever the spelling", async () => {
    const attempts = [
      'select password_hash from user_credential',
      'select token_hash from session',
      'select * from "SESSION"',
      'select * from main.session',
      'select * from cred.session',
      'select code from captcha',
      'select ticket_hash from ticket',
      'select value from server_secret',
      'with s as (select * from session) select * from s',
      'select password_hash from users',
    ];
    for (const sqlTemplate of attempts) {
      const fields = await call('POST', `${BASE}/Fields`, shixue, { sqlTemplate });
      expect(fields.code, sqlTemplate).toBe(400);
      expect(fields.msg, sqlTemplate).toBe(
        'SQL statement 1 names a table, column or function that does not exist or may not be read',
      );
      // A template saved with such SQL prints nothing secret either.
      const saved = await call(
        'POST',
        BASE,
        shixue,
        body({ enCode: `secret${attempts.indexOf(sqlTemplate)}`, sqlTemplate }),
      );
      expect(saved.code, sqlTemplate).toBe(200);
      const printed = await call('GET', `${BASE}/Data?id=${saved.data.id}&formId=${ownerId}`, owner);
      expect(printed.code, sqlTemplate).toBe(400);
      expect(JSON.stringify(printed)).not.toMatch(/argon2|\$|hash/i);
    }
  });

  it("S2-7-97 S2-3-44 /Data answers the record as the template reads it, to the record's owner", async () => {
    const own = await call('GET', `${BASE}/Data?id=${seededId}&formId=${ownerId}`, owner);
    expect(own.code).toBe(200);
    expect(own.data.printData).toMatchObject({ account: 'staff' });
    // A designer of print templates previews any record: their own SQL could read it anyway.
    const res = await call('GET', `${BASE}/Data?id=${seededId}&formId=${shixueId}`, shixue);
    expect(res.code).toBe(200);
    expect(Object.keys(res.data)).toEqual(expect.arrayContaining(['printData', 'printTemplate', 'operatorRecordList']));
    expect(res.data.operatorRecordList).toEqual([]);
    expect(res.data.printData).toMatchObject({
      account: 'shixue',
      realName: '施雪',
      gender: '女',
      organizeName: expect.any(String),
    });
    const t1 = res.data.printData.T1 as { relationType: string; objectName: string }[];
    expect(t1.map((r) => r.relationType).sort()).toEqual(expect.arrayContaining(['组织', '岗位', '角色']));
    expect(t1.every((r) => r.objectName)).toBe(true);
    expect(res.data.printTemplate).toContain('data-field="T1.objectName"');
    expect(res.data.printData).not.toHaveProperty('password_hash');
  });

  it('S2-7-97 /Data is record-bound: a record the caller may not see answers 404, not its data', async () => {
    for (const [token, formId] of [
      [staff, ownerId],
      [staff, shixueId],
      [owner, shixueId],
      [owner, await server.userIdOf('admin')],
    ] as const) {
      const res = await call('GET', `${BASE}/Data?id=${seededId}&formId=${formId}`, token);
      expect(res.code).toBe(404);
      expect(res).not.toHaveProperty('data');
    }
    // Whoever manages users sees the users inside their data scope; the administrator sees all.
    expect((await call('GET', `${BASE}/Data?id=${seededId}&formId=${ownerId}`, admin)).code).toBe(200);
  });

  it('S2-7-97 /Data with a formId that tries injection gets nothing extra', async () => {
    for (const formId of [
      "x' or '1'='1",
      `${shixueId}' or 1=1 --`,
      "x'; delete from users; --",
      '@formId',
      `${shixueId} union select password_hash from users`,
    ]) {
      // No record has such an id: the answer is the same 404 as for a record of someone else.
      const res = await call('GET', `${BASE}/Data?id=${seededId}&formId=${encodeURIComponent(formId)}`, shixue);
      expect(res.code, formId).toBe(200);
      expect(res.data.printData, formId).toEqual({ T1: [] });
      expect((await call('GET', `${BASE}/Data?id=${seededId}&formId=${encodeURIComponent(formId)}`, owner)).code).toBe(
        404,
      );
    }
    expect(await server.userIdOf('admin')).toBeTruthy();
    const missing = await call('GET', `${BASE}/Data?id=${seededId}`, staff);
    expect(missing.code).toBe(400);
    expect(missing.msg).toContain('formId');
    expect((await call('GET', `${BASE}/Data?id=nope&formId=1`, staff)).code).toBe(404);
  });

  it('S2-7-96 saves carry the version: a stale one gets 409 and two at once give exactly one success', async () => {
    const id = (await call('POST', BASE, shixue, body({ enCode: 'versioned' }))).data.id as string;
    const url = `${BASE}/${id}`;
    const { codes, winner } = await server.saveTwiceAtOnce(
      url,
      { token: shixue, body: { ...body({ enCode: 'versioned', fullName: 'first' }), version: 0 } },
      { token: admin, body: { ...body({ enCode: 'versioned', fullName: 'second' }), version: 0 } },
    );
    expect(codes).toEqual([200, 409]);
    const row = await server.rowOf('print_template', id);
    expect(row.full_name).toBe(winner === 0 ? 'first' : 'second');
    expect(row.version).toBe(1);
    const stale = await call('PUT', url, shixue, { ...body({ enCode: 'versioned', fullName: 'late' }), version: 0 });
    expect(stale.code).toBe(409);
    expect((await server.rowOf('print_template', id)).full_name).toBe(row.full_name);
    const missingVersion = await call('PUT', url, shixue, body({ enCode: 'versioned' }));
    expect(missingVersion.code).toBe(400);
    expect(missingVersion.msg).toContain('version');
  });

  it('S2-7-96 copy makes a disabled duplicate; export answers a JSON file; the selector groups enabled templates', async () => {
    const copied = await call('POST', `${BASE}/${seededId}/Actions/Copy`, shixue);
    expect(copied.code).toBe(200);
    const copy = await server.rowOf('print_template', copied.data.id);
    expect(copy).toMatchObject({ enabled: 0, category: 'hr', type: 2 });
    expect(copy.full_name).toMatch(/^员工信息登记表\.副本\d{5}$/);
    expect(copy.en_code).toMatch(new RegExp(`^${EMPLOYEE_TEMPLATE_CODE}_copy\\d{5}$`));
    expect(copy.sql_template).toBe((await server.rowOf('print_template', seededId)).sql_template);
    expect((await call('POST', `${BASE}/nope/Actions/Copy`, shixue)).code).toBe(404);

    const exported = await server.call('GET', `${BASE}/${seededId}/Actions/Export`, { token: shixue });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain(encodeURIComponent('员工信息登记表.json'));
    const document = JSON.parse(exported.body);
    expect(document).toMatchObject({ fullName: '员工信息登记表', enCode: EMPLOYEE_TEMPLATE_CODE, type: 2 });
    expect(document).not.toHaveProperty('id');

    const selector = await call('GET', `${BASE}/Selector`, staff);
    expect(selector.code).toBe(200);
    const hr = selector.data.list.find((n: { id: string }) => n.id === 'hr');
    expect(hr.fullName).toBe('人事');
    expect(hr.children.map((c: { id: string }) => c.id)).toEqual([seededId]);
    const flowOnly = await call('GET', `${BASE}/Selector?type=1`, staff);
    expect(
      flowOnly.data.list.flatMap((n: { children: { type: number }[] }) => n.children.map((c) => c.type)),
    ).not.toContain(2);
    expect((await call('GET', `${BASE}/Selector?type=7`, staff)).msg).toContain('type');
  });

  it('S2-7-97 a disabled template prints nothing', async () => {
    const id = (await call('POST', BASE, shixue, body({ enCode: 'disabledOne', enabledMark: 0 }))).data.id;
    const res = await call('GET', `${BASE}/Data?id=${id}&formId=${shixueId}`, staff);
    expect(res.code).toBe(400);
    expect(res.msg).toContain('disabled');
    // SQL that only fails when it runs answers a general message to the printing user.
    const broken = await call(
      'POST',
      BASE,
      shixue,
      body({ enCode: 'brokenSql', sqlTemplate: 'select nope from users' }),
    );
    const failed = await call('GET', `${BASE}/Data?id=${broken.data.id}&formId=${ownerId}`, owner);
    expect(failed.code).toBe(400);
    expect(failed.msg).toBe('The print data could not be read; please check the SQL of the print template');
  });
});
