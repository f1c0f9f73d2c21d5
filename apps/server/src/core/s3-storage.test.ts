import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/index.ts';
import { CHUNK_BYTES } from '../modules/file/chunks.ts';
import { expectRefused, REFUSED, tampered, ticketOf, withTicketParam } from '../modules/file/testing.ts';
import { createTestServer, dbTargets, multipartFile, type TestServer } from '../testing/index.ts';
import { startFakeS3, type FakeS3 } from '../testing/s3.ts';
import { PART_BYTES, s3Storage } from './s3-storage.ts';
import { localStorage, readText, type FileStorage } from './storage.ts';
import type { App } from './types.ts';

const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('hex');
const bytesOf = async (stream: Readable | null) => {
  expect(stream, 'a stored file').not.toBeNull();
  return Buffer.concat((await stream!.toArray()) as Buffer[]);
};
const BUCKET = 'atrium-files';

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3([BUCKET]);
});
afterAll(() => s3.close());

/** Every store keeps the same promises: the local folder and the object store are interchangeable. */
describe.each([
  {
    kind: 'local',
    open: () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-store-'));
      return { store: localStorage(dir), done: () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    kind: 's3',
    // Pages of two keys, so listing walks several pages.
    open: () => ({
      store: s3Storage(s3.settings({ prefix: `contract-${randomBytes(4).toString('hex')}/` }), { listPage: 2 }),
      done: () => {},
    }),
  },
])('the file store contract on $kind', ({ open }) => {
  let store: FileStorage;
  let done: () => void;
  beforeAll(() => {
    ({ store, done } = open());
  });
  afterAll(async () => {
    await store.close();
    done();
  });

  it('puts, reads, stats, lists, copies and removes files by category and name', async () => {
    await store.put('annex', 'a.txt', Buffer.from('first'));
    await store.put('annex', 'a.txt', Buffer.from('replaced'));
    await store.put('annex', 'b.txt', Readable.from([Buffer.from('stre'), Buffer.from('amed')]));
    await store.put('other', 'a.txt', Buffer.from('elsewhere'));
    expect((await bytesOf(await store.open('annex', 'a.txt'))).toString()).toBe('replaced');
    expect(await readText(store, 'annex', 'b.txt')).toBe('streamed');
    const stat = await store.stat('annex', 'a.txt');
    expect(stat?.size).toBe(8);
    expect(Math.abs(Date.now() - stat!.modifiedAt)).toBeLessThan(60_000);

    await store.copy({ category: 'annex', name: 'a.txt' }, { category: 'copies', name: 'c.txt' });
    expect(await readText(store, 'copies', 'c.txt')).toBe('replaced');

    for (const name of ['x-1.chunk', 'x-2.chunk', 'x-3.chunk', 'y-1.chunk', 'x-4.chunk']) {
      await store.put('chunks', name, Buffer.from(name));
    }
    const listed = await store.list('chunks', 'x-');
    expect(listed.map((e) => e.name).sort()).toEqual(['x-1.chunk', 'x-2.chunk', 'x-3.chunk', 'x-4.chunk']);
    expect(listed.every((e) => e.size === 9 && e.modifiedAt > 0)).toBe(true);
    expect((await store.list('chunks', '')).length).toBe(5);
    expect(await store.list('empty', '')).toEqual([]);

    await store.remove('annex', 'a.txt');
    await store.remove('annex', 'a.txt');
    expect(await store.open('annex', 'a.txt')).toBeNull();
    expect(await store.stat('annex', 'a.txt')).toBeNull();
    expect(await readText(store, 'other', 'a.txt')).toBe('elsewhere');
  });

  it('reads a byte range, and an empty file as empty', async () => {
    await store.put('annex', 'digits.txt', Buffer.from('0123456789'));
    expect((await bytesOf(await store.open('annex', 'digits.txt', { start: 2, end: 5 }))).toString()).toBe('2345');
    expect((await bytesOf(await store.open('annex', 'digits.txt', { start: 7 }))).toString()).toBe('789');
    await store.put('annex', 'empty.txt', Readable.from([]));
    expect(await store.stat('annex', 'empty.txt')).toMatchObject({ size: 0 });
    expect((await bytesOf(await store.open('annex', 'empty.txt'))).length).toBe(0);
    expect(await store.open('annex', 'missing.txt', { start: 0, end: 15 })).toBeNull();
  });

  it('hands path-only tools a file on this disk', async () => {
    await store.put('annex', 'memo.docx', Buffer.from('PK a document'));
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-scratch-'));
    try {
      const file = await store.localPath('annex', 'memo.docx', scratch);
      expect(fs.readFileSync(file!, 'utf8')).toBe('PK a document');
      expect(await store.localPath('annex', 'missing.docx', scratch)).toBeNull();
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });

  it('refuses names that could climb out of the store', async () => {
    for (const [category, name] of [
      ['annex', '../escape'],
      ['annex', 'a/b'],
      ['../x', 'a'],
      ['annex', '.hidden'],
      ['annex', ''],
    ] as const) {
      await expect(store.put(category, name, Buffer.from('x'))).rejects.toThrow(/unsafe storage name/);
    }
  });

  it('answers that it can be used', async () => {
    await expect(store.check()).resolves.toBeUndefined();
  });
});

describe('the S3 store', () => {
  const raw = () =>
    new S3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });

  it('sends a stream larger than one part in parts, and streams it back whole', async () => {
    const store = s3Storage(s3.settings({ prefix: 'parts/' }));
    try {
      // Two whole parts and a short third one, arriving in pieces that do not line up with parts.
      const bytes = randomBytes(PART_BYTES * 2 + 12_345);
      const pieces = Array.from({ length: Math.ceil(bytes.length / 1_000_003) }, (_, i) =>
        bytes.subarray(i * 1_000_003, (i + 1) * 1_000_003),
      );
      await store.put('annex', 'big.bin', Readable.from(pieces));
      expect((await store.stat('annex', 'big.bin'))?.size).toBe(bytes.length);
      const back = await bytesOf(await store.open('annex', 'big.bin'));
      expect(md5(back)).toBe(md5(bytes));
      const middle = await bytesOf(
        await store.open('annex', 'big.bin', { start: PART_BYTES - 3, end: PART_BYTES + 2 }),
      );
      expect(middle.equals(bytes.subarray(PART_BYTES - 3, PART_BYTES + 3))).toBe(true);
    } finally {
      await store.close();
    }
  });

  it('keeps each deployment under its prefix in the bucket', async () => {
    const first = s3Storage(s3.settings({ prefix: 'tenant-a/' }));
    const second = s3Storage(s3.settings({ prefix: 'tenant-b/' }));
    const client = raw();
    try {
      await first.put('annex', 'same.txt', Buffer.from('a'));
      await second.put('annex', 'same.txt', Buffer.from('b'));
      expect(await readText(first, 'annex', 'same.txt')).toBe('a');
      expect(await readText(second, 'annex', 'same.txt')).toBe('b');
      const keys = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'tenant-' }));
      expect(keys.Contents?.map((c) => c.Key).sort()).toEqual(['tenant-a/annex/same.txt', 'tenant-b/annex/same.txt']);
    } finally {
      client.destroy();
      await first.close();
      await second.close();
    }
  });

  it('fails its check for a bucket that does not exist or a store that does not answer', async () => {
    const missing = s3Storage(s3.settings({ bucket: 'no-such-bucket' }));
    const nowhere = s3Storage(s3.settings({ endpoint: 'http://127.0.0.1:9' }));
    try {
      await expect(missing.check()).rejects.toThrow();
      await expect(nowhere.check()).rejects.toThrow();
      // A missing bucket is a fault, never mistaken for a missing file.
      await expect(missing.open('annex', 'a.txt')).rejects.toThrow();
    } finally {
      await missing.close();
      await nowhere.close();
    }
  });
});

