import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, md5, type TestServer } from '../../testing/index.ts';
import { FALLBACK_DEFAULT_PASSWORD } from './user-service.ts';

const en = { 'accept-language': 'en-US' };

describe.each(dbTargets())('user management on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let hr: string;
  let staff: string;
  const ids: Record<string, string> = {};

  const orgId = (code: string) => server.idOfCode('organize', code);
  const userId = (account: string) => server.userIdOf(account);
  const revision = () => server.authorityRevision();

  beforeAll(async () => {
    server = await createTestServer(target);
    [admin, hr, staff] = await server.logins(['admin', 'hr', 'staff']);
    const db = server.database.db;
    ids.rd = await orgId('demo.rd');
    ids.web = await orgId('demo.rd.web');
    ids.hr = await orgId('demo.hr');
    ids.role = await server.idOfCode('role', 'employee');
    ids.group = (await db.selectFrom('user_group').select('id').orderBy('sort_code').executeTakeFirstOrThrow()).id;
    ids.position = (
      await db.selectFrom('position').select('id').where('organize_id', '=', ids.rd).executeTakeFirstOrThrow()
    ).id;
    ids.manager = await userId('manager');
  });
  afterAll(() => server.close());

  const form = (over: Record<string, unknown> = {}) => ({
    account: 'newbie1',
    realName: '新同事',
    gender: 1,
    mobilePhone: '13800001111',
    email: 'newbie1@demo.local',
    organizeIdList: [ids.rd, ids.web],
    positionIdList: [ids.position],
    roleIdList: [ids.role],
    groupIdList: [ids.group],
    managerId: ids.manager,
    sortCode: 5,
    description: 'hello',
    ...over,
  });

  it('S2-7-32 creates a user with memberships and the default password, then reads it back', async () => {
    const before = await revision();
    const res = (await server.call('POST', '/api/permission/Users', { token: admin, body: form() })).json();
    expect(res.code).toBe(200);
    const id = res.data.id as string;
    expect(await revision()).toBeGreaterThan(before);
    const info = (await server.call('GET', `/api/permission/Users/${id}`, { token: admin })).json();
    expect(info.data).toMatchObject({
      account: 'newbie1',
      realName: '新同事',
      gender: 1,
      organizeIdList: [ids.rd, ids.web],
      positionIdList: [ids.position],
      roleIdList: [ids.role],
      groupIdList: [ids.group],
      managerId: ids.manager,
      managerName: '王建国/manager',
      enabledMark: 1,
      sortCode: 5,
      description: 'hello',
      version: 0,
    });
    const row = await server.rowOf('users', id);
    expect(row.organize_id).toBe(ids.rd);
    expect(row.position_id).toBe(ids.position);
    expect(row).not.toHaveProperty('password_hash');
    const credential = await server.database.db
      .selectFrom('user_credential')
      .select('password_hash')
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(credential.password_hash).toMatch(/^\$argon2id\$/);
    // The new user signs in with the default password (md5 as the login sends it).
    const login = (
      await server.call('POST', '/api/oauth/Login', {
        form: { account: 'newbie1', password: md5(FALLBACK_DEFAULT_PASSWORD), grant_type: 'password' },
      })
    ).json();
    expect(login.code).toBe(200);
    ids.newbie = id;
  });

  it('refuses a taken account, a bad account, a missing organisation and unknown references, naming the field', async () => {
    const taken = (
      await server.call('POST', '/api/permission/Users', {
        token: admin,
        body: form({ account: 'staff' }),
        headers: en,
      })
    ).json();
    expect(taken).toEqual({ code: 400, msg: 'The account "staff" is already in use' });
    const bad = (
      await server.call('POST', '/api/permission/Users', { token: admin, body: form({ account: 'a b' }), headers: en })
    ).json();
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('account');
    const noOrg = (
      await server.call('POST', '/api/permission/Users', {
        token: admin,
        body: form({ account: 'x1', organizeIdList: [] }),
        headers: en,
      })
    ).json();
    expect(noOrg.code).toBe(400);
    expect(noOrg.msg).toContain('organizeIdList');
    const mobile = (
      await server.call('POST', '/api/permission/Users', {
        token: admin,
        body: form({ account: 'x1', mobilePhone: '123' }),
        headers: en,
      })
    ).json();
    expect(mobile.msg).toContain('mobilePhone');
    const unknown = (
      await server.call('POST', '/api/permission/Users', {
        token: admin,
        body: form({ account: 'x1', roleIdList: ['nope'] }),
        headers: en,
      })
    ).json();
    expect(unknown).toEqual({ code: 400, msg: 'Invalid roleIdList: the chosen record does not exist' });
    expect(
      await server.database.db.selectFrom('users').select('id').where('account', '=', 'x1').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('403 without the button, 404 for an unknown id', async () => {
    expect(
      (await server.call('POST', '/api/permission/Users', { token: staff, body: form({ account: 'x2' }) })).json().code,
    ).toBe(403);
    expect((await server.call('GET', `/api/permission/Users/${ids.newbie}`, { token: staff })).json().code).toBe(403);
    expect((await server.call('DELETE', `/api/permission/Users/${ids.newbie}`, { token: hr })).json().code).toBe(403);
    for (const [method, url, body] of [
      ['GET', '/api/permission/Users/NOPE', undefined],
      ['PUT', '/api/permission/Users/NOPE', { ...form({ account: 'zz' }), version: 0 }],
      ['DELETE', '/api/permission/Users/NOPE', undefined],
      ['PUT', '/api/permission/Users/NOPE/Actions/State', undefined],
      [
        'POST',
        '/api/permission/Users/NOPE/Actions/ResetPassword',
        { userPassword: md5('x'), validatePassword: md5('x') },
      ],
      ['PUT', '/api/permission/Users/NOPE/Actions/unlock', undefined],
    ] as const) {
      expect((await server.call(method, url, { token: admin, body })).json().code, `${method} ${url}`).toBe(404);
    }
  });

  it('applies the data scheme: HR sees and edits only its own department and below', async () => {
    const list = (await server.call('GET', '/api/permission/Users?pageSize=100', { token: hr })).json();
    expect(list.code).toBe(200);
    const accounts = list.data.list.map((u: { account: string }) => u.account);
    expect(accounts).toContain('hr');
    expect(accounts).not.toContain('manager');
    // Outside the scheme is the same as not there: 404, and nothing of the record.
    const outside = (await server.call('GET', `/api/permission/Users/${ids.manager}`, { token: hr })).json();
    expect(outside.code).toBe(404);
    expect(outside).not.toHaveProperty('data');
  });

  it('updates with the version, replaces memberships and bumps the authority revision', async () => {
    const info = (await server.call('GET', `/api/permission/Users/${ids.newbie}`, { token: admin })).json().data;
    const before = await revision();
    const res = (
      await server.call('PUT', `/api/permission/Users/${ids.newbie}`, {
        token: admin,
        body: {
          ...form({ realName: '改名', organizeIdList: [ids.hr], positionIdList: [], groupIdList: [] }),
          version: info.version,
        },
      })
    ).json();
    expect(res.code).toBe(200);
    expect(await revision()).toBeGreaterThan(before);
    const after = (await server.call('GET', `/api/permission/Users/${ids.newbie}`, { token: admin })).json().data;
    expect(after).toMatchObject({
      realName: '改名',
      organizeIdList: [ids.hr],
      positionIdList: [],
      groupIdList: [],
      version: info.version + 1,
    });
    const stale = (
      await server.call('PUT', `/api/permission/Users/${ids.newbie}`, {
        token: admin,
        body: { ...form(), version: info.version },
      })
    ).json();
    expect(stale.code).toBe(409);
    const noVersion = (
      await server.call('PUT', `/api/permission/Users/${ids.newbie}`, { token: admin, body: form(), headers: en })
    ).json();
    expect(noVersion.code).toBe(400);
    expect(noVersion.msg).toContain('version');
  });

  it('two admins saving the same version at once: one 200, one 409, the winner stored', async () => {
    const admin2 = await server.login('admin');
    const { version } = (await server.call('GET', `/api/permission/Users/${ids.newbie}`, { token: admin })).json().data;
    const race = await server.saveTwiceAtOnce(
      `/api/permission/Users/${ids.newbie}`,
      { token: admin, body: { ...form({ realName: '甲', organizeIdList: [ids.hr] }), version } },
      { token: admin2, body: { ...form({ realName: '乙', organizeIdList: [ids.rd] }), version } },
    );
    expect(race.codes).toEqual([200, 409]);
    const winner = [
      { name: '甲', org: ids.hr },
      { name: '乙', org: ids.rd },
    ][race.winner];
    const info = (await server.call('GET', `/api/permission/Users/${ids.newbie}`, { token: admin })).json().data;
    expect(info.realName).toBe(winner.name);
    expect(info.organizeIdList).toEqual([winner.org]);
    expect(info.version).toBe(version + 1);
  });

  it('S2-4-29 toggles state; refuses toggling yourself or disabling an administrator', async () => {
    const off = (
      await server.call('PUT', `/api/permission/Users/${ids.newbie}/Actions/State`, { token: admin })
    ).json();
    expect(off).toMatchObject({ code: 200, data: { enabledMark: 0 } });
    expect((await server.rowOf('users', ids.newbie)).enabled).toBe(0);
    const on = (await server.call('PUT', `/api/permission/Users/${ids.newbie}/Actions/State`, { token: admin })).json();
    expect(on.data.enabledMark).toBe(1);
    const adminId = await userId('admin');
    const self = (
      await server.call('PUT', `/api/permission/Users/${adminId}/Actions/State`, { token: admin, headers: en })
    ).json();
    expect(self).toEqual({ code: 400, msg: 'You cannot disable your own account' });
    const hrId = await userId('hr');
    const hrSelf = (
      await server.call('PUT', `/api/permission/Users/${hrId}/Actions/State`, { token: hr, headers: en })
    ).json();
    expect(hrSelf.code).toBe(400);
  });

  it('S2-7-33 resets the password (md5, argon2id stored); a mismatch or a non-md5 value is refused', async () => {
    const mismatch = (
      await server.call('POST', `/api/permission/Users/${ids.newbie}/Actions/ResetPassword`, {
        token: admin,
        body: { userPassword: md5('abc12345'), validatePassword: md5('abc12346') },
        headers: en,
      })
    ).json();
    expect(mismatch).toEqual({ code: 400, msg: 'The two passwords do not match' });
    const plain = (
      await server.call('POST', `/api/permission/Users/${ids.newbie}/Actions/ResetPassword`, {
        token: admin,
        body: { userPassword: 'abc12345', validatePassword: 'abc12345' },
        headers: en,
      })
    ).json();
    expect(plain.code).toBe(400);
    expect(plain.msg).toContain('userPassword');
    const res = (
      await server.call('POST', `/api/permission/Users/${ids.newbie}/Actions/ResetPassword`, {
        token: admin,
        body: { userPassword: md5('abc12345'), validatePassword: md5('abc12345') },
      })
    ).json();
    expect(res).toEqual({ code: 200, msg: '重置密码成功' });
    await expect(server.login('newbie1', 'abc12345')).resolves.toMatch(/^Bearer /);
    expect(
      (
        await server.call('POST', `/api/permission/Users/${ids.newbie}/Actions/ResetPassword`, {
          token: staff,
          body: { userPassword: md5('abc12345'), validatePassword: md5('abc12345') },
        })
      ).json().code,
    ).toBe(403);
  });

  it('S2-7-34 S1-4-06 unlocks a locked account', async () => {
    await server.database.db
      .updateTable('users')
      .set({ lock_mark: 1, login_error_count: 5 })
      .where('id', '=', ids.newbie)
      .execute();
    const res = (
      await server.call('PUT', `/api/permission/Users/${ids.newbie}/Actions/unlock`, { token: admin })
    ).json();
    expect(res.code).toBe(200);
    const row = await server.database.db
      .selectFrom('users')
      .select(['lock_mark', 'login_error_count'])
      .where('id', '=', ids.newbie)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ lock_mark: 0, login_error_count: 0 });
    expect(
      (await server.call('PUT', `/api/permission/Users/${ids.newbie}/Actions/unlock`, { token: staff })).json().code,
    ).toBe(403);
  });

  it('lists by organisation including its subtree', async () => {
    const company = await orgId('demo');
    const all = (
      await server.call('GET', `/api/permission/Users?organizeId=${company}&pageSize=500`, { token: admin })
    ).json();
    const rd = (
      await server.call('GET', `/api/permission/Users?organizeId=${ids.rd}&pageSize=500`, { token: admin })
    ).json();
    const web = (
      await server.call('GET', `/api/permission/Users?organizeId=${ids.web}&pageSize=500`, { token: admin })
    ).json();
    expect(rd.data.pagination.total).toBeGreaterThan(web.data.pagination.total);
    expect(all.data.pagination.total).toBeGreaterThan(rd.data.pagination.total);
    const webIds = web.data.list.map((u: { id: string }) => u.id);
    const rdIds = rd.data.list.map((u: { id: string }) => u.id);
    expect(webIds.every((id: string) => rdIds.includes(id))).toBe(true);
  });

  it('refuses deleting an administrator or yourself; deletes a user with its memberships', async () => {
    const adminId = await userId('admin');
    expect(
      (await server.call('DELETE', `/api/permission/Users/${adminId}`, { token: admin, headers: en })).json(),
    ).toEqual({
      code: 400,
      msg: 'An administrator account cannot be deleted',
    });
    // An administrator deleting themselves is refused by the first rule; a plain user by the second.
    const db = server.database.db;
    await db.updateTable('users').set({ is_administrator: 0 }).where('id', '=', adminId).execute();
    const self = (
      await server.call('DELETE', `/api/permission/Users/${adminId}`, { token: admin, headers: en })
    ).json();
    await db.updateTable('users').set({ is_administrator: 1 }).where('id', '=', adminId).execute();
    expect(self).toEqual({ code: 400, msg: 'You cannot delete your own account' });
    const before = await revision();
    const res = (await server.call('DELETE', `/api/permission/Users/${ids.newbie}`, { token: admin })).json();
    expect(res.code).toBe(200);
    expect(await server.exists('users', ids.newbie)).toBe(false);
    expect(await db.selectFrom('user_relation').select('id').where('user_id', '=', ids.newbie).execute()).toEqual([]);
    expect(await revision()).toBeGreaterThan(before);
  });
});
