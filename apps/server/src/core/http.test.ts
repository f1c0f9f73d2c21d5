import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../testing/index.ts';

describe.each(dbTargets())('envelope and API surface on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target, {}, (app) => {
      app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
        throw new Error('SELECT secret FROM users at /srv/app.ts:12');
      });
    });
  });
  afterAll(() => server.close());

  it('S1-7-01 /prod/api/... and /api/... reach the same route', async () => {
    const a = await server.call('GET', '/prod/api/health');
    const b = await server.call('GET', '/api/health');
    expect(a.json()).toMatchObject({ code: 200, msg: 'Success', data: { ok: true, database: target.name } });
    expect(b.json()).toMatchObject({ code: 200, data: { ok: true } });
  });

  it('an unknown API route answers 404 in the envelope', async () => {
    const res = await server.call('GET', '/prod/api/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 404, msg: '请求的资源不存在' });
  });

  it('invalid input answers 400 naming the field, in the caller language', async () => {
    const res = await server.call('POST', '/api/oauth/Login', {
      form: { account: 'admin', password: 'not-an-md5' },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
    expect(res.json().msg).toBe('Invalid password: has the wrong format');

    const missing = await server.call('POST', '/api/oauth/Login', { form: { password: 'a'.repeat(32) } });
    expect(missing.json()).toEqual({ code: 400, msg: '参数 account 无效：不能为空' });
  });

  it('malformed JSON is a 400, not a 500', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/oauth/Login',
      headers: { 'content-type': 'application/json' },
      payload: '{"account": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
  });

  it('an unexpected error answers 500 without stack or SQL', async () => {
    const res = await server.call('GET', '/api/test/boom', { headers: { 'accept-language': 'en-US' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, msg: 'Internal server error, please try again later' });
    expect(res.body).not.toMatch(/SELECT|secret|app\.ts/);
  });

  it('every response carries a request id', async () => {
    const res = await server.call('GET', '/api/health', { headers: { 'x-request-id': 'trace-1' } });
    expect(res.headers['x-request-id']).toBe('trace-1');
  });

  it('the OpenAPI document lists the routes', async () => {
    const res = await server.call('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as unknown as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/oauth/Login',
        '/api/oauth/CurrentUser',
        '/api/permission/Users/{id}/Actions/unlock',
      ]),
    );
  });
});

describe('access declarations', () => {
  it('refuses to register an API route that declares no access', async () => {
    await expect(
      createTestServer(dbTargets()[0]!, {}, (app) => {
        app.get('/api/test/undeclared', async () => ({}));
      }),
    ).rejects.toThrow('route GET /api/test/undeclared declares no access');
  });
});
