import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer, multipartFile } from '../../testing/index.ts';
import { ANNEX_CATEGORY, registerFileVisibility } from './links.ts';
import { expectRefused, REFUSED, tampered, ticketOf, withTicketParam } from './testing.ts';

const en = { 'accept-language': 'en-US' };
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');

/** The upload routes' multipart body, as the server injection takes it. */
function multipart(fields: Record<string, string | number>, filename: string, bytes: Buffer) {
  const { payload, contentType } = multipartFile(filename, bytes, fields);
  return { headers: { 'content-type': contentType }, payload };
}

/**
 * The category rule of the attachments as a module would register it; here it follows `allowed`
 * (null: the rule says no one but leaves the uploader's own rights alone).
 */
let allowed: Set<string> | null = null;
registerFileVisibility(ANNEX_CATEGORY, async (userId) => allowed?.has(userId) ?? true);

describe.each(dbTargets())('generic file download on $name', (target) => {
  let server: TestServer;
  let dataDir: string;
  let token: string;
  let other: string;
  let otherId: string;

  const upload = async (tok: string, fields: Record<string, string | number>, name: string, bytes: Buffer) => {
    const body = multipart(fields, name, bytes);
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/file',
      headers: { ...body.headers, ...en, authorization: tok },
      payload: body.payload,
    });
    return res.json();
  };
  const linkFor = (tok: string, type: string, fileId: string, name?: string) =>
    server.call(
      'GET',
      `/api/file/DownloadUrl/${type}/${encodeURIComponent(fileId)}${name === undefined ? '' : `?name=${encodeURIComponent(name)}`}`,
      { token: tok, headers: en },
    );
  const get = (url: string) => server.app.inject({ method: 'GET', url, headers: en });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-download-'));
    server = await createTestServer(target, { dataDir });
    [token, other] = await server.logins(['zhangqiang', 'finance']);
    otherId = (await server.call('GET', '/api/oauth/CurrentUser', { token: other })).json().data.userInfo.userId;
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('S2-3-03 an upload sends identifier, fileName, fileSize, fileType, extension and type (annex by default), each checked', async () => {
    const bytes = Buffer.from('quarterly figures\n');
    const fields = {
      identifier: md5(bytes),
      fileName: '季度数据.txt',
      fileSize: bytes.length,
      fileType: 'text/plain',
      extension: 'txt',
    };
    // Without a type the file is stored as an attachment (annex); with type annex the same.
    const plain = await upload(token, fields, 'blob', bytes);
    expect(plain.code, plain.msg).toBe(200);
    expect(plain.data).toMatchObject({
      name: '季度数据.txt',
      fileSize: bytes.length,
      fileExtension: 'txt',
      hash: md5(bytes),
    });
    expect(fs.readFileSync(path.join(dataDir, 'files', 'annex', plain.data.fileId), 'utf8')).toBe(
      'quarterly figures\n',
    );
    expect((await upload(token, { ...fields, type: 'annex' }, 'blob', bytes)).code).toBe(200);
    // Each piece of metadata is held against the bytes: a wrong one is refused, naming it.
    expect(await upload(token, { ...fields, identifier: md5(Buffer.from('x')) }, 'blob', bytes)).toEqual({
      code: 400,
      msg: 'The file failed its check (its MD5 differs); upload it again',
    });
    expect(await upload(token, { ...fields, fileSize: bytes.length + 1 }, 'blob', bytes)).toEqual({
      code: 400,
      msg: 'Invalid fileSize: is not an allowed value',
    });
    expect(await upload(token, { ...fields, extension: 'pdf' }, 'blob', bytes)).toEqual({
      code: 400,
      msg: 'Invalid extension: is not an allowed value',
    });
    expect(await upload(token, { ...fields, type: 'userAvatar' }, 'blob', bytes)).toEqual({
      code: 400,
      msg: 'Invalid type: is not an allowed value',
    });
    // The name comes from fileName, not from the file part.
    expect((await upload(token, { ...fields, fileName: '../x.txt' }, 'ok.txt', bytes)).code).toBe(400);
  });

  it('a download answers byte ranges, so a broken download resumes where it stopped', async () => {
    const bytes = Buffer.from('0123456789abcdefghij');
    const record = (
      await upload(token, { identifier: md5(bytes), fileName: 'big.txt', fileSize: bytes.length }, 'x', bytes)
    ).data;
    const link = (await linkFor(token, 'annex', record.fileId)).json().data.url as string;
    const ranged = (range: string) => server.app.inject({ method: 'GET', url: link, headers: { ...en, range } });

    const whole = await get(link);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-length']).toBe('20');

    const middle = await ranged('bytes=5-9');
    expect(middle.statusCode).toBe(206);
    expect(middle.body).toBe('56789');
    expect(middle.headers['content-range']).toBe('bytes 5-9/20');
    expect(middle.headers['content-length']).toBe('5');
    expect(middle.headers['content-disposition']).toMatch(/^attachment;/);

    expect((await ranged('bytes=15-')).body).toBe('fghij');
    expect((await ranged('bytes=-3')).body).toBe('hij');
    // An end past the file is cut to its last byte.
    expect((await ranged('bytes=18-99')).headers['content-range']).toBe('bytes 18-19/20');

    const past = await ranged('bytes=20-');
    expect(past.statusCode, past.body).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */20');
    expect(past.json()).toEqual({ code: 400, msg: 'The requested range lies beyond the end of the file' });
    // Several ranges or another unit: the whole file, as HTTP allows.
    const several = await ranged('bytes=0-1,5-6');
    expect([several.statusCode, several.body]).toEqual([200, '0123456789abcdefghij']);
    // The ticket is checked before any byte is sent.
    const forged = withTicketParam(link, tampered(ticketOf(link), 'signature'));
    const refused = await server.app.inject({ method: 'GET', url: forged, headers: { ...en, range: 'bytes=0-3' } });
    expect(refused.statusCode).not.toBe(206);
    expect(refused.body).not.toContain('0123');
  });

  it('S2-7-09 S1-7-49 GET /api/file/Download/{type}/{name}?fullName sends a stored file under its name, with the ticket checked', async () => {
    const bytes = Buffer.from('%PDF-1.4 contract');
    const record = (
      await upload(token, { identifier: md5(bytes), fileName: 'contract.pdf', fileSize: bytes.length }, 'x', bytes)
    ).data;
    const link = (await linkFor(token, 'annex', record.fileId, '合同 2026.pdf')).json().data.url as string;
    expect(link).toMatch(new RegExp(`^/api/file/Download/annex/${record.fileId.replace('.', '\\.')}\\?fullName=`));

    const res = await get(link);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.body).toBe('%PDF-1.4 contract');
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('合同 2026.pdf')}`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    // fullName is only the saved name: a path in it is dropped, control characters too.
    const renamed = withTicketParam(
      link.replace(/fullName=[^&]*/, `fullName=${encodeURIComponent('../../etc/pass\nwd')}`),
      ticketOf(link),
    );
    expect((await get(renamed)).headers['content-disposition']).toBe("attachment; filename*=UTF-8''passwd");
    // Form images (annexpic) are kept as attachments: the same ticket opens them under that type.
    expect((await get(link.replace('/Download/annex/', '/Download/annexpic/'))).body).toBe('%PDF-1.4 contract');

    // The ticket: missing, tampered, for another file.
    expectRefused(await get(withTicketParam(link, null)), 403, REFUSED.missing);
    expectRefused(await get(withTicketParam(link, tampered(ticketOf(link), 'signature'))), 403, REFUSED.invalid);
    expectRefused(await get(withTicketParam(link, tampered(ticketOf(link), 'expiry'))), 403, REFUSED.invalid);
    const second = (
      await upload(token, { identifier: md5(Buffer.from('b')), fileName: 'b.txt', fileSize: 1 }, 'b', Buffer.from('b'))
    ).data;
    expectRefused(
      await get(withTicketParam(`/api/file/Download/annex/${second.fileId}`, ticketOf(link))),
      403,
      REFUSED.invalid,
    );

    // Never a path of the caller's: only generated names of the types this module stores.
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '..%2Fchunks%2Fx', 'passwd', `${record.fileId}.owner`])
      expect((await get(`/api/file/Download/annex/${name}?ticket=${ticketOf(link)}`)).json()).toEqual({
        code: 404,
        msg: 'The file does not exist',
      });
    expect((await get(`/api/file/Download/userAvatar/${record.fileId}?ticket=${ticketOf(link)}`)).json()).toEqual({
      code: 400,
      msg: 'Invalid type: is not an allowed value',
    });
    expect((await get(`/api/file/Download/workFlow/${record.fileId}?ticket=${ticketOf(link)}`)).statusCode).toBe(400);

    // Checked now, as the preview is: the category's rule refusing the ticket's user refuses the file.
    allowed = new Set([otherId]);
    try {
      expectRefused(await get(link), 403, REFUSED.notVisible);
    } finally {
      allowed = null;
    }
    // A file that is gone.
    fs.rmSync(path.join(dataDir, 'files', 'annex', record.fileId));
    expect((await get(link)).json()).toEqual({ code: 404, msg: 'The file does not exist' });
  });

  it('S2-7-11 the download-link call takes type, file id and name and answers data.url for who may see the file', async () => {
    const bytes = Buffer.from('minutes of the meeting');
    const record = (
      await upload(token, { identifier: md5(bytes), fileName: 'minutes.txt', fileSize: bytes.length }, 'x', bytes)
    ).data;
    const answer = (await linkFor(token, 'annex', record.fileId, '会议纪要.txt')).json();
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data.name).toBe('会议纪要.txt');
    expect(answer.data.url).toBe(
      `/api/file/Download/annex/${record.fileId}?fullName=${encodeURIComponent('会议纪要.txt')}&ticket=${ticketOf(answer.data.url)}`,
    );
    const res = await get(answer.data.url);
    expect(res.body).toBe('minutes of the meeting');
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('会议纪要.txt'));
    // Without a name the file downloads under its stored name.
    const bare = (await linkFor(token, 'annex', record.fileId)).json().data;
    expect(bare.name).toBe(record.fileId);
    expect((await get(bare.url)).headers['content-disposition']).toContain(record.fileId);

    // Another user who was never handed the file gets no link; the category's rule can allow them.
    allowed = new Set();
    try {
      // The rule allowing no one still leaves the uploader their own file.
      expect((await linkFor(token, 'annex', record.fileId, 'x.txt')).json().code).toBe(200);
      expect((await linkFor(other, 'annex', record.fileId, 'x.txt')).json()).toEqual({
        code: 403,
        msg: REFUSED.notVisible,
      });
      allowed = new Set([otherId]);
      const theirs = (await linkFor(other, 'annex', record.fileId, 'x.txt')).json();
      expect(theirs.code, theirs.msg).toBe(200);
      expect(ticketOf(theirs.data.url)).not.toBe(ticketOf(answer.data.url));
      expect((await get(theirs.data.url)).body).toBe('minutes of the meeting');
    } finally {
      allowed = null;
    }
    // Unknown types, names that are no stored file, and signed-out callers.
    expect((await linkFor(token, 'IM', record.fileId)).json().msg).toBe('Invalid type: is not an allowed value');
    expect((await linkFor(token, 'annex', '../../etc/passwd')).json()).toEqual({
      code: 404,
      msg: 'The file does not exist',
    });
    expect((await server.call('GET', `/api/file/DownloadUrl/annex/${record.fileId}`, { headers: en })).statusCode).toBe(
      401,
    );
  });
});