/** A second app on the database of `first` through a connection of its own, as another process would open it. */
async function secondInstance(first: TestServer, config: ReturnType<typeof loadConfig>) {
  const source = first.database.source;
  const database: DatabaseHandle =
    'file' in source ? openDatabase({ file: source.file }) : openDatabase({ ...source, poolSize: 5 });
  const app: App = await buildApp({ config, database, now: () => first.clock.now, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

describe.each(dbTargets())('files across two instances sharing an S3 store on $name', (target) => {
  const en = { 'accept-language': 'en-US' };
  let a: TestServer;
  let b: Awaited<ReturnType<typeof secondInstance>>;
  let dirA: string;
  let dirB: string;
  let token: string;
  const prefix = `two-${target.name}-${randomBytes(4).toString('hex')}/`;

  /** One call to instance A or B, as the web client makes it. */
  const call = (
    app: App,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    options: { body?: unknown; payload?: ReturnType<typeof multipartFile> } = {},
  ) =>
    app.inject({
      method,
      url,
      headers: {
        ...en,
        authorization: token,
        ...(options.payload ? { 'content-type': options.payload.contentType } : {}),
        ...(options.body ? { 'content-type': 'application/json' } : {}),
      },
      payload: options.payload ? options.payload.payload : options.body ? JSON.stringify(options.body) : undefined,
    });

  /** The web client's chunked upload: the shape of the whole, then each chunk with the shape before it. */
  const shapeOf = (name: string, bytes: Buffer) => ({
    identifier: md5(bytes),
    fileName: name,
    fileSize: bytes.length,
    totalChunks: Math.ceil(bytes.length / CHUNK_BYTES),
    fileType: 'application/octet-stream',
    extension: name.split('.').pop()!,
    type: 'annex',
  });
  /** What the instance says it holds of an upload: the whole file (instant upload) or which chunks. */
  const heldChunks = async (app: App, shape: ReturnType<typeof shapeOf>) => {
    const query = new URLSearchParams(Object.entries(shape).map(([k, v]): [string, string] => [k, String(v)]));
    return (await call(app, 'GET', `/api/file/chunk?${query}`)).json().data as {
      uploaded: boolean;
      chunkNumbers: number[];
      merge: boolean;
    };
  };
  const sendChunk = async (app: App, shape: ReturnType<typeof shapeOf>, bytes: Buffer, n: number) => {
    const chunk = bytes.subarray((n - 1) * CHUNK_BYTES, n * CHUNK_BYTES);
    const res = await call(app, 'POST', '/api/file/chunk', {
      payload: multipartFile(shape.fileName, chunk, { ...shape, chunkNumber: n }),
    });
    expect(res.json()).toEqual({ code: 200, msg: expect.any(String), data: { chunkNumber: n } });
  };
  const merge = async (app: App, shape: ReturnType<typeof shapeOf>) => {
    const res = (await call(app, 'POST', '/api/file/merge', { body: shape })).json();
    expect(res.code, res.msg).toBe(200);
    return res.data as { fileId: string; url: string; fileSize: number; hash: string };
  };

  beforeAll(async () => {
    dirA = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-instance-a-'));
    dirB = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-instance-b-'));
    // Each instance has a data folder of its own: only the object store is shared.
    a = await createTestServer(target, { dataDir: dirA, s3: s3.settings({ prefix }) });
    b = await secondInstance(a, {
      ...loadConfig({}),
      webDist: '/nonexistent',
      loginRateMax: 1000,
      dataDir: dirB,
      s3: s3.settings({ prefix }),
    });
    token = await a.login('zhangqiang');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    fs.rmSync(dirA, { recursive: true, force: true });
    fs.rmSync(dirB, { recursive: true, force: true });
  });

  it('both report the object store ready', async () => {
    for (const app of [a.app, b.app]) {
      const res = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ ready: true, storage: true, objectStore: true });
    }
  });

  it('S2-7-04 S2-7-05 a file uploaded in chunks through A downloads whole through B with the ticket A issued', async () => {
    // Three chunks: two whole ones and a short last one (10.5 MB).
    const bytes = randomBytes(CHUNK_BYTES * 2 + 777);
    const shape = shapeOf('季度报告.zip', bytes);
    expect(shape.totalChunks).toBe(3);
    expect(await heldChunks(a.app, shape)).toMatchObject({ chunkNumbers: [], merge: false });
    for (const n of [1, 2, 3]) await sendChunk(a.app, shape, bytes, n);
    expect(await heldChunks(a.app, shape)).toMatchObject({ chunkNumbers: [1, 2, 3], merge: true });
    const record = await merge(a.app, shape);
    expect(record).toMatchObject({ fileSize: bytes.length, hash: md5(bytes) });

    const download = await b.app.inject({ method: 'GET', url: record.url, headers: en });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toContain(encodeURIComponent('季度报告.zip'));
    expect(download.rawPayload.length).toBe(bytes.length);
    expect(download.rawPayload.equals(bytes)).toBe(true);

    // Without its ticket, or with one changed, B refuses it like A would.
    expectRefused(
      await b.app.inject({ method: 'GET', url: withTicketParam(record.url, null), headers: en }),
      403,
      REFUSED.missing,
    );
    expectRefused(
      await b.app.inject({
        method: 'GET',
        url: withTicketParam(record.url, tampered(ticketOf(record.url), 'signature')),
        headers: en,
      }),
      403,
      REFUSED.invalid,
    );
    // The bytes are in the store, in neither instance's folder; the chunks are gone after the merge.
    expect(fs.existsSync(path.join(dirA, 'files'))).toBe(false);
    expect(fs.existsSync(path.join(dirB, 'files'))).toBe(false);
    expect(await heldChunks(b.app, shape)).toMatchObject({ chunkNumbers: [], merge: false });
  });

  it('S2-7-04 chunks sent to either instance make one upload: resume on B, merge on B, download on A', async () => {
    const bytes = randomBytes(CHUNK_BYTES + 4321);
    const shape = shapeOf('plan.pdf', bytes);
    await sendChunk(a.app, shape, bytes, 2);
    // A resumed upload reaching B learns what A took, and sends only the rest there.
    expect(await heldChunks(b.app, shape)).toMatchObject({ chunkNumbers: [2], merge: false });
    await sendChunk(b.app, shape, bytes, 1);
    const record = await merge(b.app, shape);
    const download = await a.app.inject({ method: 'GET', url: record.url, headers: en });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    // The same file again through A is an instant upload: A finds the bytes B stored.
    expect(await heldChunks(a.app, shape)).toMatchObject({ uploaded: true });
  });

  it('S2-7-10 a preview link A hands out shows on B', async () => {
    const pdf = Buffer.from('%PDF-1.4 across instances');
    const res = (
      await call(a.app, 'POST', '/api/file', {
        payload: multipartFile('plan.pdf', pdf, {
          identifier: md5(pdf),
          fileName: 'plan.pdf',
          fileSize: pdf.length,
          type: 'annex',
        }),
      })
    ).json();
    expect(res.code, res.msg).toBe(200);
    const preview = (
      await call(
        b.app,
        'GET',
        `/api/file/Uploader/Preview?${new URLSearchParams({ fileName: 'plan.pdf', fileDownloadUrl: res.data.url })}`,
      )
    ).json();
    expect(preview).toMatchObject({ code: 200, data: { kind: 'pdf' } });
    const shown = await a.app.inject({ method: 'GET', url: preview.data.url, headers: en });
    expect(shown.headers['content-type']).toBe('application/pdf');
    expect(shown.body).toBe('%PDF-1.4 across instances');
  });

  it('S2-7-40 a workbook exported on A downloads on B, and one uploaded to B is read on A', async () => {
    const admin = await a.login('admin');
    const exported = (
      await a.app.inject({ method: 'GET', url: '/api/permission/Users/ExportExcel', headers: { authorization: admin } })
    ).json();
    expect(exported.code).toBe(200);
    const workbook = await b.app.inject({ method: 'GET', url: exported.data.url });
    expect(workbook.statusCode).toBe(200);
    expect(workbook.headers['content-type']).toContain('spreadsheetml');
    expect(workbook.rawPayload.readUInt32BE(0)).toBe(0x504b0304);

    const upload = multipartFile('users.xlsx', workbook.rawPayload);
    const uploaded = (
      await b.app.inject({
        method: 'POST',
        url: '/api/permission/Users/Uploader',
        headers: { authorization: admin, 'content-type': upload.contentType },
        payload: upload.payload,
      })
    ).json();
    expect(uploaded.code).toBe(200);
    const rows = (
      await a.app.inject({
        method: 'GET',
        url: `/api/permission/Users/ImportPreview?fileName=${uploaded.data.name}`,
        headers: { authorization: admin },
      })
    ).json();
    expect(rows.code).toBe(200);
    expect(rows.data.dataRow.some((row: { account: string }) => row.account === 'admin')).toBe(true);
  });

  it('an avatar uploaded through A is served by B', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    const res = (
      await call(a.app, 'POST', '/api/file/Uploader/userAvatar', { payload: multipartFile('me.png', png) })
    ).json();
    expect(res.code, res.msg).toBe(200);
    const image = await b.app.inject({ method: 'GET', url: res.data.url });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(png)).toBe(true);
    // B finds the image when the user then picks it as their avatar there.
    expect((await call(b.app, 'PUT', `/api/permission/Users/Current/Avatar/${res.data.name}`)).json().code).toBe(200);
  });
});
