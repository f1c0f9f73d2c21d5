import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';

const en = { 'accept-language': 'en-US' };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function multipart(filename: string, bytes: Buffer) {
  const boundary = '----atrium-uploader';
  return {
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

describe.each(dbTargets())('image uploaders on $name', (target) => {
  let server: TestServer;
  let dataDir: string;
  let token: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-uploader-'));
    server = await createTestServer(target, { dataDir });
    [token] = await server.logins(['zhangqiang']);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (url: string, filename: string, bytes: Buffer, authorization?: string) => {
    const body = multipart(filename, bytes);
    return server.app.inject({
      method: 'POST',
      url,
      headers: { ...body.headers, ...en, ...(authorization ? { authorization } : {}) },
      payload: body.payload,
    });
  };

  it('S2-7-06 S2-3-02 S2-3-04 S2-7-01 the form image upload (type annexpic) answers name, fileId and an inline url, with the bearer token only', async () => {
    expect(token).toMatch(/^Bearer /);
    const res = await post('/api/file/Uploader/annexpic', '照片.png', PNG, token);
    const body = res.json();
    expect(body.code).toBe(200);
    expect(typeof body.msg).toBe('string');
    expect(Object.keys(body.data).sort()).toEqual(['fileId', 'name', 'url']);
    expect(body.data.name).toBe('照片.png');
    expect(body.data.fileId).toMatch(/\.png$/);
    expect(body.data.url).toMatch(new RegExp(`^/api/file/Preview/annex/${body.data.fileId}\\?.*ticket=`));
    const shown = await server.app.inject({ method: 'GET', url: body.data.url, headers: en });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(PNG)).toBe(true);

    // The content decides: a file named .png that is no image is refused.
    const fake = (await post('/api/file/Uploader/annexpic', 'fake.png', Buffer.from('not a picture'), token)).json();
    expect(fake.code).toBe(400);
    // Without the token the upload is refused as signed out.
    const anonymous = await post('/api/file/Uploader/annexpic', 'a.png', PNG);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe(602);
  });

  it('S2-3-04 the avatar uploader (the common upload path plus /userAvatar) answers name and a public url', async () => {
    const body = (await post('/api/file/Uploader/userAvatar', 'me.png', PNG, token)).json();
    expect(body.code).toBe(200);
    expect(body.data.name).toMatch(/\.png$/);
    expect(body.data.url).toContain(body.data.name);
    const shown = await server.app.inject({ method: 'GET', url: body.data.url.replace(/^\/prod/, '') });
    expect(shown.statusCode).toBe(200);
  });
});
