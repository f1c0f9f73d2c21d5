import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSettings } from '../../core/settings.ts';
import { dbTargets } from '../../testing/index.ts';
import { startCluster, TestSocket, type Cluster } from './testing.ts';

/**
 * Pushes a server sends on someone else's behalf (an administrator disables a user or changes
 * grants, a sign-in elsewhere ends a session) speak the recipient's stored language, not the
 * language of the request that caused them.
 */
describe.each(dbTargets())('logout pushes in the recipient language on $name', (target) => {
  let cluster: Cluster;
  let base: string;
  const opened: TestSocket[] = [];
  const open = async (token: string) => {
    const socket = await TestSocket.open(base, token);
    opened.push(socket);
    return socket;
  };
  const userId = async (account: string) =>
    (
      await cluster.database.db
        .selectFrom('users')
        .select('id')
        .where('account', '=', account)
        .executeTakeFirstOrThrow()
    ).id;
  const api = async (token: string, method: string, url: string, body?: unknown, language = 'zh-CN') => {
    const res = await cluster.apps[0]!.inject({
      method: method as 'PUT',
      url,
      headers: {
        authorization: token,
        'accept-language': language,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return res.json() as { code: number; msg: string; data?: unknown };
  };
  const setLanguage = (token: string, language: string) =>
    api(token, 'PUT', '/api/permission/Users/Current/SystemLanguage', { language });

  beforeAll(async () => {
    cluster = await startCluster(target, 1);
    base = cluster.bases[0]!;
    await writeSettings(cluster.database.db, { singleLogin: 2 });
  });
  afterAll(async () => {
    for (const socket of opened) socket.close();
    await cluster.close();
  });

  it('S1-7-43 a user whose language is en-US gets an English logout when a Chinese administrator disables them', async () => {
    const admin = await cluster.login('admin');
    const token = await cluster.login('finance');
    expect((await setLanguage(token, 'en-US')).code).toBe(200);
    const socket = await open(token);
    await socket.connect(token);

    const disabled = await api(admin, 'PUT', `/api/permission/Users/${await userId('finance')}/Actions/State`);
    expect(disabled).toMatchObject({ code: 200, msg: '修改成功', data: { enabledMark: 0 } });
    expect(await socket.next('logout')).toEqual({
      method: 'logout',
      msg: 'The account is disabled, please contact an administrator',
    });
    expect(await socket.closed).toBe(1000);
    // Enabled again: no push, and the user signs in as before.
    expect(await api(admin, 'PUT', `/api/permission/Users/${await userId('finance')}/Actions/State`)).toMatchObject({
      data: { enabledMark: 1 },
    });
    await cluster.login('finance');
  });

  it('S1-6-01 a permission change reaches a user who chose zhtw in Traditional Chinese, whatever the admin reads', async () => {
    const admin = await cluster.login('admin');
    const token = await cluster.login('hr');
    expect((await setLanguage(token, 'zhtw')).code).toBe(200);
    const socket = await open(token);
    await socket.connect(token);

    const role = (
      await cluster.database.db
        .selectFrom('role')
        .select('id')
        .where('en_code', '=', 'hr.manager')
        .executeTakeFirstOrThrow()
    ).id;
    const data = (await api(admin, 'GET', `/api/permission/Authority/Data/${role}?objectType=role`, undefined, 'en'))
      .data as { version: number; granted: Record<string, string[]> };
    const saved = await api(
      admin,
      'PUT',
      `/api/permission/Authority/Data/${role}`,
      { objectType: 'role', version: data.version, ...data.granted, button: [] },
      'en',
    );
    expect(saved.code).toBe(200);
    expect(await socket.next('logout')).toEqual({ method: 'logout', msg: '權限已變更，請重新登入' });
    // Given back, for whatever runs after.
    const again = (await api(admin, 'GET', `/api/permission/Authority/Data/${role}?objectType=role`)).data as {
      version: number;
    };
    await api(admin, 'PUT', `/api/permission/Authority/Data/${role}`, {
      objectType: 'role',
      ...data.granted,
      version: again.version,
    });
  });

  it('S1-7-43 single login: the session signed out by a sign-in elsewhere hears it in its own stored language', async () => {
    await writeSettings(cluster.database.db, { singleLogin: 1 });
    try {
      const first = await cluster.login('manager');
      expect((await setLanguage(first, 'en')).code).toBe(200);
      const socket = await open(first);
      await socket.connect(first);
      // The second sign-in's request speaks Chinese (no header: zh-CN).
      await cluster.login('manager');
      expect(await socket.next('logout')).toEqual({
        method: 'logout',
        msg: 'Your account has signed in elsewhere, please log in again',
      });
    } finally {
      await writeSettings(cluster.database.db, { singleLogin: 2 });
    }
  });

  it('a language changed after the socket opened is the one the push uses', async () => {
    const admin = await cluster.login('admin');
    const token = await cluster.login('staff');
    expect((await setLanguage(token, 'en')).code).toBe(200);
    const socket = await open(token);
    await socket.connect(token);
    expect((await setLanguage(token, 'zh-TW')).code).toBe(200);
    await api(admin, 'PUT', `/api/permission/Users/${await userId('staff')}/Actions/State`, undefined, 'en');
    expect(await socket.next('logout')).toEqual({ method: 'logout', msg: '帳號已被停用，請聯絡管理員' });
    await api(admin, 'PUT', `/api/permission/Users/${await userId('staff')}/Actions/State`);
  });
});
