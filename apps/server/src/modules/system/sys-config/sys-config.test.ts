import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../core/settings.ts';
import { createTestServer, dbTargets, md5, type TestServer } from '../../../testing/index.ts';

const URL = '/api/system/SysConfig';
const en = { 'accept-language': 'en-US' };
const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(filename: string, bytes: Buffer) {
  const boundary = '----atrium' + Math.random().toString(16).slice(2);
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(dbTargets())('system settings on $name', (target) => {
  let server: TestServer;
  let hexin: string;
  let zhuting: string;
  const put = (body: unknown, token = hexin) => server.call('PUT', URL, { token, body, headers: en });
  const settings = async () => (await server.call('GET', URL, { token: hexin })).json().data;
  const upload = (url: string, token: string, filename: string, bytes: Buffer) => {
    const form = multipart(filename, bytes);
    return server.app.inject({
      method: 'POST',
      url,
      headers: { ...form.headers, authorization: token },
      payload: form.payload,
    });
  };
  const tryLogin = (account: string, password: string, extra: Record<string, string> = {}) =>
    server.call('POST', '/api/oauth/Login', {
      form: { account, password: md5(password), grant_type: 'password', ...extra },
    });

  beforeAll(async () => {
    server = await createTestServer(target);
  });
  beforeEach(async () => {
    // Every case starts from the defaults, signed in afresh.
    [hexin, zhuting] = await server.logins(['hexin', 'zhuting']);
    expect((await put(DEFAULT_SETTINGS)).json().code).toBe(200);
  });
  afterAll(() => server.close());

  it('reads every setting with the menu; 403 without it, 602 without a token', async () => {
    const res = (await server.call('GET', URL, { token: hexin })).json();
    expect(res.code).toBe(200);
    expect(res.data).toEqual(DEFAULT_SETTINGS);
    expect((await server.call('GET', URL, { token: zhuting })).json().code).toBe(403);
    expect((await put({ sysName: 'X' }, zhuting)).json().code).toBe(403);
    expect((await server.call('GET', URL)).json().code).toBe(602);
    expect((await settings()).sysName).toBe(DEFAULT_SETTINGS.sysName);
  });

  it('S1-3-03 saves the name, version and copyright; CurrentUser shows them at once', async () => {
    const saved = (
      await server.call('PUT', URL, {
        token: hexin,
        body: { sysName: '示范办公', title: '示范办公平台', sysVersion: '2.1', copyright: '© 示范' },
      })
    ).json();
    expect(saved.code).toBe(200);
    expect(saved.msg).toBe('保存成功');
    expect(saved.data).toMatchObject({ sysName: '示范办公', tokenTimeout: 720 });
    const info = (await server.call('GET', '/api/oauth/CurrentUser', { token: zhuting })).json().data.sysConfigInfo;
    expect(info).toMatchObject({ sysName: '示范办公', title: '示范办公平台', sysVersion: '2.1', copyright: '© 示范' });
  });

  it('refuses each bad value with 400 naming the field and saves nothing of that request', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ sysName: '' }, 'sysName'],
      [{ title: 'x'.repeat(51) }, 'title'],
      [{ tokenTimeout: 1 }, 'tokenTimeout'],
      [{ tokenTimeout: 'soon' }, 'tokenTimeout'],
      [{ singleLogin: 3 }, 'singleLogin'],
      [{ passwordErrorsNumber: 0 }, 'passwordErrorsNumber'],
      [{ lockType: 0 }, 'lockType'],
      [{ lockTime: 1441 }, 'lockTime'],
      [{ enableVerificationCode: 2 }, 'enableVerificationCode'],
      [{ verificationCodeNumber: 20 }, 'verificationCodeNumber'],
      [{ uploadMaxSize: 0 }, 'uploadMaxSize'],
      [{ uploadExtensions: 'png,e*x' }, 'uploadExtensions'],
      [{ uploadExtensions: '' }, 'uploadExtensions'],
      [{ logoIcon: 'javascript:alert(1)' }, 'logoIcon'],
      [{ logoIcon: 'https://evil.example/logo.png' }, 'logoIcon'],
      [{ dataInterfaceHosts: 'api.example.com\nhttp://x/y' }, 'dataInterfaceHosts'],
    ];
    for (const [body, field] of cases) {
      const res = (await put({ sysName: 'Changed', ...body })).json();
      expect(res.code, JSON.stringify(body)).toBe(400);
      expect(res.msg, JSON.stringify(body)).toContain(field);
    }
    expect(await settings()).toEqual(DEFAULT_SETTINGS);
  });

  it('stores lists in one form: extensions lower case, hosts one per line', async () => {
    const res = (
      await put({
        uploadExtensions: 'PNG, .pdf;docx png',
        dataInterfaceHosts: 'API.example.com, 10.0.0.5:8080\nbi.example.cn',
      })
    ).json();
    expect(res.data).toMatchObject({
      uploadExtensions: 'png,pdf,docx',
      dataInterfaceHosts: 'api.example.com\n10.0.0.5:8080\nbi.example.cn',
    });
  });

  it('S1-2.4 captcha on: the next sign-in needs a code; off again: it does not', async () => {
    expect((await put({ enableVerificationCode: 1, verificationCodeNumber: 5 })).json().code).toBe(200);
    const config = (await server.call('GET', '/api/oauth/getConfig/zhuting')).json().data;
    expect(config).toEqual({ enableVerificationCode: true, verificationCodeNumber: 5 });
    expect((await tryLogin('zhuting', 'demo1234')).json()).toEqual({ code: 400, msg: '请输入验证码' });
    expect((await put({ enableVerificationCode: 0 })).json().code).toBe(200);
    expect((await tryLogin('zhuting', 'demo1234')).json().code).toBe(200);
  });

  it('lockout follows the saved error count, type and time on the next sign-in', async () => {
    expect((await put({ passwordErrorsNumber: 2, lockType: 2, lockTime: 1 })).json().code).toBe(200);
    expect((await tryLogin('lvyang', 'wrong-1')).json().code).toBe(400);
    const locked = (await tryLogin('lvyang', 'wrong-2')).json();
    expect(locked).toEqual({ code: 400, msg: '账号已被锁定，请 1 分钟后再试' });
    expect((await tryLogin('lvyang', 'demo1234')).json().code).toBe(400);
    server.clock.advance(61_000);
    expect((await tryLogin('lvyang', 'demo1234')).json().code).toBe(200);
  });

  it('a new token timeout applies to open sessions and to new ones', async () => {
    const open = await server.login('zhangqiang');
    expect((await put({ tokenTimeout: 10 })).json().code).toBe(200);
    const fresh = await server.login('shixue');
    server.clock.advance(9 * 60_000);
    expect((await server.call('GET', '/api/oauth/CurrentUser', { token: fresh })).json().code).toBe(200);
    server.clock.advance(2 * 60_000);
    // zhangqiang was last seen 11 minutes ago; shixue 2 minutes ago (the call above slid it on).
    expect((await server.call('GET', '/api/oauth/CurrentUser', { token: open })).json().code).toBe(600);
    expect((await server.call('GET', '/api/oauth/CurrentUser', { token: fresh })).json().code).toBe(200);
    // A longer timeout does not bring an expired session back.
    expect((await put({ tokenTimeout: 720 }, await server.login('hexin'))).json().code).toBe(200);
    expect((await server.call('GET', '/api/oauth/CurrentUser', { token: open })).json().code).toBe(600);
  });

  it('system logos are uploaded by whoever may save the settings, and served to anyone', async () => {
    const refused = await upload('/api/file/Uploader/systemIcon', zhuting, 'logo.png', PNG_1PX);
    expect(refused.json().code).toBe(403);
    const res = (await upload('/api/file/Uploader/systemIcon', hexin, 'logo.png', PNG_1PX)).json();
    expect(res.code).toBe(200);
    expect(res.data.url).toMatch(/^\/api\/file\/Image\/systemIcon\/[0-9A-Z]{26}\.png$/);
    expect((await put({ logoIcon: res.data.url })).json().data.logoIcon).toBe(res.data.url);
    const image = await server.call('GET', res.data.url);
    expect(image.headers['content-type']).toBe('image/png');
    const info = (await server.call('GET', '/api/oauth/CurrentUser', { token: zhuting })).json().data.sysConfigInfo;
    expect(info.logoIcon).toBe(res.data.url);
  });

  it('uploads keep to the saved size limit and allowed extensions', async () => {
    expect((await put({ uploadMaxSize: 1 })).json().code).toBe(200);
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(1024 * 1024 + 10)]);
    const tooBig = (await upload('/api/file/Uploader/userAvatar', zhuting, 'me.png', big)).json();
    expect(tooBig).toEqual({ code: 400, msg: '文件不能超过 1 MB' });
    expect((await put({ uploadExtensions: 'jpg,gif' })).json().code).toBe(200);
    const png = (await upload('/api/file/Uploader/userAvatar', zhuting, 'me.png', PNG_1PX)).json();
    expect(png).toEqual({ code: 400, msg: '不允许上传 png 类型的文件' });
    expect((await put({ uploadExtensions: 'jpg,png' })).json().code).toBe(200);
    expect((await upload('/api/file/Uploader/userAvatar', zhuting, 'me.png', PNG_1PX)).json().code).toBe(200);
  });
});
