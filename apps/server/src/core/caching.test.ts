import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/index.ts';
import { reuse, reuseWith } from '../db/reuse.ts';
import { cascadeParents, missingDependencies } from '../db/cascades.ts';
import { createRowMemo, declaredMemos } from '../db/table-changes.ts';
import { inTransaction } from '../db/tx.ts';
import { createTestServer, dbTargets, type TestServer } from '../testing/index.ts';
import { authorityKeys, bumpAuthorityRevision, createAuthorityService } from './authority.ts';
import { matchesEtag } from './etag.ts';
import { preferredCoding } from './content-coding.ts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { currentUserResult } from '../modules/oauth/current-user-schema.ts';
import type { App } from './types.ts';

describe.each(dbTargets())('caches with a contract on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    server = await createTestServer(target);
    [admin, staff] = await server.logins(['admin', 'staff']);
  });
  afterAll(() => server.close());

  it('reuse() refuses a statement that writes, naming it', async () => {
    const { db } = server.database;
    await expect(
      reuse(db, 'a-write', () => db.updateTable('users').set({ description: 'x' }).where('id', '=', 'none'), []),
    ).rejects.toThrow("reuse('a-write') takes only reads");
    const rows = await reuse(db, 'a-read', () => db.selectFrom('users').select('id').where('account', '=', 'admin'), [
      'admin',
    ]);
    expect(rows).toHaveLength(1);
  });

  it("reuseWith() builds a query once and runs it with each call's values in their places", async () => {
    const { db } = server.database;
    let builds = 0;
    const accounts = (values: { a: string; b: string; limit: number }) =>
      reuseWith(
        db,
        'two-accounts',
        (v) => {
          builds++;
          return db
            .selectFrom('users')
            .select('account')
            .where((eb) => eb.or([eb('account', '=', v.a), eb('account', '=', v.b)]))
            .where('enabled', '=', 1)
            .orderBy('account')
            .limit(v.limit);
        },
        values,
      ).then((rows) => rows.map((r) => r.account));
    expect(await accounts({ a: 'admin', b: 'staff', limit: 5 })).toEqual(['admin', 'staff']);
    expect(await accounts({ a: 'staff', b: 'manager', limit: 1 })).toEqual(['manager']);
    expect(await accounts({ a: 'nobody', b: 'hr', limit: 5 })).toEqual(['hr']);
    expect(builds).toBe(1);
    await expect(
      reuseWith(db, 'a-named-write', (v) => db.deleteFrom('users').where('id', '=', v.id), { id: 'none' }),
    ).rejects.toThrow("reuse('a-named-write') takes only reads");
  });

  it.runIf(target.name === 'postgres')(
    'a reused query is kept prepared on the connection, and only a reused one',
    async () => {
      const source = server.database.source as { url: string; schema: string };
      const one = openDatabase({ url: source.url, schema: source.schema, poolSize: 1 });
      try {
        const byAccount = (account: string) =>
          reuse(
            one.db,
            'kept-by-account',
            () => one.db.selectFrom('users').select('id').where('account', '=', account),
            [account],
          );
        expect(await byAccount('admin')).toHaveLength(1);
        expect(await byAccount('staff')).toHaveLength(1);
        await one.db.selectFrom('users').select('account').where('account', '=', 'hr').execute();
        const kept = await sql<{ statement: string; calls: number }>`
          select statement, generic_plans + custom_plans as calls from pg_prepared_statements`.execute(one.db);
        expect(kept.rows).toHaveLength(1);
        expect(kept.rows[0]!.statement).toMatch(/select "id" from "users" where "account" = \$1/);
        expect(Number(kept.rows[0]!.calls)).toBe(2);
      } finally {
        await one.close();
      }
    },
  );

  it('every row memo of the app declares the tables whose deletes cascade into its rows', async () => {
    const parents = await cascadeParents(server.database.db, server.database.dialect);
    // The schema really cascades: a user's relations and its sessions go with it.
    expect(parents.get('user_relation')).toContain('users');
    expect(parents.get('session')).toContain('users');
    const appMemos = declaredMemos.filter((d) =>
      [
        'access.session',
        'authority.user',
        'authority.revisions',
        'area.list',
        'users.list',
        'visualdev.revisions',
        'workflow.counts',
      ].includes(d.name),
    );
    expect(appMemos.map((d) => d.name).sort()).toEqual([
      'access.session',
      'area.list',
      'authority.revisions',
      'authority.user',
      'users.list',
      'visualdev.revisions',
      'workflow.counts',
    ]);
    for (const memo of appMemos) expect(missingDependencies(memo, parents), memo.name).toEqual([]);
    // A memo that forgot one is caught.
    expect(missingDependencies({ name: 'bad', tables: ['session'], maxEntries: 1 }, parents)).toEqual(['users']);
  });

  it('a cascade delete reaches a memo that declared the parent table', async () => {
    const { db, changes } = server.database;
    const userId = await server.addBareUser(`cascade${target.name}`);
    await db
      .insertInto('user_relation')
      .values({
        id: `rel-${userId}`,
        user_id: userId,
        object_type: 'Group',
        object_id: 'g',
        sort_code: 0,
        created_at: 0,
      })
      .execute();
    let reads = 0;
    const memo = createRowMemo<{ id: string }>(changes, {
      name: 'test.relation',
      tables: ['user_relation', 'users'],
      maxEntries: 10,
    });
    const read = () =>
      memo.get(userId, async () => {
        reads += 1;
        return db.selectFrom('user_relation').select('id').where('user_id', '=', userId).executeTakeFirst();
      });
    // PostgreSQL without a feed reads through; with one (below) it keeps rows like SQLite.
    expect(await read()).toEqual({ id: `rel-${userId}` });
    await read();
    if (changes.live) expect(reads).toBe(1);
    // The relation row goes through the foreign key, with no write naming user_relation.
    await db.deleteFrom('users').where('id', '=', userId).execute();
    expect(await read()).toBeUndefined();
  });

  it('a runtime-created table is watched like any other: DDL and writes move its memo', async () => {
    const { db, changes } = server.database;
    const runtime = db as unknown as Kysely<{ runtime_form: { id: string; title: string } }>;
    const table = `runtime_form`;
    const memo = createRowMemo<{ id: string; title: string }>(changes, {
      name: 'test.runtime',
      tables: [table],
      maxEntries: 10,
    });
    const read = () =>
      memo.get('r1', () => runtime.selectFrom('runtime_form').selectAll().where('id', '=', 'r1').executeTakeFirst());
    expect(await read().catch(() => 'no table')).toBe('no table');
    await runtime.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text')
      .execute();
    await runtime.insertInto('runtime_form').values({ id: 'r1', title: 'first' }).execute();
    expect((await read())?.title).toBe('first');
    await runtime.updateTable('runtime_form').set({ title: 'second' }).execute();
    expect((await read())?.title).toBe('second');
    await sql`update runtime_form set title = ${'raw'}`.execute(runtime);
    expect((await read())?.title).toBe('raw');
  });

  it('revisions per key: a change to a role recomputes only the authorities that hold it', async () => {
    const { db, changes } = server.database;
    const service = createAuthorityService(db, { changes });
    const staffId = await server.userIdOf('staff');
    const adminId = await server.userIdOf('admin');
    const staffFirst = (await service.load(staffId))!;
    const adminFirst = (await service.load(adminId))!;
    const [held] = staffFirst.roleIds;
    expect(held).toBeTruthy();
    const other = (await db.selectFrom('role').select('id').where('id', 'not in', staffFirst.roleIds).execute())[0]!.id;

    await inTransaction(db, (trx) => bumpAuthorityRevision(trx, authorityKeys.holder('role', other)));
    const staffAfterOther = (await service.load(staffId))!;
    // Not recomputed: the very same menus, elements and names.
    expect(staffAfterOther.menus).toBe(staffFirst.menus);

    await inTransaction(db, (trx) => bumpAuthorityRevision(trx, authorityKeys.holder('role', held!)));
    const staffAfterHeld = (await service.load(staffId))!;
    expect(staffAfterHeld.menus).not.toBe(staffFirst.menus);
    expect(staffAfterHeld.menus.map((m) => m.id)).toEqual(staffFirst.menus.map((m) => m.id));

    // A new menu in one system reaches the users who see that system (the admin sees them all).
    const system = adminFirst.systems[0]!.id;
    await inTransaction(db, (trx) => bumpAuthorityRevision(trx, ...authorityKeys.menus(system)));
    expect((await service.load(adminId))!.menus).not.toBe(adminFirst.menus);
    // ... and the per-menu facts, which hang off the combined revision, move with it.
    expect((await service.load(adminId))!.revisions.authority).toBeGreaterThan(adminFirst.revisions.authority);
  });

  it('S1-2.1-05 S1-3-03 CurrentUser matches its schema and revalidates with a strong ETag', async () => {
    const first = await server.call('GET', '/api/oauth/CurrentUser', { token: admin });
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const body = first.json();
    expect(currentUserResult.safeParse(body.data).success).toBe(true);
    // The answer keeps every field the contract names: the system tree and full menu entries.
    expect(Object.keys(body.data).sort()).toEqual([
      'menuList',
      'permissionList',
      'routerList',
      'sysConfigInfo',
      'userInfo',
    ]);

    const again = await server.call('GET', '/api/oauth/CurrentUser', {
      token: admin,
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another language is another answer, and so is a locked screen.
    const english = await server.call('GET', '/api/oauth/CurrentUser', {
      token: admin,
      headers: { 'if-none-match': etag, 'accept-language': 'en-US' },
    });
    expect(english.statusCode).toBe(200);
    expect(english.headers.etag).not.toBe(etag);
    // Another user never gets a 304 on the admin's tag.
    const other = await server.call('GET', '/api/oauth/CurrentUser', {
      token: staff,
      headers: { 'if-none-match': etag },
    });
    expect(other.statusCode).toBe(200);
  });

  it('CurrentUser goes compressed in the coding the client prefers, with the same tag and the same JSON', async () => {
    const plain = await server.call('GET', '/api/oauth/CurrentUser', { token: admin });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    for (const [header, coding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip;q=0.5', 'gzip', gunzipSync],
    ] as const) {
      const res = await server.call('GET', '/api/oauth/CurrentUser', {
        token: admin,
        headers: { 'accept-encoding': header },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(coding);
      expect(res.headers.etag).toBe(plain.headers.etag);
      const bytes = res.rawPayload;
      expect(bytes.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(decode(bytes).toString('utf8')).toBe(plain.body);
    }
  });

  it('preferredCoding honours refusals and prefers brotli', () => {
    expect(preferredCoding('gzip, br')).toBe('br');
    expect(preferredCoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredCoding('identity')).toBeUndefined();
    expect(preferredCoding('*')).toBe('gzip');
    expect(preferredCoding(undefined)).toBeUndefined();
  });

  it('matchesEtag takes lists, weak forms of the same tag and the wildcard', () => {
    expect(matchesEtag('"a", "b"', '"b"')).toBe(true);
    expect(matchesEtag('W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('*', '"b"')).toBe(true);
    expect(matchesEtag('"c"', '"b"')).toBe(false);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
  });
});

const redisUrl = process.env.REDIS_TEST_URL;
const postgres = dbTargets().find((t) => t.name === 'postgres');

describe.skipIf(!redisUrl || !postgres)('two instances on one PostgreSQL schema, sharing Redis', () => {
  let a: TestServer;
  let second: { app: App; database: DatabaseHandle };
  const prefix = `atrium-caching-${process.pid}`;
  const callB = (url: string, token: string) =>
    second.app.inject({ method: 'GET', url, headers: { authorization: token } }).then((r) => ({
      status: r.statusCode,
      json: r.json() as { code: number; data?: { userInfo?: { locked: boolean } } },
    }));

  beforeAll(async () => {
    a = await createTestServer(postgres!, { redisUrl, redisPrefix: prefix });
    const source = a.database.source as { url: string; schema: string };
    const database = openDatabase({ url: source.url, schema: source.schema, poolSize: 5 });
    const config = { ...loadConfig({}), webDist: '/nonexistent', redisUrl: redisUrl!, redisPrefix: prefix };
    const app = await buildApp({ config, database, now: () => a.clock.now, logger: false });
    await app.ready();
    second = { app, database };
  });
  afterAll(async () => {
    await second.app.close();
    await second.database.close();
    await a.close();
  });

  it('both keep rows in memory once the feed is up', () => {
    expect(a.database.changes.live).toBe(true);
    expect(second.database.changes.live).toBe(true);
  });

  it('a sign-out on one instance ends the session on the other', async () => {
    const token = await a.login('staff');
    expect((await callB('/api/oauth/CurrentUser', token)).json.code).toBe(200);
    expect((await callB('/api/oauth/CurrentUser', token)).json.code).toBe(200);
    expect((await a.call('GET', '/api/oauth/Logout', { token })).json().code).toBe(200);
    await vi.waitFor(async () => expect((await callB('/api/oauth/CurrentUser', token)).json.code).toBe(602), {
      timeout: 3000,
      interval: 20,
    });
  });

  it('a lock on one instance shows in the other one’s CurrentUser', async () => {
    const token = await a.login('staff');
    expect((await callB('/api/oauth/CurrentUser', token)).json.data?.userInfo?.locked).toBe(false);
    expect((await a.call('PUT', '/api/oauth/LockScreen', { token })).json().code).toBe(200);
    await vi.waitFor(
      async () => expect((await callB('/api/oauth/CurrentUser', token)).json.data?.userInfo?.locked).toBe(true),
      { timeout: 3000, interval: 20 },
    );
  });

  it('a form released again on one instance lists its new column on the other', async () => {
    const token = await a.login('admin');
    const onA = async (method: string, url: string, body?: unknown) =>
      (await a.call(method, url, { token, body })).json();
    const listOnB = async (modelId: string) => {
      const res = await second.app.inject({
        method: 'POST',
        url: `/api/visualdev/OnlineDev/${modelId}/List`,
        headers: { authorization: token },
        payload: { currentPage: 1, pageSize: 20 },
      });
      return (res.json() as { data: { list: Record<string, unknown>[] } }).data.list;
    };
    const field = (vModel: string, label: string) => ({
      __config__: { jnpfKey: 'comInput', label, layout: 'colFormItem', span: 12 },
      __vModel__: vModel,
    });
    const formData = JSON.stringify({ fields: [field('title', '标题'), field('note', '备注')] });
    const columns = (props: string[]) =>
      JSON.stringify({ type: 1, columnList: props.map((prop) => ({ label: prop, prop })) });
    const created = await onA('POST', '/api/visualdev/Base', {
      fullName: '两实例',
      enCode: 'twoInstances',
      formData,
      columnData: columns(['title']),
    });
    const modelId = created.data.id as string;
    const system = (
      await a.database.db.selectFrom('app_system').select('id').orderBy('sort_code').executeTakeFirstOrThrow()
    ).id;
    const target = { pcModuleParentId: '-1', pcSystemId: system };
    expect((await onA('POST', `/api/visualdev/Base/${modelId}/Actions/Release`, target)).code).toBe(200);
    const data = JSON.stringify({ title: '甲', note: '乙' });
    expect((await onA('POST', `/api/visualdev/OnlineDev/${modelId}`, { data })).code).toBe(200);
    // B keeps the released model, and the revisions it was checked against, in memory.
    expect(await listOnB(modelId)).toEqual([expect.not.objectContaining({ note: expect.anything() })]);
    expect(await listOnB(modelId)).toEqual([expect.objectContaining({ title: '甲' })]);

    const { version } = (await onA('GET', `/api/visualdev/Base/${modelId}`)).data;
    const saved = await onA('PUT', `/api/visualdev/Base/${modelId}`, {
      fullName: '两实例',
      enCode: 'twoInstances',
      formData,
      columnData: columns(['title', 'note']),
      version,
    });
    expect(saved.code).toBe(200);
    expect((await onA('POST', `/api/visualdev/Base/${modelId}/Actions/Release`, target)).code).toBe(200);
    await vi.waitFor(async () => expect(await listOnB(modelId)).toEqual([expect.objectContaining({ note: '乙' })]), {
      timeout: 3000,
      interval: 20,
    });
  });

  it('a runtime-created table written by one instance is read fresh by the other', async () => {
    type Runtime = Kysely<{ runtime_model: { id: string; title: string } }>;
    const dbA = a.database.db as unknown as Runtime;
    const dbB = second.database.db as unknown as Runtime;
    await dbA.schema
      .createTable('runtime_model')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('title', 'text')
      .execute();
    await dbA.insertInto('runtime_model').values({ id: 'm1', title: 'draft' }).execute();
    const memo = createRowMemo<{ id: string; title: string }>(second.database.changes, {
      name: 'test.runtime-model',
      tables: ['runtime_model'],
      maxEntries: 10,
    });
    const read = () =>
      memo.get('m1', () => dbB.selectFrom('runtime_model').selectAll().where('id', '=', 'm1').executeTakeFirst());
    expect((await read())?.title).toBe('draft');
    await dbA.updateTable('runtime_model').set({ title: 'released' }).execute();
    await vi.waitFor(async () => expect((await read())?.title).toBe('released'), { timeout: 3000, interval: 20 });
  });
});
