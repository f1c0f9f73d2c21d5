import { AUDIT_RESOURCES } from '@atrium/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, md5, type TestServer } from '../testing/index.ts';
import {
  AUDIT_PRUNE_KIND,
  DAY_MS,
  isExemption,
  isSecretKey,
  MAX_SNAPSHOT_CHARS,
  scheduleAuditPruning,
  snapshotJson,
  withoutSecrets,
} from './audit.ts';
import { newId } from './ids.ts';
import { createJobQueue, recurringKey } from './jobs/index.ts';

/**
 * The areas whose changes are administrative: every route under these that changes something and
 * needs a permission must declare what it audits, or say why not (`audit: { exempt: 'why' }`).
 * Routes open to any signed-in user ('user') are not administrative: pickers that read through
 * POST, and the caller's own settings. '/api/workflow/' has no routes yet: its flow templates will
 * be held to the same rule the day they are added.
 */
const ADMIN_AREAS = [
  '/api/permission/Organize',
  '/api/permission/Position',
  '/api/permission/Group',
  '/api/permission/Grade',
  '/api/permission/Users',
  '/api/permission/Role',
  '/api/permission/Authority',
  '/api/system/System',
  '/api/system/Menu',
  '/api/system/Module',
  '/api/system/SysConfig',
  '/api/system/Dictionary',
  '/api/system/BillRule',
  '/api/system/DataInterface',
  '/api/system/printDev',
  '/api/system/Area',
  '/api/message/MessageTemplateConfig',
  '/api/visualdev/Base',
  '/api/workflow/',
];

describe('audit snapshots keep no secrets', () => {
  it('knows a secret key by its words, not by a substring', () => {
    for (const key of ['password', 'password_hash', 'userPassword', 'smtpPassword', 'salt', 'access_token', 'token']) {
      expect(isSecretKey(key), key).toBe(true);
    }
    for (const key of ['secret', 'appSecret', 'client_secret', 'apiKey', 'private_key', 'token_hash', 'credential']) {
      expect(isSecretKey(key), key).toBe(true);
    }
    // A setting about tokens is not a token; a code is not a key.
    for (const key of ['tokenTimeout', 'passwordErrorsNumber', 'real_name', 'en_code', 'keyword', 'account']) {
      expect(isSecretKey(key), key).toBe(false);
    }
  });

  it('removes secret keys at any depth, inside JSON text too, and caps the size', () => {
    const row = {
      id: 'u1',
      real_name: 'Ann',
      password_hash: 'HASH',
      config: JSON.stringify({ url: 'https://x', headers: [{ field: 'a', token: 'T' }], auth: { password: 'P' } }),
    };
    const clean = withoutSecrets(row);
    expect(clean).toEqual({
      id: 'u1',
      real_name: 'Ann',
      config: { url: 'https://x', headers: [{ field: 'a' }], auth: {} },
    });
    expect(JSON.stringify(clean)).not.toMatch(/HASH|"T"|"P"/);

    const huge = snapshotJson({ id: 'm1', form_data: 'x'.repeat(MAX_SNAPSHOT_CHARS + 10) });
    expect(huge!.length).toBeLessThanOrEqual(MAX_SNAPSHOT_CHARS);
    expect(JSON.parse(huge!)).toMatchObject({ id: 'm1', form_data: { omitted: expect.stringMatching(/characters/) } });
    expect(snapshotJson(null)).toBeNull();
  });
});

