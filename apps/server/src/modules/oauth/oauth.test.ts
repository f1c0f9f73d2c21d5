import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { writeSettings } from '../../core/settings.ts';
import { createTestServer, dbTargets, md5, type TestServer } from '../../testing/index.ts';

describe.each(dbTargets())('sign-in and session on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target);
  });
  afterAll(() => server.close());
  afterEach(async () => {
    await writeSettings(server.database.db, {
      singleLogin: 2,
      lockType: 1,
      enableVerificationCode: 0,
      tokenTimeout: 720,
    });
  });

  const loginForm = (account: string, password: string, extra: Record<string, string> = {}) =>
    server.call('POST', '/prod/api/oauth/Login?client_id=admin&client_secret=123456&scope=all', {
      form: { account, password: md5(password), origin: 'password', grant_type: 'password', ...extra },
    });

  it('S1-7-08 S1-3-02 login is form-encoded with an md5 password and answers a Bearer token and the layout', async () => {
    const res = await loginForm('admin', 'admin123');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(body.data.token).toMatch(/^Bearer [A-Za-z0-9_-]{40,}$/);
    expect(body.data.theme).toBe('blend');
  });

  it('stores argon2id hashes, never the password or its md5', async () => {
    const row = await server.database.db
      .selectFrom('user_credential')
      .select('password_hash')
      .where('user_id', '=', await server.userIdOf('admin'))
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(md5('admin123'));
  });

  it('an unknown account and a wrong password get the same message', async () => {
    const unknown = (await loginForm('nobody', 'whatever1')).json();
    const wrong = (await loginForm('ceo', 'wrong-pass1')).json();
    expect(unknown).toEqual({ code: 400, msg: '账号或密码错误' });
    expect(wrong).toEqual(unknown);
    await server.database.db.updateTable('users').set({ login_error_count: 0 }).where('account', '=', 'ceo').execute();
  });

  it('S1-1-01 S1-3-01 S1-3-03 S1-3-04 S1-3-05 S1-3-06 S1-7-09 CurrentUser answers menus, permissions, user info and system config', async () => {
    const token = await server.login('manager');
    const res = await server.call('GET', '/api/oauth/CurrentUser', { token });
    const { code, data } = res.json();
    expect(code).toBe(200);
    expect(Object.keys(data).sort()).toEqual(['menuList', 'permissionList', 'routerList', 'sysConfigInfo', 'userInfo']);

    const info = data.userInfo;
    expect(info).toMatchObject({
      userAccount: 'manager',
      userName: '王建国',
      organizeName: '示范科技有限公司',
      departmentName: '研发中心',
      positionName: '研发总监',
      isAdministrator: false,
      roleName: '普通员工,部门负责人,项目负责人',
    });
    for (const key of [
      'userId',
      'headIcon',
      'portalId',
      'signImg',
      'organizeId',
      'prevLogin',
      'prevLoginTime',
      'prevLoginIPAddress',
      'prevLoginIPAddressName',
    ]) {
      expect(info).toHaveProperty(key);
    }
    expect(info.positionIds).toEqual([
      expect.objectContaining({ id: expect.any(String) }),
      expect.objectContaining({ id: expect.any(String) }),
    ]);
    expect(info.systemIds).toEqual([
      { id: expect.any(String), name: 'Atrium 协同办公', icon: expect.any(String), currentSystem: true },
    ]);

    const [workbench] = data.menuList;
    expect(workbench).toMatchObject({
      fullName: '工作台',
      enCode: 'workbench',
      type: 1,
      hasChildren: true,
      linkTarget: '_self',
    });
    expect(workbench.children[0]).toMatchObject({
      fullName: '首页',
      urlAddress: 'home',
      type: 2,
      hasChildren: false,
      children: [],
    });
    expect(JSON.parse(workbench.children[0].propertyJson)).toEqual({});

    expect(data.routerList).toHaveLength(1);
    expect(data.routerList[0]).toMatchObject({ type: 0, fullName: 'Atrium 协同办公' });
    // Staff see the workbench, the demo applications (released online forms) and the workflow.
    expect(data.routerList[0].children.map((m: { enCode: string }) => m.enCode)).toEqual([
      'workbench',
      'demoApps',
      'workFlow',
    ]);

    // Every menu the caller holds (ordered by sort code across parents, so ties fall either way).
    expect(data.permissionList.map((p: { moduleName: string }) => p.moduleName).sort()).toEqual(
      [
        ...['工作台', '首页', '运营大屏', '示例应用', '客户档案', '资产台账', '合同登记'],
        ...['工作流程', '发起流程', '我发起的', '待办事宜', '已办事宜', '抄送事宜', '批量审批', '流程委托'],
      ].sort(),
    );
    expect(workbench.children[1]).toMatchObject({
      fullName: '运营大屏',
      type: 6,
      urlAddress: 'dashboard',
      linkTarget: '_blank',
    });
    expect(data.permissionList.find((p: { modelId: string }) => p.modelId === workbench.id)).toEqual({
      modelId: workbench.id,
      moduleName: '工作台',
      button: [],
      column: [],
      form: [],
      resource: [],
    });
    expect(data.sysConfigInfo).toMatchObject({
      sysName: 'Atrium',
      sysVersion: '0.1.0',
      logoIcon: '',
      navigationIcon: '',
      copyright: expect.stringContaining('Atrium'),
    });
  });

  it('records the previous sign-in time, place and IP for the next CurrentUser', async () => {
    const first = await server.login('zhouya');
    const before = (await server.call('GET', '/api/oauth/CurrentUser', { token: first })).json().data.userInfo;
    expect(before.prevLogin).toBe(0);
    const signedInAt = before.loginTime;

    server.clock.advance(5_000);
    const second = await server.login('zhouya');
    const after = (
      await server.call('GET', '/api/oauth/CurrentUser', { token: second, headers: { 'accept-language': 'en-US' } })
    ).json().data.userInfo;
    expect(after).toMatchObject({
      prevLogin: 1,
      prevLoginTime: signedInAt,
      prevLoginIPAddress: '127.0.0.1',
      prevLoginIPAddressName: 'This machine',
    });
    expect(after.loginTime).toBe(signedInAt + 5_000);
  });

  it('S1-7-10 Logout ends the session: the token then answers 602', async () => {
    const token = await server.login('staff');
    const out = await server.call('GET', '/api/oauth/Logout', { token });
    expect(out.json().code).toBe(200);
    const after = await server.call('GET', '/api/oauth/CurrentUser', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 602, msg: '登录信息无效，请重新登录' });
    expect(
      await server.database.db
        .selectFrom('session')
        .select('id')
        .where('user_id', '=', await userId('staff'))
        .execute(),
    ).toHaveLength(0);
  });

  it('a missing or made-up token answers 602', async () => {
    expect((await server.call('GET', '/api/oauth/CurrentUser')).json().code).toBe(602);
    expect((await server.call('GET', '/api/oauth/CurrentUser', { token: 'Bearer forged' })).json().code).toBe(602);
  });

  it('sessions expire after tokenTimeout minutes without use (600) and use slides the expiry', async () => {
    await writeSettings(server.database.db, { tokenTimeout: 30 });
    const token = await server.login('wuqian');
    server.clock.advance(20 * 60_000);
    expect((await server.call('GET', '/api/oauth/CurrentUser', { token })).json().code).toBe(200);
    server.clock.advance(20 * 60_000);
    expect((await server.call('GET', '/api/oauth/CurrentUser', { token })).json().code).toBe(200);
    server.clock.advance(31 * 60_000);
    const expired = await server.call('GET', '/api/oauth/CurrentUser', { token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ code: 600, msg: '登录过期，请重新登录' });
  });

  it('singleLogin: a new sign-in ends the older session on the same device kind, which then answers 601', async () => {
    await writeSettings(server.database.db, { singleLogin: 1 });
    const older = await server.login('zhengli');
    const newer = await server.login('zhengli');
    expect((await server.call('GET', '/api/oauth/CurrentUser', { token: newer })).json().code).toBe(200);
    expect((await server.call('GET', '/api/oauth/CurrentUser', { token: older })).json()).toEqual({
      code: 601,
      msg: '您的账号已在其他地方登录，请重新登录',
    });
  });

  // On SQLite the session and user rows of a request come from memory between writes: this proves
  // each kind of write is seen by the very next request of a session that is in use.
  it('a session in use sees changes at once: its user renamed, a newer sign-in (601), its user disabled (602)', async () => {
    const current = (token: string) => server.call('GET', '/api/oauth/CurrentUser', { token });
    const id = await userId('hanlei');
    const older = await server.login('hanlei');
    const before = (await current(older)).json().data.userInfo.userName;
    expect((await current(older)).json().data.userInfo.userName).toBe(before);

    await server.database.db.updateTable('users').set({ real_name: '韩磊（新）' }).where('id', '=', id).execute();
    expect((await current(older)).json().data.userInfo.userName).toBe('韩磊（新）');

    await writeSettings(server.database.db, { singleLogin: 1 });
    const newer = await server.login('hanlei');
    expect((await current(older)).json().code).toBe(601);
    expect((await current(newer)).json().code).toBe(200);

    await server.database.db.updateTable('users').set({ enabled: 0 }).where('id', '=', id).execute();
    expect((await current(newer)).json().code).toBe(602);
    await server.database.db.updateTable('users').set({ enabled: 1, real_name: before }).where('id', '=', id).execute();
    expect((await current(newer)).json().data.userInfo.userName).toBe(before);
  });

  it('several sessions live side by side when singleLogin is off', async () => {
    const a = await server.login('fengtao');
    const b = await server.login('fengtao');
    expect((await server.call('GET', '/api/oauth/CurrentUser', { token: a })).json().code).toBe(200);
    expect((await server.call('GET', '/api/oauth/CurrentUser', { token: b })).json().code).toBe(200);
  });

  it('S1-7-11 LockScreen clears the lock with the right password and refuses a wrong one', async () => {
    const token = await server.login('chujing');
    const sessionRow = () =>
      server.database.db
        .selectFrom('session')
        .select('locked')
        .where('user_id', '=', chujingId)
        .executeTakeFirstOrThrow();
    const chujingId = await userId('chujing');
    await server.database.db.updateTable('session').set({ locked: 1 }).where('user_id', '=', chujingId).execute();

    const wrong = await server.call('POST', '/prod/api/oauth/LockScreen', {
      token,
      body: { account: 'chujing', password: md5('nope1234') },
    });
    expect(wrong.json()).toEqual({ code: 400, msg: '密码错误' });
    expect((await sessionRow()).locked).toBe(1);

    const other = await server.call('POST', '/api/oauth/LockScreen', {
      token,
      body: { account: 'admin', password: md5('admin123') },
    });
    expect(other.json().code).toBe(400);

    const right = await server.call('POST', '/api/oauth/LockScreen', {
      token,
      body: { account: 'chujing', password: md5('demo1234') },
    });
    expect(right.json().code).toBe(200);
    expect((await sessionRow()).locked).toBe(0);
  });

  it('S1-7-12 getConfig tells whether a captcha is needed', async () => {
    expect((await server.call('GET', '/prod/api/oauth/getConfig/admin')).json()).toEqual({
      code: 200,
      msg: 'Success',
      data: { enableVerificationCode: false, verificationCodeNumber: 4 },
    });
    await writeSettings(server.database.db, { enableVerificationCode: 1, verificationCodeNumber: 5 });
    expect((await server.call('GET', '/api/oauth/getConfig/anyone')).json().data).toEqual({
      enableVerificationCode: true,
      verificationCodeNumber: 5,
    });
  });

  it('with the captcha on, login needs the code from the image, once', async () => {
    await writeSettings(server.database.db, { enableVerificationCode: 1 });
    expect((await loginForm('admin', 'admin123')).json()).toEqual({ code: 400, msg: '请输入验证码' });

    const image = await server.call('GET', '/api/oauth/ImageCode/4/1711111111111');
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toMatch(/^<svg /);
    const { code } = await server.database.db
      .selectFrom('captcha')
      .select('code')
      .where('key', '=', '1711111111111')
      .executeTakeFirstOrThrow();
    expect(code).toHaveLength(4);

    const ok = await loginForm('admin', 'admin123', { code: code.toLowerCase(), timestamp: '1711111111111' });
    expect(ok.json().code).toBe(200);
    const reused = await loginForm('admin', 'admin123', { code, timestamp: '1711111111111' });
    expect(reused.json()).toEqual({ code: 400, msg: '验证码错误或已过期' });
  });

  async function userId(account: string) {
    return (
      await server.database.db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()
    ).id;
  }

  it('S2-4-31 five wrong passwords lock the account; the right one is then refused until an administrator unlocks it', async () => {
    for (let i = 1; i <= 4; i++) expect((await loginForm('weiming', 'wrong-pass1')).json().msg).toBe('账号或密码错误');
    expect((await loginForm('weiming', 'wrong-pass1')).json()).toEqual({
      code: 400,
      msg: '账号已被锁定，请联系管理员解锁',
    });
    expect((await loginForm('weiming', 'demo1234')).json()).toEqual({
      code: 400,
      msg: '账号已被锁定，请联系管理员解锁',
    });

    const id = await userId('weiming');
    const staffToken = await server.login('staff');
    const denied = await server.call('PUT', `/api/permission/Users/${id}/Actions/unlock`, { token: staffToken });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ code: 403, msg: '暂无权限' });

    const adminToken = await server.login('admin');
    const unlocked = await server.call('PUT', `/prod/api/permission/Users/${id}/Actions/unlock`, { token: adminToken });
    expect(unlocked.json()).toEqual({ code: 200, msg: '解锁成功' });
    expect((await loginForm('weiming', 'demo1234')).json().code).toBe(200);
  });

  it('unlock of an unknown user answers 404; without a token 602', async () => {
    const adminToken = await server.login('admin');
    expect(
      (await server.call('PUT', '/api/permission/Users/nope/Actions/unlock', { token: adminToken })).json().code,
    ).toBe(404);
    expect((await server.call('PUT', '/api/permission/Users/nope/Actions/unlock')).json().code).toBe(602);
  });

  it('a timed lockout (lockType 2) lifts by itself after lockTime minutes', async () => {
    await writeSettings(server.database.db, { lockType: 2, lockTime: 10 });
    for (let i = 1; i <= 4; i++) await loginForm('jiangfan', 'wrong-pass1');
    expect((await loginForm('jiangfan', 'wrong-pass1')).json().msg).toBe('账号已被锁定，请 10 分钟后再试');
    server.clock.advance(9 * 60_000);
    expect((await loginForm('jiangfan', 'demo1234')).json().msg).toBe('账号已被锁定，请 1 分钟后再试');
    server.clock.advance(61_000);
    expect((await loginForm('jiangfan', 'demo1234')).json().code).toBe(200);
  });

  it('parallel wrong passwords are each counted: the lockout cannot be raced', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => loginForm('shenyue', 'wrong-pass1')));
    const row = await server.database.db
      .selectFrom('users')
      .select(['login_error_count', 'lock_mark'])
      .where('account', '=', 'shenyue')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ login_error_count: 8, lock_mark: 1 });
    expect(results.every((r) => r.json().code === 400)).toBe(true);
    expect((await loginForm('shenyue', 'demo1234')).json().msg).toBe('账号已被锁定，请联系管理员解锁');
  });

  it('the built-in admin is never locked out', async () => {
    for (let i = 0; i < 6; i++) await loginForm('admin', 'wrong-pass1');
    expect((await loginForm('admin', 'admin123')).json().code).toBe(200);
  });

  it('a disabled account cannot sign in', async () => {
    await server.database.db.updateTable('users').set({ enabled: 0 }).where('account', '=', 'hanlei').execute();
    expect((await loginForm('hanlei', 'demo1234')).json()).toEqual({ code: 400, msg: '账号已被禁用，请联系管理员' });
  });

  it('sign-ins are written to the system log', async () => {
    await server.login('yangbo');
    const rows = await server.database.db
      .selectFrom('sys_log')
      .select(['category', 'abstracts', 'ip'])
      .where('user_id', '=', await userId('yangbo'))
      .execute();
    expect(rows).toEqual([{ category: 1, abstracts: 'success', ip: '127.0.0.1' }]);
  });
});

describe('login rate limit', () => {
  it('answers 429 in the envelope past the limit for one address and account', async () => {
    const server = await createTestServer(dbTargets()[0]!, { loginRateMax: 3 });
    try {
      const attempt = () =>
        server.call('POST', '/api/oauth/Login', { form: { account: 'admin', password: md5('wrong') } });
      for (let i = 0; i < 3; i++) expect((await attempt()).json().code).toBe(400);
      const limited = await attempt();
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({ code: 429, msg: '请求过于频繁，请稍后再试' });
      const otherAccount = await server.call('POST', '/api/oauth/Login', {
        form: { account: 'staff', password: md5('demo1234') },
      });
      expect(otherAccount.json().code).toBe(200);
    } finally {
      await server.close();
    }
  });
});
