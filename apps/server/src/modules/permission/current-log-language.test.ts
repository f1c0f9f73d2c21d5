import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.ts';
import { createTestServer, dbTargets, md5, type TestServer } from '../../testing/index.ts';

const LOG = '/api/permission/Users/Current/SystemLog';

describe.each(dbTargets())('my system log in my language on $name', (target) => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await createTestServer(target);
    // A wrong password, then a sign-in, then a change: one row of each kind.
    await server.call('POST', '/api/oauth/Login', {
      form: { account: 'finance', password: md5('wrong-one'), grant_type: 'password' },
    });
    token = await server.login('finance');
    const base = (await server.call('GET', '/api/permission/Users/Current/BaseInfo', { token })).json().data;
    await server.call('PUT', '/api/permission/Users/Current/BaseInfo', {
      token,
      body: { realName: base.realName, mobilePhone: '', email: '', description: 'log test' },
    });
    await server.call('PUT', '/api/permission/Users/Current/SystemLanguage', { token, body: { language: 'xx' } });
    // A row written before codes: the route summary with the status in brackets.
    const now = Date.now();
    await server.database.db
      .insertInto('sys_log')
      .values({
        id: newId(now - 60_000),
        category: 5,
        user_id: await server.userIdOf('finance'),
        user_name: 'finance',
        ip: '127.0.0.1',
        place: 'local',
        user_agent: '',
        abstracts: 'Save my layout and shell settings (200)',
        request_url: '/api/permission/Users/Current/SystemTheme',
        request_method: 'PUT',
        duration: 3,
        created_at: now - 60_000,
      })
      .execute();
  });
  afterAll(() => server.close());

  const texts = async (category: 1 | 5, language?: string, keyword = '') => {
    const res = await server.call('GET', `${LOG}?category=${category}&keyword=${encodeURIComponent(keyword)}`, {
      token,
      headers: language ? { 'accept-language': language } : {},
    });
    return (res.json().data.list as { abstracts: string }[]).map((r) => r.abstracts);
  };

  it('S1-9 sign-in rows read in the caller language, never as internal codes', async () => {
    expect(await texts(1)).toEqual(['登录成功', '登录失败：账号或密码错误']);
    expect(await texts(1, 'zh-TW')).toEqual(['登入成功', '登入失敗：帳號或密碼錯誤']);
    expect(await texts(1, 'en')).toEqual(['Signed in', 'Sign-in failed: wrong account or password']);
  });

  it('S1-9 operation rows say what was done in the caller language, old rows too, failures marked', async () => {
    expect(await texts(5)).toEqual(['切换语言（失败）', '修改个人信息', '修改界面设置']);
    expect(await texts(5, 'en-US')).toEqual([
      'Change language (failed)',
      'Update personal information',
      'Change layout settings',
    ]);
    expect(await texts(5, 'zhtw')).toEqual(['切換語言（失敗）', '修改個人資料', '修改介面設定']);
  });

  it('the keyword finds rows by the text shown in the caller language, and by address', async () => {
    expect(await texts(5, 'zh-CN', '个人')).toEqual(['修改个人信息']);
    expect(await texts(5, 'en-US', 'layout')).toEqual(['Change layout settings']);
    expect(await texts(5, 'en-US', 'SystemLanguage')).toEqual(['Change language (failed)']);
    expect(await texts(1, 'zh-CN', '密码错误')).toEqual(['登录失败：账号或密码错误']);
    expect(await texts(1, 'en-US', 'nothing like it')).toEqual([]);
  });
});