describe.each(dbTargets())('the audit trail on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let hr: string;
  const db = () => server.database.db;
  const rows = () => db().selectFrom('audit_log').selectAll().orderBy('id').execute();
  const clear = () => db().deleteFrom('audit_log').execute();
  const call = async (method: string, url: string, body?: unknown, token = admin) =>
    (await server.call(method, url, { token, body })).json();

  beforeAll(async () => {
    server = await createTestServer(target);
    [admin, hr] = await server.logins(['admin', 'hr']);
  });
  afterAll(() => server.close());
  beforeEach(clear);

  it('every mutating admin route declares what it audits, or why it audits nothing', () => {
    const audited = new Map(server.app.auditedRoutes.map((r) => [`${r.method} ${r.url}`, r.audit]));
    const admin = server.app.declaredRoutes.filter(
      (r) => r.method !== 'GET' && typeof r.access === 'object' && ADMIN_AREAS.some((area) => r.url.startsWith(area)),
    );
    expect(admin.length).toBeGreaterThan(60);
    const missing = admin.map((r) => `${r.method} ${r.url}`).filter((key) => !audited.has(key));
    expect(missing).toEqual([]);
    for (const [key, audit] of audited) {
      if (isExemption(audit)) expect(audit.exempt.length, key).toBeGreaterThan(10);
      else expect(AUDIT_RESOURCES as readonly string[], key).toContain(audit.resource);
    }
    // A GET that changes something is audited as well.
    expect(audited.get('GET /api/visualdev/Base/:id/Actions/RollbackTemplate')).toMatchObject({ action: 'other' });
  });

  it('S-audit records a user update with who, where, before and after, and no password hash', async () => {
    const id = await server.userIdOf('staff');
    const info = (await call('GET', `/api/permission/Users/${id}`)).data;
    const { data: _d, ...form } = info;
    const body = { ...form, realName: '改过的名字', organizeIdList: info.organizeIdList, version: info.version };
    const res = await server.call('PUT', `/api/permission/Users/${id}`, {
      token: admin,
      body,
      headers: { 'user-agent': `AuditTest/1.0 ${'x'.repeat(1000)}`, 'x-forwarded-for': '203.0.113.7' },
    });
    expect(res.json().code).toBe(200);
    const [row, ...others] = await rows();
    expect(others).toEqual([]);
    expect(row).toMatchObject({
      user_id: await server.userIdOf('admin'),
      account: 'admin',
      method: 'PUT',
      url: '/api/permission/Users/:id',
      resource: 'user',
      resource_id: id,
      action: 'update',
      ip: '203.0.113.7',
      request_id: res.headers['x-request-id'],
    });
    expect(row!.user_agent.startsWith('AuditTest/1.0')).toBe(true);
    expect(row!.user_agent.length).toBeLessThanOrEqual(300);
    expect(Math.abs(Number(row!.created_at) - server.clock.now)).toBeLessThan(1000);
    const before = JSON.parse(row!.before_json!);
    const after = JSON.parse(row!.after_json!);
    expect(before).toMatchObject({ id, account: 'staff', real_name: info.realName, version: info.version });
    expect(after).toMatchObject({ id, real_name: '改过的名字', version: info.version + 1 });
    expect(after.organizeIds).toEqual([...info.organizeIdList].sort());
    const hash = (
      await db()
        .selectFrom('user_credential')
        .select('password_hash')
        .where('user_id', '=', id)
        .executeTakeFirstOrThrow()
    ).password_hash;
    for (const text of [row!.before_json!, row!.after_json!]) {
      expect(text).not.toContain(hash);
      expect(Object.keys(JSON.parse(text)).filter(isSecretKey)).toEqual([]);
      expect(text).not.toMatch(/"(password|password_hash|salt|token)"/i);
    }
  });

  it('records a password reset without the password, and a user created through the API', async () => {
    const id = await server.userIdOf('staff');
    const secret = md5('N3w-secret!');
    const reset = await call('POST', `/api/permission/Users/${id}/Actions/ResetPassword`, {
      userPassword: secret,
      validatePassword: secret,
    });
    expect(reset.code).toBe(200);
    const created = await call('POST', '/api/permission/Users', {
      account: 'audited1',
      realName: '审计新人',
      gender: 1,
      organizeIdList: [await server.idOfCode('organize', 'demo.rd')],
      positionIdList: [],
      roleIdList: [],
      groupIdList: [],
    });
    expect(created.code).toBe(200);
    const [resetRow, createRow] = await rows();
    expect(resetRow).toMatchObject({ resource: 'user', action: 'other', resource_id: id });
    expect(JSON.stringify(await rows())).not.toContain(secret);
    expect(createRow).toMatchObject({
      resource: 'user',
      action: 'create',
      resource_id: created.data.id,
      before_json: null,
    });
    expect(JSON.parse(createRow!.after_json!)).toMatchObject({ account: 'audited1', real_name: '审计新人' });
  });

  it('records a grant save as the object’s grants before and after', async () => {
    const userId = await server.addBareUser('granted1');
    const system = await db()
      .selectFrom('app_system')
      .select('id')
      .where('en_code', '=', 'dev')
      .executeTakeFirstOrThrow();
    const menus = await db()
      .selectFrom('menu')
      .select(['id', 'full_name'])
      .where('en_code', 'in', ['system', 'system.menu'])
      .execute();
    const data = (await call('GET', `/api/permission/Authority/Data/${userId}?objectType=user`)).data;
    const saved = await call('PUT', `/api/permission/Authority/Data/${userId}`, {
      objectType: 'user',
      version: data.version,
      system: [system.id],
      module: menus.map((m) => m.id),
      button: [],
      column: [],
      form: [],
      resource: [],
    });
    expect(saved.code).toBe(200);
    const [row] = await rows();
    expect(row).toMatchObject({ resource: 'authorize', action: 'update', resource_id: userId });
    expect(JSON.parse(row!.before_json!)).toMatchObject({ objectType: 'user', version: 0, system: [], module: [] });
    const after = JSON.parse(row!.after_json!);
    expect(after).toMatchObject({ objectType: 'user', version: 1 });
    expect(after.system).toEqual([expect.stringContaining(system.id)]);
    expect(after.module).toEqual(expect.arrayContaining(menus.map((m) => `${m.full_name} (${m.id})`)));
  });

  it('records a settings change, and nothing for refused, invalid or failed requests', async () => {
    const settings = (await call('GET', '/api/system/SysConfig')).data;
    expect((await call('PUT', '/api/system/SysConfig', { title: 'Audited title' })).code).toBe(200);
    const [row] = await rows();
    expect(row).toMatchObject({ resource: 'sysConfig', action: 'update', resource_id: null });
    expect(JSON.parse(row!.before_json!)).toMatchObject({ title: settings.title, tokenTimeout: settings.tokenTimeout });
    expect(JSON.parse(row!.after_json!)).toMatchObject({ title: 'Audited title' });
    await clear();

    const id = await server.userIdOf('staff');
    // 403: hr holds no settings permission.
    expect((await call('PUT', '/api/system/SysConfig', { title: 'x' }, hr)).code).toBe(403);
    // 400 from the schema, before any handler.
    expect((await call('PUT', '/api/system/SysConfig', { tokenTimeout: 'soon' })).code).toBe(400);
    // 400 from the handler, after the before snapshot was read.
    const mismatch = await call('POST', `/api/permission/Users/${id}/Actions/ResetPassword`, {
      userPassword: md5('a'),
      validatePassword: md5('b'),
    });
    expect(mismatch.code).toBe(400);
    // 409: a stale version.
    const info = (await call('GET', `/api/permission/Users/${id}`)).data;
    expect((await call('PUT', `/api/permission/Users/${id}`, { ...info, version: info.version + 5 })).code).toBe(409);
    // 404: a record that does not exist.
    expect((await call('DELETE', '/api/permission/Role/nonexistent')).code).not.toBe(200);
    expect(await rows()).toEqual([]);
  });

  it('lists the trail newest first, filtered, and shows one row with its snapshots', async () => {
    const adminId = await server.userIdOf('admin');
    const hrId = await server.userIdOf('hr');
    const t0 = Date.UTC(2024, 0, 10);
    const base = {
      ip: '10.0.0.1',
      user_agent: 'ua',
      method: 'PUT',
      resource_id: 'r1',
      action: 'update' as const,
      before_json: '{"a":1}',
      after_json: '{"a":2}',
      request_id: 'req',
    };
    await db()
      .insertInto('audit_log')
      .values([
        {
          ...base,
          id: newId(t0),
          created_at: t0,
          user_id: adminId,
          account: 'admin',
          real_name: '管理员',
          url: '/api/system/SysConfig',
          resource: 'sysConfig',
        },
        {
          ...base,
          id: newId(t0 + DAY_MS),
          created_at: t0 + DAY_MS,
          user_id: hrId,
          account: 'hr',
          real_name: '人事',
          url: '/api/permission/Users/:id',
          resource: 'user',
        },
        {
          ...base,
          id: newId(t0 + 2 * DAY_MS),
          created_at: t0 + 2 * DAY_MS,
          user_id: adminId,
          account: 'admin',
          real_name: '管理员',
          url: '/api/permission/Role/:id',
          resource: 'role',
        },
      ])
      .execute();
    const list = async (query: string) => (await call('GET', `/api/system/AuditLog?${query}`)).data;
    const all = await list('');
    expect(all.pagination).toMatchObject({ total: 3, currentPage: 1 });
    expect(all.list.map((r: { resource: string }) => r.resource)).toEqual(['role', 'user', 'sysConfig']);
    expect(all.list[0]).not.toHaveProperty('before');
    expect((await list('keyword=Users')).list.map((r: { account: string }) => r.account)).toEqual(['hr']);
    expect((await list('keyword=人事')).pagination.total).toBe(1);
    expect((await list('resource=sysConfig')).list).toHaveLength(1);
    expect((await list(`userId=${adminId}`)).pagination.total).toBe(2);
    expect(
      (await list(`startTime=${t0 + DAY_MS}&endTime=${t0 + DAY_MS}`)).list.map((r: { account: string }) => r.account),
    ).toEqual(['hr']);
    const page2 = await list('pageSize=2&currentPage=2');
    expect(page2.list.map((r: { resource: string }) => r.resource)).toEqual(['sysConfig']);

    const detail = await call('GET', `/api/system/AuditLog/${all.list[0].id}`);
    expect(detail.data).toMatchObject({ resource: 'role', before: { a: 1 }, after: { a: 2 } });
    expect((await call('GET', '/api/system/AuditLog/nope')).code).toBe(404);
    // The trail is for those granted its menu.
    expect((await call('GET', '/api/system/AuditLog', undefined, hr)).code).toBe(403);
  });

  it('is append-only through the API: nothing creates, changes or deletes a row', async () => {
    const id = newId(server.clock.now);
    await db()
      .insertInto('audit_log')
      .values({
        id,
        created_at: server.clock.now,
        user_id: null,
        account: '',
        real_name: '',
        ip: '',
        user_agent: '',
        method: 'PUT',
        url: '/x',
        resource: 'user',
        resource_id: null,
        action: 'update',
        before_json: null,
        after_json: null,
        request_id: '',
      })
      .execute();
    for (const [method, url] of [
      ['POST', '/api/system/AuditLog'],
      ['PUT', `/api/system/AuditLog/${id}`],
      ['PATCH', `/api/system/AuditLog/${id}`],
      ['DELETE', `/api/system/AuditLog/${id}`],
      ['DELETE', '/api/system/AuditLog'],
    ] as const) {
      const res = await server.call(method, url, { token: admin, body: {} });
      expect([404, 405], `${method} ${url}`).toContain(res.statusCode);
    }
    expect(
      server.app.declaredRoutes.filter((r) => r.url.startsWith('/api/system/AuditLog')).map((r) => r.method),
    ).toEqual(['GET', 'GET']);
    expect((await rows()).map((r) => r.id)).toEqual([id]);
  });

  it('prunes rows past the retention daily, as a durable job on the clock', async () => {
    const clock = { now: Date.UTC(2025, 5, 1, 12) };
    const insert = (id: string, ageDays: number) =>
      db()
        .insertInto('audit_log')
        .values({
          id,
          created_at: clock.now - ageDays * DAY_MS,
          user_id: null,
          account: 'admin',
          real_name: '',
          ip: '',
          user_agent: '',
          method: 'PUT',
          url: '/x',
          resource: 'user',
          resource_id: null,
          action: 'update',
          before_json: null,
          after_json: null,
          request_id: '',
        })
        .execute();
    await insert('old', 40);
    await insert('edge', 29.25);
    await insert('new', 1);
    const jobs = createJobQueue({
      db: db(),
      dialect: server.database.dialect,
      now: () => clock.now,
      cleanupEveryMs: 0,
    });
    try {
      // Forever: the job runs and keeps everything.
      scheduleAuditPruning(jobs, db(), () => clock.now, 0);
      await jobs.runDue();
      expect((await rows()).map((r) => r.id).sort()).toEqual(['edge', 'new', 'old']);

      const keeping30 = createJobQueue({
        db: db(),
        dialect: server.database.dialect,
        now: () => clock.now,
        cleanupEveryMs: 0,
      });
      scheduleAuditPruning(keeping30, db(), () => clock.now, 30);
      const job = await db()
        .selectFrom('job')
        .selectAll()
        .where('dedupe_key', '=', recurringKey(AUDIT_PRUNE_KIND))
        .executeTakeFirstOrThrow();
      // Daily, at midnight UTC: the next run is the coming midnight.
      expect(job).toMatchObject({ interval_ms: DAY_MS, state: 'pending', run_at: Date.UTC(2025, 5, 2) });
      clock.now = job.run_at;
      await keeping30.runDue();
      expect((await rows()).map((r) => r.id).sort()).toEqual(['edge', 'new']);
      const next = await db().selectFrom('job').select('run_at').where('id', '=', job.id).executeTakeFirstOrThrow();
      expect(next.run_at).toBe(Date.UTC(2025, 5, 3));

      // A day later 'edge' is 30.75 days old and goes too.
      clock.now = next.run_at;
      await keeping30.runDue();
      expect((await rows()).map((r) => r.id)).toEqual(['new']);
    } finally {
      await db().deleteFrom('job').where('kind', '=', AUDIT_PRUNE_KIND).execute();
    }
  });
});
