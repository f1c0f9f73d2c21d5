import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_TICKET_TTL_MS } from '../../core/file-ticket.ts';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';
import { expectRefused, forgeTicket, REFUSED, ticketKey, withTicketParam } from '../file/testing.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function multipart(filename: string, bytes: Buffer) {
  const boundary = '----atrium-annex';
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

describe.each(dbTargets())('attachment upload on $name', (target) => {
  let server: TestServer;
  let dataDir: string;
  const stored = () => {
    const dir = path.join(dataDir, 'files', 'annex');
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  };
  const upload = (token: string | undefined, filename: string, bytes: Buffer) => {
    const body = multipart(filename, bytes);
    return server.app.inject({
      method: 'POST',
      url: '/api/file/Uploader/annex',
      headers: { ...body.headers, ...(token ? { authorization: token } : {}) },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-annex-'));
    server = await createTestServer(target, { dataDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('S2-3-01 stores an allowed file under a generated name and answers a link with a ticket that downloads it by that name', async () => {
    const token = await server.login('zhangqiang');
    const bytes = Buffer.from('%PDF-1.4 notice attachment');
    const res = (await upload(token, '会议纪要.pdf', bytes)).json();
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ name: '会议纪要.pdf', fileSize: bytes.length, fileExtension: 'pdf' });
    expect(res.data.fileId).toMatch(/^[0-9A-Z]{26}[0-9a-f]{16}\.pdf$/);
    expect(res.data.url).toMatch(
      new RegExp(`^/api/file/Annex/${res.data.fileId}\\?fullName=${encodeURIComponent('会议纪要.pdf')}&ticket=[^&]+$`),
    );
    expect(stored()).toContain(res.data.fileId);

    const download = await server.app.inject({ method: 'GET', url: res.data.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('会议纪要.pdf')}`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    // The same path without its ticket is refused, never served.
    expectRefused(
      await server.app.inject({ url: withTicketParam(res.data.url, null), headers: { 'accept-language': 'en-US' } }),
      403,
      REFUSED.missing,
    );
  });

  it('refuses a type outside the settings, an image that is not one, and a caller without a session; stores nothing', async () => {
    const token = await server.login('zhangqiang');
    const before = stored().length;
    const exe = (await upload(token, 'setup.exe', Buffer.from('MZ'))).json();
    expect(exe).toMatchObject({ code: 400, msg: '不允许上传 exe 类型的文件' });
    const fake = (await upload(token, 'photo.png', Buffer.from('not an image'))).json();
    expect(fake.code).toBe(400);
    expect((await upload(undefined, 'a.png', PNG)).json().code).toBe(602);
    expect(stored()).toHaveLength(before);
    const gone = '01ARZ3NDEKTSV4RRFFQ69G5FAV0123456789abcdef.pdf';
    // Without a ticket nothing is told about the file; with a good one, a missing file is 404.
    const unticketed = await server.app.inject({ method: 'GET', url: `/api/file/Annex/${gone}` });
    expect(unticketed.statusCode).toBe(403);
    expect(unticketed.json().code).toBe(403);
    const ticket = forgeTicket(
      await ticketKey(server.database.db),
      `annex/${gone}`,
      await server.userIdOf('zhangqiang'),
      server.clock.now + FILE_TICKET_TTL_MS,
    );
    const missing = await server.app.inject({ method: 'GET', url: `/api/file/Annex/${gone}?ticket=${ticket}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(404);
    const traversal = await server.app.inject({ method: 'GET', url: '/api/file/Annex/..%2F..%2Fatrium.db' });
    expect(traversal.json().code).toBe(400);
  });
});
