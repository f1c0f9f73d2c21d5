import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../testing/index.ts';
import { fail } from './errors.ts';
import { MAX_PARAM_LENGTH, MAX_URL_LENGTH } from './http.ts';

// The edges of the envelope: what the framework, the router, Node's HTTP parser and the multipart
// reader refuse must answer {code, msg} in the caller's language, the HTTP status mirroring the code.

const EN = { 'accept-language': 'en-US' };
const BOUNDARY = 'EdgeBoundary';

function filePart(filename: string, bytes: Buffer, name = 'file') {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
        `Content-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}
const PNG_HEAD = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

/** Sends raw bytes over a real socket and answers the raw response. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer')));
  });
}

describe.each(dbTargets())('envelope at the edges on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let dataDir: string;
  const upload = (url: string, contentType: string, payload: string | Buffer, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { authorization: admin, 'content-type': contentType, ...headers },
      payload,
    });
  const multipartType = `multipart/form-data; boundary=${BOUNDARY}`;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-edges-'));
    server = await createTestServer(target, { dataDir }, (app) => {
      app.get('/api/test/image-then-fail', { config: { access: 'public' } }, async (_request, reply) => {
        reply.type('image/png');
        throw fail('fileTypeImage');
      });
      app.get('/api/test/database-range', { config: { access: 'public' } }, async () => {
        // What pg raises for an integer out of range (SQLSTATE 22003).
        throw Object.assign(new Error('value "99999999999" is out of range for type integer'), {
          code: '22003',
          severity: 'ERROR',
        });
      });
    });
    admin = await server.login('admin');
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('S1-7-01 a path parameter beyond the router limit answers 400 in the envelope, not Fastify 414 JSON', async () => {
    const url = `/prod/api/permission/Users/${'a'.repeat(MAX_PARAM_LENGTH + 1)}`;
    const zh = await server.call('GET', url, { token: admin });
    expect(zh.statusCode).toBe(400);
    expect(zh.headers['content-type']).toMatch(/^application\/json/);
    expect(zh.json()).toEqual({ code: 400, msg: '请求地址中的路径参数过长，不能超过 500 个字符' });
    const en = await server.call('GET', url, { headers: EN });
    expect(en.json()).toEqual({
      code: 400,
      msg: 'A path parameter of the request URL is too long (at most 500 characters)',
    });
    expect(en.headers['x-request-id']).toBeTruthy();
  });

  it('a path parameter within the router limit but over its field limit names the field', async () => {
    const url = `/api/permission/Group/${'a'.repeat(200)}`;
    expect((await server.call('GET', url, { token: admin })).json()).toEqual({
      code: 400,
      msg: '参数 id 无效：长度不能超过 64 个字符',
    });
    expect((await server.call('GET', url, { token: admin, headers: EN })).json()).toEqual({
      code: 400,
      msg: 'Invalid id: must be at most 64 characters long',
    });
  });

  it('S1-8-23 a 5 KB URL answers "URL too long" with or without a token, before access control', async () => {
    const url = `/api/permission/Users?keyword=${'k'.repeat(5 * 1024)}`;
    for (const token of [undefined, admin, await server.login('staff')]) {
      const zh = await server.call('GET', url, { token });
      expect(zh.statusCode).toBe(400);
      expect(zh.json()).toEqual({ code: 400, msg: `请求地址过长，不能超过 ${MAX_URL_LENGTH} 个字符` });
    }
    expect((await server.call('GET', url, { headers: EN })).json()).toEqual({
      code: 400,
      msg: `The request URL is too long (at most ${MAX_URL_LENGTH} characters)`,
    });
    // A long path on no route at all says the same, not 404.
    expect((await server.call('GET', `/api/${'p'.repeat(5000)}`)).json().msg).toBe(
      `请求地址过长，不能超过 ${MAX_URL_LENGTH} 个字符`,
    );
  });

  it('S1-8-23 a signed-in user without the permission still gets 403 暂无权限 for a normal URL', async () => {
    const res = await server.call('GET', '/api/permission/Users', { token: await server.login('staff') });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, msg: '暂无权限' });
  });

  it('a URL over the HTTP parser limit (real socket) answers the envelope', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const answer = await rawRequest(
      port,
      `GET /api/health?x=${'h'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\nAccept-Language: en-US\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({ code: 400, msg: expect.stringMatching(/too long|过长/) });
  });

  it('an over-long query value names the field and its limit', async () => {
    const url = `/api/permission/Users?keyword=${'k'.repeat(101)}`;
    expect((await server.call('GET', url, { token: admin })).json()).toEqual({
      code: 400,
      msg: '参数 keyword 无效：长度不能超过 100 个字符',
    });
    expect((await server.call('GET', url, { token: admin, headers: EN })).json()).toEqual({
      code: 400,
      msg: 'Invalid keyword: must be at most 100 characters long',
    });
  });

  it('a query value of the wrong type says what it must be (not "required")', async () => {
    const res = await server.call('GET', '/api/permission/Users?currentPage=abc', { token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: '参数 currentPage 无效：应为数字' });
    expect(
      (await server.call('GET', '/api/permission/Users?currentPage=abc', { token: admin, headers: EN })).json(),
    ).toEqual({ code: 400, msg: 'Invalid currentPage: must be a number' });
    expect((await server.call('GET', '/api/permission/Users?sort=up', { token: admin })).json()).toEqual({
      code: 400,
      msg: '参数 sort 无效：必须是以下之一：asc、desc',
    });
    expect((await server.call('GET', '/api/permission/Users?sort=up', { token: admin, headers: EN })).json()).toEqual({
      code: 400,
      msg: 'Invalid sort: must be one of: asc, desc',
    });
  });

  it('NUL in any field is refused naming the field', async () => {
    const res = await server.call('GET', '/api/permission/Users?keyword=a%00b', { token: admin });
    expect(res.json()).toEqual({ code: 400, msg: '参数 keyword 无效：不能包含控制字符' });
    const body = await server.call('POST', '/api/permission/Group', {
      token: admin,
      body: { enCode: 'nul', fullName: 'ok', description: 'a\u0000b' },
      headers: EN,
    });
    expect(body.json()).toEqual({ code: 400, msg: 'Invalid description: must not contain control characters' });
  });

  it('bad JSON, an empty JSON body and a body that is not an object answer 400 saying so', async () => {
    const bad = await server.app.inject({
      method: 'POST',
      url: '/api/permission/Group',
      headers: { authorization: admin, 'content-type': 'application/json' },
      payload: '{"fullName": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 400, msg: '请求体不是有效的 JSON' });
    const empty = await server.app.inject({
      method: 'POST',
      url: '/api/permission/Group',
      headers: { authorization: admin, 'content-type': 'application/json', ...EN },
      payload: '',
    });
    expect(empty.json()).toEqual({ code: 400, msg: 'The request body is not valid JSON' });
    const list = await server.call('POST', '/api/permission/Group', { token: admin, body: [] });
    expect(list.json()).toEqual({ code: 400, msg: '请求体无效：应为对象' });
    const none = await server.call('POST', '/api/permission/Group', { token: admin, headers: EN });
    expect(none.json()).toEqual({ code: 400, msg: 'Invalid request body: is required' });
  });

  it('a wrong content type answers 400 in the envelope (not 415 JSON of the framework)', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/permission/Group',
      headers: { authorization: admin, 'content-type': 'text/xml' },
      payload: '<group/>',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: '不支持的请求内容类型，请以 JSON 或表单格式提交' });
  });

  it('a body over the size limit answers 413', async () => {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/permission/Group',
      headers: { authorization: admin, 'content-type': 'application/json', ...EN },
      payload: JSON.stringify({ fullName: 'x'.repeat(11 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, msg: 'The request is too large' });
  });

  it('an unsupported method and a plain GET of the websocket URL answer the 404 envelope', async () => {
    const patch = await server.call('PATCH', '/api/permission/Group', { token: admin });
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toEqual({ code: 404, msg: '请求的资源不存在' });
    const socket = await server.call('GET', `/api/message/websocket/${encodeURIComponent(admin)}`, { headers: EN });
    expect(socket.statusCode).toBe(404);
    expect(socket.json()).toEqual({ code: 404, msg: 'The requested resource does not exist' });
  });

  it('a URL that cannot be decoded answers 400', async () => {
    const res = await server.call('GET', '/api/permission/Group/%E0%A4%A', { token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: '请求地址格式不正确' });
  });

  it('S2-7-02 a multipart body without boundary or cut off answers 400 on the avatar and attachment uploads', async () => {
    for (const url of ['/api/file/Uploader/userAvatar', '/api/file/Uploader/annex']) {
      const noBoundary = await upload(url, 'multipart/form-data', 'garbage');
      expect(noBoundary.statusCode).toBe(400);
      expect(noBoundary.json()).toEqual({ code: 400, msg: '上传的数据不完整或格式不正确' });
      const cut = await upload(url, multipartType, filePart('a.png', PNG_HEAD).subarray(0, 120), EN);
      expect(cut.statusCode).toBe(400);
      expect(cut.json()).toEqual({ code: 400, msg: 'The upload is incomplete or not well formed' });
    }
  });

  it('S1-7-48 a cut-off chat image upload answers 400, an oversized one the chat message', async () => {
    const cut = await upload('/api/file/Uploader/IM', multipartType, filePart('a.png', PNG_HEAD).subarray(0, 120));
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ code: 400, msg: '上传的数据不完整或格式不正确' });
    const big = Buffer.concat([PNG_HEAD, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload('/api/file/Uploader/IM', multipartType, filePart('a.png', big));
    expect(tooBig.json()).toMatchObject({ code: 400, msg: '图片大小不能超过5M' });
  });

  it('S2-7-02 no file part, a file part too big and a non-multipart body answer 400 with their reason', async () => {
    const url = '/api/file/Uploader/userAvatar';
    const noFile = await upload(
      url,
      multipartType,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`,
    );
    expect(noFile.json()).toEqual({ code: 400, msg: '请选择要上传的文件' });
    const big = Buffer.concat([PNG_HEAD, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(url, multipartType, filePart('a.png', big), EN);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toEqual({ code: 400, msg: 'The file must not be larger than 2 MB' });
    const json = await upload(url, 'application/json', '{}');
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ code: 400, msg: '请以文件上传表单提交文件' });
  });

  it('a route that set a file type before failing still answers the JSON envelope', async () => {
    const res = await server.call('GET', '/api/test/image-then-fail');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ code: 400, msg: '请选择 png、jpg、gif 或 webp 格式的图片' });
  });

  it('a value the database refuses as out of range is a 400, not a 500', async () => {
    const res = await server.call('GET', '/api/test/database-range', { headers: EN });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: 'A submitted value is out of range or not well formed' });
  });
});
