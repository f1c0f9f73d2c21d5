import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';

/**
 * Column and form grants on the users list and the user form: the seeded HR role holds every
 * declared column and form field of permission.user except the mobile phone and the e-mail. The
 * server leaves them out of what HR reads and keeps them as stored when HR writes.
 */
describe.each(dbTargets())('column and form grants on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let hr: string;
  /** fengtao: in HR's own department, so inside HR's data scope. */
  let staffId: string;

  const call = (method: string, url: string, token: string, body?: unknown) =>
    server.call(method, url, { token, body }).then((r) => r.json());

  beforeAll(async () => {
    server = await createTestServer(target);
    [admin, hr] = await server.logins(['admin', 'hr']);
    staffId = await server.userIdOf('fengtao');
  });
  afterAll(() => server.close());

  it('the list leaves out the columns HR lacks; the administrator gets them', async () => {
    const forHr = await call('GET', '/api/permission/Users?pageSize=100', hr);
    expect(forHr.code).toBe(200);
    const row = forHr.data.list.find((u: { id: string }) => u.id === staffId);
    expect(row).toMatchObject({ account: 'fengtao', realName: '冯涛' });
    expect(row).not.toHaveProperty('mobilePhone');
    expect(row).not.toHaveProperty('email');
    const forAdmin = await call('GET', '/api/permission/Users?pageSize=100', admin);
    const full = forAdmin.data.list.find((u: { id: string }) => u.id === staffId);
    expect(full.mobilePhone).toMatch(/^1\d{10}$/);
    expect(full.email).toBe('fengtao@demo.atrium.local');
  });

  it("a kept page of the list is its caller's own: HR and the administrator in turn, then a change to a user", async () => {
    const page = '/api/permission/Users?pageSize=100&keyword=%E5%86%AF'; // 冯
    const rowOf = async (token: string) =>
      (await call('GET', page, token)).data.list.find((u: { id: string }) => u.id === staffId);
    for (let round = 0; round < 2; round++) {
      expect(await rowOf(hr)).not.toHaveProperty('mobilePhone');
      expect((await rowOf(admin)).mobilePhone).toMatch(/^1\d{10}$/);
    }
    // HR's data scope leaves out the research centre, also when the same page was kept for the admin.
    const everyone = '/api/permission/Users?pageSize=500';
    const total = async (token: string) => (await call('GET', everyone, token)).data.pagination.total as number;
    const hrTotal = await total(hr);
    const adminTotal = await total(admin);
    expect(adminTotal).toBeGreaterThan(hrTotal);
    expect([await total(hr), await total(admin)]).toEqual([hrTotal, adminTotal]);
    // A write to a user is in the next read of both, whoever wrote it and however.
    await server.database.db.updateTable('users').set({ real_name: '冯涛改' }).where('id', '=', staffId).execute();
    expect((await rowOf(hr)).realName).toBe('冯涛改');
    expect((await rowOf(admin)).realName).toBe('冯涛改');
    await server.database.db.updateTable('users').set({ real_name: '冯涛' }).where('id', '=', staffId).execute();
    expect((await rowOf(hr)).realName).toBe('冯涛');
  });

  it('the record leaves out the form fields HR lacks, and the grants reach the client in CurrentUser', async () => {
    const record = await call('GET', `/api/permission/Users/${staffId}`, hr);
    expect(record.code).toBe(200);
    expect(record.data).toMatchObject({ id: staffId, account: 'fengtao' });
    expect(record.data).not.toHaveProperty('mobilePhone');
    expect(record.data).not.toHaveProperty('email');
    const current = await call('GET', '/api/oauth/CurrentUser', hr);
    const users = current.data.permissionList.find((p: { moduleName: string; column: unknown[] }) =>
      p.column.some((c) => (c as { enCode: string }).enCode === 'account'),
    );
    const codes = (kind: 'column' | 'form') => users[kind].map((c: { enCode: string }) => c.enCode);
    expect(codes('column')).toContain('realName');
    expect(codes('column')).not.toContain('mobilePhone');
    expect(codes('form')).not.toContain('email');
  });

  it('an update by HR keeps the stored phone and e-mail whatever it sends, and changes the rest', async () => {
    const before = await server.rowOf('users', staffId);
    const info = (await call('GET', `/api/permission/Users/${staffId}`, admin)).data;
    const body = {
      account: info.account,
      realName: '改名员工',
      gender: info.gender,
      mobilePhone: '13900000000',
      email: 'hijacked@example.com',
      organizeIdList: info.organizeIdList,
      positionIdList: info.positionIdList,
      roleIdList: info.roleIdList,
      groupIdList: info.groupIdList,
      managerId: info.managerId,
      enabledMark: info.enabledMark,
      sortCode: info.sortCode,
      description: info.description,
      version: info.version,
    };
    const saved = await call('PUT', `/api/permission/Users/${staffId}`, hr, body);
    expect(saved.code).toBe(200);
    const after = await server.rowOf('users', staffId);
    expect(after.real_name).toBe('改名员工');
    expect(after.mobile_phone).toBe(before.mobile_phone);
    expect(after.email).toBe(before.email);
  });

  it('a user created by HR starts with an empty phone and e-mail; by the administrator, with the given ones', async () => {
    const hrDept = (await call('GET', `/api/permission/Users/${await server.userIdOf('hr')}`, admin)).data
      .organizeIdList;
    const form = (account: string) => ({
      account,
      realName: account,
      mobilePhone: '13900000001',
      email: `${account}@example.com`,
      organizeIdList: hrDept,
      enabledMark: 1,
    });
    const byHr = await call('POST', '/api/permission/Users', hr, form('grantee1'));
    expect(byHr.code).toBe(200);
    const created = await server.rowOf('users', byHr.data.id);
    expect([created.mobile_phone, created.email]).toEqual(['', '']);
    const byAdmin = await call('POST', '/api/permission/Users', admin, form('grantee2'));
    const full = await server.rowOf('users', byAdmin.data.id);
    expect([full.mobile_phone, full.email]).toEqual(['13900000001', 'grantee2@example.com']);
  });
});
