import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSettings } from '../../../core/settings.ts';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';

const BASE = '/api/system/DataInterface';
const en = { 'accept-language': 'en-US' };

/** A local HTTP server standing in for an outside API: answers JSON describing the request. */
function startEcho(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (req.url?.startsWith('/redirect')) {
        res.writeHead(302, { location: 'http://example.invalid/' }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          data: {
            list: [
              { id: '1', fullName: 'one' },
              { id: '2', fullName: 'two' },
            ],
          },
          method: req.method,
          url: req.url,
          body,
          token: req.headers['x-token'] ?? '',
        }),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.each(dbTargets())('data interfaces on $name', (target) => {
  let server: TestServer;
  let lvyang: string;
  let staff: string;
  let zhuting: string;
  let echo: http.Server;
  const ids: Record<string, string> = {};

  const usersCount = async () =>
    Number(
      (
        await server.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const call = (method: string, url: string, token: string, body?: unknown) =>
    server.call(method, url, { token, body, headers: en }).then((r) => r.json());
  const create = (body: Record<string, unknown>) =>
    call('POST', BASE, lvyang, { categoryId: 'di-cat-business', dataType: 1, ...body });
  const preview = (id: string, paramList: unknown[] = [], extra: Record<string, unknown> = {}) =>
    call('POST', `${BASE}/${id}/Actions/Preview`, lvyang, { paramList, ...extra });

  beforeAll(async () => {
    server = await createTestServer(target);
    [lvyang, staff, zhuting] = await server.logins(['lvyang', 'staff', 'zhuting']);
    const rows = await server.database.db.selectFrom('data_interface').select(['id', 'en_code']).execute();
    for (const r of rows) ids[r.en_code] = r.id;
    echo = await startEcho();
  });
  afterAll(async () => {
    echo.close();
    await server.close();
  });

  describe('management', () => {
    it('S2-7-45 lists by keyword, category and type, paged; Selector groups by category; getList for pickers', async () => {
      const all = await call('GET', `${BASE}?pageSize=2`, lvyang);
      expect(all.code).toBe(200);
      expect(all.data.list).toHaveLength(2);
      expect(all.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 4 });
      const json = await call('GET', `${BASE}?dataType=2`, lvyang);
      expect(json.data.list.map((d: { enCode: string }) => d.enCode)).toEqual(['demo.cities']);
      expect(json.data.list[0]).toMatchObject({
        categoryId: 'di-cat-example',
        categoryName: '示例接口',
        enabledMark: 1,
      });
      const kw = await call('GET', `${BASE}?keyword=${encodeURIComponent('用户')}&categoryId=di-cat-system`, lvyang);
      expect(kw.data.list.map((d: { enCode: string }) => d.enCode)).toEqual(['demo.users']);
      const bad = await call('GET', `${BASE}?dataType=7`, lvyang);
      expect(bad.code).toBe(400);
      expect(bad.msg).toContain('dataType');

      const tree = await call('GET', `${BASE}/Selector`, staff);
      expect(tree.data.list.map((c: { enCode: string }) => c.enCode)).toEqual(['system', 'business', 'example']);
      const example = tree.data.list[2];
      // The disabled API example is not offered to pickers.
      expect(example.children.map((c: { enCode: string }) => c.enCode)).toEqual(['demo.cities']);
      const list = await call('GET', `${BASE}/getList?dataType=1`, staff);
      expect(list.data.list.map((d: { enCode: string }) => d.enCode).sort()).toEqual(['demo.orgUsers', 'demo.users']);
    });

    it('S2-7-45 creates, reads, saves with version (stale -> 409), toggles state, exports and deletes', async () => {
      const created = await create({
        fullName: 'Accounts',
        enCode: 'test.accounts',
        query: 'select id, account from users where account = {account}',
        requestParameters: [{ field: 'account', dataType: 'varchar', required: 1 }],
      });
      expect(created.code).toBe(200);
      const id = created.data.id as string;
      const info = await call('GET', `${BASE}/${id}`, lvyang);
      expect(info.data).toMatchObject({
        fullName: 'Accounts',
        dataType: 1,
        checkType: 0,
        version: 0,
        requestParameters: [{ field: 'account', dataType: 'varchar', required: 1, defaultValue: '' }],
        propertyJson: { countSql: '', echoSql: '' },
      });
      const { id: _id, version, ...body } = info.data;
      const saved = await call('PUT', `${BASE}/${id}`, lvyang, { ...body, fullName: 'Accounts 2', version });
      expect(saved.code).toBe(200);
      const stale = await call('PUT', `${BASE}/${id}`, lvyang, { ...body, fullName: 'Lost', version });
      expect(stale.code).toBe(409);
      expect((await server.rowOf('data_interface', id)).full_name).toBe('Accounts 2');

      const dup = await create({ fullName: 'Dup', enCode: 'test.accounts', query: 'select 1' });
      expect(dup.code).toBe(400);
      expect(dup.msg).toContain('test.accounts');

      const state = await call('PUT', `${BASE}/${id}/Actions/State`, lvyang);
      expect(state.data.enabledMark).toBe(0);
      expect((await call('PUT', `${BASE}/${id}/Actions/State`, lvyang)).data.enabledMark).toBe(1);

      const exported = await server.call('GET', `${BASE}/${id}/Action/Export`, { token: lvyang });
      expect(exported.headers['content-type']).toContain('application/json');
      expect(exported.headers['content-disposition']).toContain('attachment');
      expect(JSON.parse(exported.body)).toMatchObject({ fullName: 'Accounts 2', enCode: 'test.accounts', dataType: 1 });
      const xlsx = await server.call('GET', `${BASE}/${id}/Action/Export?format=xlsx`, { token: lvyang });
      expect(xlsx.headers['content-type']).toContain('spreadsheetml');
      expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

      await preview(id, [{ field: 'account', value: 'admin' }]);
      expect((await call('DELETE', `${BASE}/${id}`, lvyang)).code).toBe(200);
      expect(await server.exists('data_interface', id)).toBe(false);
      const logs = await server.database.db
        .selectFrom('data_interface_log')
        .select('id')
        .where('interface_id', '=', id)
        .execute();
      expect(logs).toHaveLength(0);
      expect((await call('DELETE', `${BASE}/${id}`, lvyang)).code).toBe(404);
      expect((await call('GET', `${BASE}/${id}`, lvyang)).code).toBe(404);
    });

    it('S2-7-45 two admins at once: same-version saves give one 200 and one 409; same-code creates give one interface', async () => {
      const info = (await call('GET', `${BASE}/${ids['demo.cities']}`, lvyang)).data;
      const { id: _id, version, ...body } = info;
      const url = `${BASE}/${ids['demo.cities']}`;
      const [admin] = await server.logins(['admin']);
      const saved = await server.saveTwiceAtOnce(
        url,
        { token: lvyang, body: { ...body, description: 'mine', version } },
        { token: admin!, body: { ...body, description: 'theirs', version } },
      );
      expect(saved.codes).toEqual([200, 409]);
      const row = await server.rowOf('data_interface', ids['demo.cities']!);
      expect(row.description).toBe(saved.winner === 0 ? 'mine' : 'theirs');
      expect(row.version).toBe(version + 1);

      const make = (token: string) =>
        server.call('POST', BASE, {
          token,
          headers: en,
          body: { categoryId: 'di-cat-example', dataType: 2, fullName: 'Twin', enCode: 'test.twin', query: '[]' },
        });
      const codes = (await Promise.all([make(lvyang), make(admin!)])).map((r) => r.json().code).sort();
      expect(codes).toEqual([200, 400]);
      const twins = await server.database.db
        .selectFrom('data_interface')
        .select('id')
        .where('en_code', '=', 'test.twin')
        .execute();
      expect(twins).toHaveLength(1);
    });

    it('S2-7-45 refuses bad input with 400 naming the field, and changes nothing', async () => {
      const before = await server.database.db.selectFrom('data_interface').select('id').execute();
      const noName = await create({ enCode: 'x1', query: 'select 1' });
      expect(noName.code).toBe(400);
      expect(noName.msg).toContain('fullName');
      const badType = await create({ fullName: 'x', enCode: 'x2', dataType: 9, query: 'select 1' });
      expect(badType.msg).toContain('dataType');
      const badParam = await create({
        fullName: 'x',
        enCode: 'x3',
        query: 'select 1',
        requestParameters: [{ field: 'a b', dataType: 'varchar' }],
      });
      expect(badParam.msg).toBe('Invalid requestParameters[0].field: has the wrong format');
      const badCategory = await create({ fullName: 'x', enCode: 'x4', query: 'select 1', categoryId: 'nope' });
      expect(badCategory.msg).toBe('The category does not exist');
      const badJson = await create({ fullName: 'x', enCode: 'x5', dataType: 2, query: '{nope' });
      expect(badJson.msg).toBe('The static data is not valid JSON');
      const badUrl = await create({ fullName: 'x', enCode: 'x6', dataType: 3, query: 'file:///etc/passwd' });
      expect(badUrl.msg).toContain('http://');
      const undeclared = await create({ fullName: 'x', enCode: 'x7', query: 'select * from users where id = {nope}' });
      expect(undeclared.msg).toBe('The SQL uses the undeclared parameter nope');
      const pagedOwn = await create({
        fullName: 'x',
        enCode: 'x8',
        checkType: 1,
        query: 'select id from users limit @pageSize offset @offsetSize',
      });
      expect(pagedOwn.msg).toContain('count SQL');
      const after = await server.database.db.selectFrom('data_interface').select('id').execute();
      expect(after).toHaveLength(before.length);
    });

    it('S2-7-45 S2-7-46 S2-7-48 permissions: management needs the menu grant and buttons; 602 without a token', async () => {
      const id = ids['demo.cities']!;
      for (const [method, url] of [
        ['GET', BASE],
        ['GET', `${BASE}/${id}`],
        ['POST', `${BASE}/${id}/Actions/Preview`],
        ['PUT', `${BASE}/${id}/Actions/State`],
        ['DELETE', `${BASE}/${id}`],
        ['GET', `${BASE}/${id}/Action/Export`],
        ['GET', `/api/system/DataInterfaceLog/${id}`],
      ] as const) {
        expect((await call(method, url, zhuting, method === 'POST' ? {} : undefined)).code, `${method} ${url}`).toBe(
          403,
        );
      }
      expect(
        (
          await call('POST', BASE, staff, {
            fullName: 'x',
            enCode: 'y',
            dataType: 2,
            query: '[]',
            categoryId: 'di-cat-example',
          })
        ).code,
      ).toBe(403);
      expect((await server.call('GET', BASE)).json().code).toBe(602);
      expect((await server.call('POST', `${BASE}/${id}/Action/List`, { body: {} })).json().code).toBe(602);
      expect((await server.call('GET', `${BASE}/GetParam/${id}`)).json().code).toBe(602);
      expect(await server.exists('data_interface', id)).toBe(true);
    });
  });

  describe('running SQL', () => {
    it('S2-7-46 previews a paged SQL interface with keyword; a required parameter missing answers 400 naming it', async () => {
      const page = await preview(ids['demo.users']!, [], { pageSize: 3, currentPage: 2 });
      expect(page.code).toBe(200);
      expect(page.data.list).toHaveLength(3);
      expect(page.data.pagination.total).toBe(await usersCount());
      expect(page.data.pagination).toMatchObject({ currentPage: 2, pageSize: 3 });
      const kw = await preview(ids['demo.users']!, [], { keyword: 'lvyang' });
      expect(kw.data.list.map((u: { account: string }) => u.account)).toEqual(['lvyang']);
      expect(kw.data.pagination.total).toBe(1);

      const missing = await preview(ids['demo.orgUsers']!);
      expect(missing.code).toBe(400);
      expect(missing.msg).toBe('The parameter organizeId is required');
      const orgId = await server.idOfCode('organize', 'demo.rd');
      const org = await preview(ids['demo.orgUsers']!, [{ field: 'organizeId', value: orgId }]);
      expect(org.code).toBe(200);
      expect(org.data.length).toBeGreaterThan(0);
      // The processing script ran in the sandbox.
      expect(org.data[0].label).toBe(`${org.data[0].fullName}/${org.data[0].account}`);
    });

    it('S2-7-46 typed parameters: an int parameter refuses text, with 400 naming it', async () => {
      const created = await create({
        fullName: 'Sorted',
        enCode: 'test.sorted',
        query: 'select account from users where sort_code >= {minSort} order by sort_code limit 2',
        requestParameters: [{ field: 'minSort', dataType: 'int', defaultValue: '0' }],
      });
      const id = created.data.id as string;
      expect((await preview(id, [{ field: 'minSort', value: '1' }])).data).toHaveLength(2);
      const bad = await preview(id, [{ field: 'minSort', value: '1 or 1=1' }]);
      expect(bad.code).toBe(400);
      expect(bad.msg).toBe('The parameter minSort must be int');
    });

    it('SQL injection through parameters finds nothing extra and changes nothing', async () => {
      const created = await create({
        fullName: 'By account',
        enCode: 'test.byAccount',
        query: "select id, account from users where account = {account} and account like '%' || @keyword || '%'",
        requestParameters: [{ field: 'account', dataType: 'varchar', required: 1 }],
      });
      const id = created.data.id as string;
      const count = await usersCount();
      for (const value of ["' or 1=1 --", '1; drop table users', "admin' --", "x'); delete from users; --"]) {
        const res = await preview(id, [{ field: 'account', value }], { keyword: "%' or 1=1 --" });
        expect(res.code, value).toBe(200);
        expect(res.data, value).toEqual([]);
      }
      const staffList = await call('POST', `${BASE}/${id}/Action/List`, staff, {
        keyword: "' or '1'='1",
        paramList: [{ field: 'account', defaultValue: "' or 1=1 --" }],
      });
      expect(staffList.data.list).toEqual([]);
      const real = await preview(id, [{ field: 'account', value: 'admin' }]);
      expect(real.data.map((u: { account: string }) => u.account)).toEqual(['admin']);
      expect(await usersCount()).toBe(count);
    });

    it('writing statements of every form are refused with a clear message and harm nothing', async () => {
      const count = await usersCount();
      const writes = [
        "insert into users (id) values ('x')",
        "update users set real_name = 'x'",
        'delete from users',
        'drop table users',
        'create table t (a int)',
        'alter table users add column x int',
        'pragma user_version = 7',
        "attach database '/tmp/x.db' as x",
        'select 1; delete from users',
        '/* select */ delete from users',
        '-- select\ndelete from users',
        "replace into users (id) values ('x')",
        'vacuum',
        'begin',
      ];
      for (const [i, query] of writes.entries()) {
        const res = await create({ fullName: 'w', enCode: `test.write${i}`, query });
        expect(res.code, query).toBe(400);
        expect(res.msg, query).toMatch(/Only a query|Only one SQL statement/);
      }
      // A data-modifying CTE passes the text check (it starts with WITH): the database refuses it.
      const cte = await create({
        fullName: 'cte',
        enCode: 'test.cte',
        query: 'with gone as (delete from users returning id) select * from gone',
      });
      expect(cte.code).toBe(200);
      const run = await preview(cte.data.id);
      expect(run.code).toBe(400);
      if (target.name === 'postgres') expect(run.msg).toContain('Only a query');
      // A literal or a comment holding a semicolon is not a second statement.
      const literal = await create({
        fullName: 'lit',
        enCode: 'test.literal',
        query: "select 'a;b' as t -- trailing; comment\n;",
      });
      expect((await preview(literal.data.id)).data).toEqual([{ t: 'a;b' }]);
      expect(await usersCount()).toBe(count);
      expect((await server.database.db.selectFrom('users').select('id').where('id', '=', 'x').execute()).length).toBe(
        0,
      );
    });

    it('S2-7-49 SQL saved over password and session hashes reads nothing secret, for its author or for staff', async () => {
      const attempts = [
        'select u.account, c.password_hash from users u join user_credential c on c.user_id = u.id',
        'select token_hash, user_id from session',
        'select * from users where id in (select user_id from session)',
        'select password_hash from users',
      ];
      for (const [i, query] of attempts.entries()) {
        // The text is a plain query, so it saves; the tables it names are not there when it runs.
        const created = await create({ fullName: 'secrets', enCode: `test.secret${i}`, query });
        expect(created.code, query).toBe(200);
        const listed = await call('POST', `${BASE}/${created.data.id}/Action/List`, staff, {
          currentPage: 1,
          pageSize: 20,
          paramList: [],
        });
        expect(listed.code, query).toBe(400);
        expect(listed.msg, query).toBe(
          'The SQL names a table, column or function that does not exist or may not be read',
        );
        const previewed = await preview(created.data.id);
        expect(JSON.stringify(previewed), query).not.toMatch(/argon2|token_hash":"|SQLITE|relation/);
      }
      // Every column of users may be read: none of them is a secret any more.
      const all = await create({ fullName: 'all users', enCode: 'test.allUsers', query: 'select * from users' });
      const rows = (await preview(all.data.id)).data as Record<string, unknown>[];
      expect(rows.length).toBeGreaterThan(5);
      expect(JSON.stringify(rows)).not.toMatch(/argon2/);
    });

    it('S2-7-46 an endless recursive query is stopped at the time limit while the server keeps answering', async () => {
      const endless =
        target.name === 'sqlite'
          ? 'with recursive r(i) as (select 1 union all select i + 1 from r) select count(*) as n from r'
          : 'select pg_sleep(30) as n';
      const created = await create({ fullName: 'endless', enCode: 'test.endless', query: endless });
      const started = Date.now();
      const running = preview(created.data.id);
      await new Promise((r) => setTimeout(r, 300));
      for (let i = 0; i < 3; i++) {
        const t0 = Date.now();
        expect((await server.call('GET', '/api/health')).json().code).toBe(200);
        expect(Date.now() - t0).toBeLessThan(500);
      }
      const res = await running;
      expect(res.code).toBe(400);
      expect(res.msg).toBe('The SQL statement took too long and was stopped');
      expect(Date.now() - started).toBeLessThan(9_000);
      // The next statement runs as usual.
      const quick = await create({ fullName: 'quick', enCode: 'test.quick', query: 'select 1 as one' });
      expect((await preview(quick.data.id)).data).toEqual([{ one: 1 }]);
    });

    it('a runaway processing script is stopped with a message while the server keeps answering', async () => {
      const created = await create({
        fullName: 'Loop',
        enCode: 'test.loop',
        dataType: 2,
        categoryId: 'di-cat-example',
        query: '[1,2,3]',
        dataProcessing: '(data) => { while (true) {} }',
      });
      const id = created.data.id as string;
      const started = Date.now();
      const running = preview(id);
      // Give the script time to start, then ask the server something else while it loops.
      await new Promise((r) => setTimeout(r, 150));
      const t0 = Date.now();
      const health = (await server.call('GET', '/api/health')).json();
      expect(health.code).toBe(200);
      expect(Date.now() - t0).toBeLessThan(500);
      const res = await running;
      expect(res.code).toBe(400);
      expect(res.msg).toContain('ran too long');
      expect(Date.now() - started).toBeLessThan(5_000);
      const logs = (await call('GET', `/api/system/DataInterfaceLog/${id}`, lvyang)).data;
      expect(logs.list[0]).toMatchObject({ isSuccess: 0, invokType: 'preview' });
      expect(logs.list[0].errorMessage).toContain('ran too long');
    });
  });

  describe('static JSON and HTTP', () => {
    it('S2-7-46 static JSON previews as written', async () => {
      const res = await preview(ids['demo.cities']!);
      expect(res.data).toHaveLength(8);
      expect(res.data[0]).toEqual({ id: '110000', fullName: '北京市', province: '北京市' });
    });

    it('an API interface reaches only allow-listed hosts; an allowed local host works (GET and POST)', async () => {
      const port = (echo.address() as AddressInfo).port;
      const created = await create({
        fullName: 'Echo',
        enCode: 'test.echo',
        dataType: 3,
        requestMethod: 'GET',
        query: `http://127.0.0.1:${port}/items/{kind}`,
        requestParameters: [
          { field: 'kind', dataType: 'varchar', defaultValue: 'a b' },
          { field: 'size', dataType: 'int', defaultValue: '5' },
        ],
        requestHeaders: [{ field: 'x-token', value: 'secret' }],
        dataProcessing: '(res) => res.data.list',
      });
      const id = created.data.id as string;
      const refused = await preview(id);
      expect(refused.code).toBe(400);
      expect(refused.msg).toBe(
        `The host 127.0.0.1:${port} is not allowed; add it to the data interface host allow-list in the system settings`,
      );
      await writeSettings(server.database.db, { dataInterfaceHosts: `example.org\n127.0.0.1:${port}` });
      const allowed = await preview(id);
      expect(allowed.code).toBe(200);
      expect(allowed.data).toEqual([
        { id: '1', fullName: 'one' },
        { id: '2', fullName: 'two' },
      ]);
      const { version: _v, id: _i, ...body } = (await call('GET', `${BASE}/${id}`, lvyang)).data;
      await call('PUT', `${BASE}/${id}`, lvyang, { ...body, dataProcessing: '', requestMethod: 'POST', version: _v });
      const posted = await preview(id, [{ field: 'size', value: 7 }]);
      expect(posted.data).toMatchObject({ method: 'POST', url: '/items/a%20b', token: 'secret' });
      expect(JSON.parse(posted.data.body)).toEqual({ size: 7 });
      await call('PUT', `${BASE}/${id}`, lvyang, {
        ...body,
        dataProcessing: '',
        requestMethod: 'GET',
        version: _v + 1,
      });
      const got = await preview(id);
      expect(got.data).toMatchObject({ method: 'GET', url: '/items/a%20b?size=5' });

      // A redirect is not followed (it could lead to a host that is not allowed).
      const redirect = await create({
        fullName: 'Redirect',
        enCode: 'test.redirect',
        dataType: 3,
        query: `http://127.0.0.1:${port}/redirect`,
      });
      const redirected = await preview(redirect.data.id);
      expect(redirected.code).toBe(400);
      expect(redirected.msg).toContain('HTTP 302');
      await writeSettings(server.database.db, { dataInterfaceHosts: '' });
    });
  });

  describe('form widget calls', () => {
    it('S2-7-49 Action/List pages for popups: SQL in the database, static data filtered by keyword', async () => {
      const sqlPage = await call('POST', `${BASE}/${ids['demo.users']}/Action/List`, staff, {
        keyword: 'lv',
        currentPage: 1,
        pageSize: 20,
        propsValue: 'id',
        relationField: 'fullName',
        columnOptions: 'account,fullName',
        paramList: [],
      });
      expect(sqlPage.code).toBe(200);
      expect(sqlPage.data.list.map((u: { account: string }) => u.account)).toEqual(['lvyang']);
      expect(sqlPage.data.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 1 });

      const cities = await call('POST', `${BASE}/${ids['demo.cities']}/Action/List`, staff, {
        keyword: '广东',
        pageSize: 1,
        columnOptions: [{ value: 'province', label: '省' }],
      });
      expect(cities.data.pagination.total).toBe(2);
      expect(cities.data.list).toEqual([{ id: '440100', fullName: '广州市', province: '广东省' }]);

      const disabled = await call('POST', `${BASE}/${ids['demo.weather']}/Action/List`, staff, {});
      expect(disabled.code).toBe(400);
      expect(disabled.msg).toBe('This data interface is disabled');
      const badSize = await call('POST', `${BASE}/${ids['demo.cities']}/Action/List`, staff, { pageSize: 0 });
      expect(badSize.code).toBe(400);
      expect(badSize.msg).toContain('pageSize');
      const badColumn = await call('POST', `${BASE}/${ids['demo.cities']}/Action/List`, staff, {
        propsValue: 'id; drop table users',
      });
      expect(badColumn.msg).toContain('propsValue');
      expect((await call('POST', `${BASE}/nope/Action/List`, staff, {})).code).toBe(404);
    });

    it('S2-7-50 Action/InfoByIds answers the rows for stored keys, through the echo SQL or by filtering', async () => {
      const lv = await server.userIdOf('lvyang');
      const adminId = await server.userIdOf('admin');
      const echoed = await call('POST', `${BASE}/${ids['demo.users']}/Action/InfoByIds`, staff, {
        ids: [adminId, 'missing', lv],
        propsValue: 'id',
        relationField: 'fullName',
        paramList: [],
      });
      expect(echoed.code).toBe(200);
      expect(echoed.data.map((u: { account: string }) => u.account)).toEqual(['admin', 'lvyang']);
      const cities = await call('POST', `${BASE}/${ids['demo.cities']}/Action/InfoByIds`, staff, {
        ids: '320100,110000',
      });
      expect(cities.data.map((c: { fullName: string }) => c.fullName)).toEqual(['南京市', '北京市']);
      const injected = await call('POST', `${BASE}/${ids['demo.users']}/Action/InfoByIds`, staff, {
        ids: ["' or 1=1 --"],
      });
      expect(injected.data).toEqual([]);
      const badKey = await call('POST', `${BASE}/${ids['demo.users']}/Action/InfoByIds`, staff, {
        ids: [lv],
        propsValue: 'id" = id or "x',
      });
      expect(badKey.code).toBe(400);
      expect(badKey.msg).toContain('propsValue');
      const noIds = await call('POST', `${BASE}/${ids['demo.users']}/Action/InfoByIds`, staff, {});
      expect(noIds.code).toBe(400);
      expect(noIds.msg).toContain('ids');
    });

    it('S2-7-47 GetParam answers the declared parameters', async () => {
      const res = await call('GET', `${BASE}/GetParam/${ids['demo.orgUsers']}`, staff);
      expect(res.data).toEqual([
        { field: 'organizeId', dataType: 'varchar', defaultValue: '', required: 1, fieldName: '组织' },
      ]);
      expect((await call('GET', `${BASE}/GetParam/nope`, staff)).code).toBe(404);
    });

    it('S2-7-48 every call writes a log row: time, caller, duration, ip, outcome; paged newest first', async () => {
      const id = ids['demo.cities']!;
      await call('POST', `${BASE}/${id}/Action/List`, staff, {});
      await preview(id);
      const logs = await call('GET', `/api/system/DataInterfaceLog/${id}?pageSize=2`, lvyang);
      expect(logs.code).toBe(200);
      expect(logs.data.list).toHaveLength(2);
      expect(logs.data.pagination.total).toBeGreaterThanOrEqual(2);
      expect(logs.data.list[0]).toMatchObject({
        invokType: 'preview',
        isSuccess: 1,
        userName: expect.stringContaining('/lvyang'),
      });
      expect(logs.data.list[0].invokTime).toBeGreaterThan(0);
      expect(logs.data.list[0].invokWasteTime).toBeGreaterThanOrEqual(0);
      expect(logs.data.list[0].invokIp).toBeTruthy();
      const older = logs.data.list[1];
      expect(older.invokTime).toBeLessThanOrEqual(logs.data.list[0].invokTime);
      const bad = await call('GET', `/api/system/DataInterfaceLog/${id}?pageSize=0`, lvyang);
      expect(bad.code).toBe(400);
      expect(bad.msg).toContain('pageSize');
    });
  });
});
