import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer, multipartFile } from '../../testing/index.ts';
import { CHUNK_BYTES } from './chunks.ts';
import { expectRefused, REFUSED, tampered, ticketOf, withTicketParam } from './testing.ts';

const en = { 'accept-language': 'en-US' };
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** The upload routes' multipart body, as the server injection takes it. */
function multipart(fields: Record<string, string | number>, filename: string, bytes: Buffer) {
  const { payload, contentType } = multipartFile(filename, bytes, fields);
  return { headers: { 'content-type': contentType }, payload };
}

describe.each(dbTargets())('chunked upload, merge and preview on $name', (target) => {
  let server: TestServer;
  let dataDir: string;
  let token: string;
  let other: string;
  // Two chunks: a full one and a short last one.
  const big = randomBytes(CHUNK_BYTES + 1234);
  const bigMd5 = md5(big);
  const shape = (over: Record<string, string | number> = {}) => ({
    identifier: bigMd5,
    fileName: '季度报告.zip',
    fileSize: big.length,
    totalChunks: 2,
    fileType: 'application/zip',
    extension: 'zip',
    ...over,
  });
  const test = (tok: string, over: Record<string, string | number> = {}) =>
    server.call(
      'GET',
      `/api/file/chunk?${new URLSearchParams(Object.entries(shape(over)).map(([k, v]): [string, string] => [k, String(v)]))}`,
      {
        token: tok,
        headers: en,
      },
    );
  const sendChunk = (tok: string, n: number, bytes: Buffer, over: Record<string, string | number> = {}) => {
    const body = multipart({ ...shape(over), chunkNumber: n }, 'blob', bytes);
    return server.app.inject({
      method: 'POST',
      url: '/api/file/chunk',
      headers: { ...body.headers, ...en, authorization: tok },
      payload: body.payload,
    });
  };
  const merge = (tok: string, over: Record<string, string | number> = {}) =>
    server.call('POST', '/api/file/merge', { token: tok, body: shape(over), headers: en });
  const chunkOf = (bytes: Buffer, n: number) => bytes.subarray((n - 1) * CHUNK_BYTES, n * CHUNK_BYTES);
  const uploadWhole = async (tok: string, name: string, bytes: Buffer) => {
    const body = multipart(
      { identifier: md5(bytes), fileName: name, fileSize: bytes.length, type: 'annex' },
      name,
      bytes,
    );
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/file',
      headers: { ...body.headers, ...en, authorization: tok },
      payload: body.payload,
    });
    return res.json();
  };
  const preview = (tok: string, fileDownloadUrl?: string) =>
    server.call(
      'GET',
      `/api/file/Uploader/Preview?${new URLSearchParams(fileDownloadUrl ? { fileName: 'x', fileDownloadUrl } : { fileName: 'x' })}`,
      { token: tok, headers: en },
    );

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-chunks-'));
    server = await createTestServer(target, { dataDir });
    [token, other] = await server.logins(['zhangqiang', 'finance']);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('S2-7-04 S2-7-05 S1-7-51 S2-9-04 S2-4-17 tests, stores chunks, resumes from what the server holds and merges with the md5 checked', async () => {
    expect((await test(token)).json()).toMatchObject({
      code: 200,
      data: { uploaded: false, chunkNumbers: [], merge: false },
    });
    expect((await sendChunk(token, 2, chunkOf(big, 2))).json()).toMatchObject({ code: 200, data: { chunkNumber: 2 } });
    // A resumed upload learns chunk 2 is there and sends only chunk 1.
    expect((await test(token)).json().data).toEqual({ uploaded: false, chunkNumbers: [2], merge: false });
    // Another user sees none of these chunks.
    expect((await test(other)).json().data).toEqual({ uploaded: false, chunkNumbers: [], merge: false });
    expect((await sendChunk(token, 1, chunkOf(big, 1))).json().code).toBe(200);
    expect((await test(token)).json().data).toEqual({ uploaded: false, chunkNumbers: [1, 2], merge: true });

    const res = (await merge(token)).json();
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ name: '季度报告.zip', fileSize: big.length, fileExtension: 'zip', hash: bigMd5 });
    expect(res.data.fileId).toMatch(/^[0-9A-Z]{26}[0-9a-f]{16}\.zip$/);
    expect(res.data.fileVersionId).toBe(res.data.fileId);
    expect(res.data.url).toMatch(/^\/api\/file\/Annex\/.+[?&]ticket=/);
    const stored = fs.readFileSync(path.join(dataDir, 'files', 'annex', res.data.fileId));
    expect(md5(stored)).toBe(bigMd5);
    // The download goes through the ticket of the answered link.
    const download = await server.app.inject({ method: 'GET', url: res.data.url, headers: en });
    expect(download.statusCode).toBe(200);
    expect(md5(download.rawPayload)).toBe(bigMd5);
    expect(download.headers['content-disposition']).toContain(encodeURIComponent('季度报告.zip'));

    // The chunks are gone; the same file again is an instant upload into a record of its own.
    expect((await test(token)).json().data).toEqual({ uploaded: true, chunkNumbers: [], merge: false });
    const again = (await merge(token)).json();
    expect(again.code).toBe(200);
    expect(again.data.fileId).not.toBe(res.data.fileId);
    expect(md5(fs.readFileSync(path.join(dataDir, 'files', 'annex', again.data.fileId)))).toBe(bigMd5);
    // Instant upload is per uploader: another user who names the same md5 must send the bytes.
    expect((await test(other)).json().data.uploaded).toBe(false);
    expect((await merge(other)).json()).toEqual({
      code: 400,
      msg: 'Some chunks of the file are missing (1, 2); resume the upload',
    });
  });

  it('S2-7-05 refuses a merge whose md5 differs and drops the damaged chunks', async () => {
    const bytes = randomBytes(4000);
    const claimed = md5(Buffer.from('something else'));
    const over = {
      identifier: claimed,
      fileName: 'notes.txt',
      fileSize: bytes.length,
      totalChunks: 1,
      extension: 'txt',
    };
    expect((await sendChunk(token, 1, bytes, over)).json().code).toBe(200);
    const res = (await merge(token, over)).json();
    expect(res).toEqual({ code: 400, msg: 'The file failed its check (its MD5 differs); upload it again' });
    expect((await test(token, over)).json().data).toEqual({ uploaded: false, chunkNumbers: [], merge: false });
  });

  it('S2-7-04 answers a field error naming each bad parameter', async () => {
    const bad = async (res: Promise<{ json(): { code: number; msg: string } }>, msg: string) =>
      expect((await res).json()).toEqual({ code: 400, msg });
    await bad(test(token, { identifier: 'not-an-md5' }), 'Invalid identifier: has the wrong format');
    await bad(test(token, { identifier: '' }), 'Invalid identifier: is required');
    await bad(test(token, { totalChunks: 3 }), 'Invalid totalChunks: does not match the file size; it must be 2');
    await bad(test(token, { fileSize: 'lots' }), 'Invalid fileSize: has the wrong format');
    await bad(test(token, { fileSize: 200 * 1024 * 1024, totalChunks: 40 }), 'The file must not be larger than 100 MB');
    await bad(
      test(token, { fileName: '../../etc/passwd.txt' }),
      'Invalid fileName: may not hold a path or the characters / \\ : * ? " < > |',
    );
    await bad(
      test(token, { fileName: 'a\\..\\b.txt' }),
      'Invalid fileName: may not hold a path or the characters / \\ : * ? " < > |',
    );
    await bad(test(token, { extension: 'pdf' }), 'Invalid extension: is not an allowed value');
    await bad(test(token, { type: 'userAvatar' }), 'Invalid type: is not an allowed value');
    expect((await test(token, { fileName: 'tool.exe' })).json().msg).toContain('exe');
    await bad(sendChunk(token, 3, chunkOf(big, 1)), 'Invalid chunkNumber: must be at most 2');
    await bad(sendChunk(token, 0, chunkOf(big, 1)), 'Invalid chunkNumber: must be at least 1');
    // A chunk of the wrong length (the last one must be exactly what is left).
    await bad(
      sendChunk(token, 2, chunkOf(big, 1).subarray(0, 100)),
      'Invalid file: has the wrong length; this chunk must be 1234 bytes',
    );
    // Nothing was stored by the refused calls.
    expect((await test(token, { identifier: md5(Buffer.from('fresh')) })).json().data.chunkNumbers).toEqual([]);
    // Signed-out callers are refused.
    expect((await server.call('GET', '/api/file/chunk', { headers: en })).statusCode).toBe(401);
  });

  it('S2-7-03 uploads a whole file in one request, with its md5 checked', async () => {
    const bytes = Buffer.from('%PDF-1.4 one request');
    const res = await uploadWhole(token, 'plan.pdf', bytes);
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      name: 'plan.pdf',
      fileSize: bytes.length,
      fileExtension: 'pdf',
      hash: md5(bytes),
    });
    const body = multipart({ identifier: md5(Buffer.from('other')), fileName: 'plan.pdf' }, 'plan.pdf', bytes);
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/api/file',
      headers: { ...body.headers, ...en, authorization: token },
      payload: body.payload,
    });
    expect(wrong.json().msg).toBe('The file failed its check (its MD5 differs); upload it again');
    // A file named as an image must be one.
    expect((await uploadWhole(token, 'photo.png', Buffer.from('not a picture'))).code).toBe(400);
  });

  it('S2-7-10 S1-7-50 S2-5-46 S2-9-24 previews images and PDF inline through the ticket of the download link; others get download instead', async () => {
    const pdf = (await uploadWhole(token, 'plan.pdf', Buffer.from('%PDF-1.4 preview me'))).data;
    const png = (await uploadWhole(token, 'dot.png', PNG)).data;
    const docx = (await uploadWhole(token, 'memo.docx', Buffer.from('PK\u0003\u0004 not really a document'))).data;

    const p1 = (await preview(token, pdf.url)).json();
    expect(p1).toMatchObject({ code: 200, data: { kind: 'pdf' } });
    expect(ticketOf(p1.data.url)).toBe(ticketOf(pdf.url));
    const shown = await server.app.inject({ method: 'GET', url: p1.data.url, headers: en });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.headers['content-disposition']).toBe('inline');
    expect(shown.body).toBe('%PDF-1.4 preview me');

    const p2 = (await preview(token, png.url)).json();
    expect(p2.data.kind).toBe('image');
    const img = await server.app.inject({ method: 'GET', url: p2.data.url, headers: en });
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(PNG)).toBe(true);

    // No LibreOffice on PATH: the office document is not previewed.
    const savedPath = process.env.PATH;
    process.env.PATH = '';
    try {
      expect((await preview(token, docx.url)).json()).toEqual({
        code: 400,
        msg: 'This file cannot be previewed here; download it instead',
      });
    } finally {
      process.env.PATH = savedPath;
    }

    // No address: the file does not exist; another user cannot use this user's link; tampering breaks it.
    expect((await preview(token)).json()).toEqual({ code: 404, msg: 'The file does not exist' });
    expect((await preview(token, '/api/file/Annex/../../etc/passwd')).json().msg).toBe(
      'Invalid fileDownloadUrl: has the wrong format',
    );
    expect((await preview(other, pdf.url)).json()).toEqual({ code: 403, msg: REFUSED.notVisible });
    expectRefused(
      await server.app.inject({
        method: 'GET',
        url: withTicketParam(p1.data.url, tampered(ticketOf(p1.data.url), 'signature')),
        headers: en,
      }),
      403,
      REFUSED.invalid,
    );
    expectRefused(
      await server.app.inject({ method: 'GET', url: withTicketParam(p1.data.url, null), headers: en }),
      403,
      REFUSED.missing,
    );
    // A stored file that is gone.
    fs.rmSync(path.join(dataDir, 'files', 'annex', pdf.fileId));
    expect((await preview(token, pdf.url)).json()).toEqual({ code: 404, msg: 'The file does not exist' });
  });

  it('S2-7-10 converts an office document with LibreOffice when it is on PATH, once', async () => {
    // A stand-in for soffice: writes a PDF named after its input into --outdir and counts its runs.
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-soffice-'));
    const counter = path.join(bin, 'runs');
    fs.writeFileSync(
      path.join(bin, 'soffice'),
      `#!/bin/sh\nout=""\nprev=""\nfor a in "$@"; do\n  if [ "$prev" = "--outdir" ]; then out="$a"; fi\n  prev="$a"; last="$a"\ndone\necho run >> "${counter}"\nbase=$(basename "$last")\nprintf '%%PDF-1.4 converted' > "$out/\${base%.*}.pdf"\n`,
      { mode: 0o755 },
    );
    const docx = (await uploadWhole(token, 'memo.docx', Buffer.from('PK\u0003\u0004 a document'))).data;
    const savedPath = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${savedPath}`;
    try {
      const res = (await preview(token, docx.url)).json();
      expect(res).toMatchObject({ code: 200, data: { kind: 'pdf' } });
      const shown = await server.app.inject({ method: 'GET', url: res.data.url, headers: en });
      expect(shown.headers['content-type']).toBe('application/pdf');
      expect(shown.body).toBe('%PDF-1.4 converted');
      expect((await preview(token, docx.url)).json().code).toBe(200);
      expect(fs.readFileSync(counter, 'utf8').trim().split('\n')).toHaveLength(1);
    } finally {
      process.env.PATH = savedPath;
      fs.rmSync(bin, { recursive: true, force: true });
    }
  });
});
