import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PART_BYTES, s3Storage } from '../../core/s3-storage.ts';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';
import { startFakeS3, type FakeS3 } from '../../testing/s3.ts';
import type { Manifest } from './archive.ts';
import { createBackup, type DataLocation } from './backup.ts';
import { openBucket } from './bucket.ts';
import { restoreBackup } from './restore.ts';
import { emptyTarget, filesOf, md5, multipart, tablesOf, tempDir, type Target } from './testing.ts';

const BUCKET = 'atrium-backup';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let s3: FakeS3;
let client: S3Client;
beforeAll(async () => {
  s3 = await startFakeS3([BUCKET]);
  client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
});
afterAll(async () => {
  client?.destroy();
  await s3?.close();
});

/**
 * Every object under `prefix`, by its key after the prefix, with the md5 of its bytes: read with a
 * client of its own, not through the code under test.
 */
async function objectsOf(prefix: string): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  let marker: string | undefined;
  for (;;) {
    const page = await client.send(new ListObjectsCommand({ Bucket: BUCKET, Prefix: prefix, Marker: marker }));
    for (const { Key } of page.Contents ?? []) {
      const body = (await client.send(new GetObjectCommand({ Bucket: BUCKET, Key }))).Body!;
      found.set(Key!.slice(prefix.length), md5(Buffer.from(await body.transformToByteArray())));
    }
    if (!page.IsTruncated) return found;
    marker = page.Contents!.at(-1)!.Key;
  }
}

const put = (Key: string, body: Buffer) => client.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: body }));

describe.each(dbTargets())('backup and restore of files in an S3-compatible store on $name', (dbTarget) => {
  const run = `${dbTarget.name}-${randomBytes(4).toString('hex')}`;
  const sourcePrefix = `source-${run}/`;
  let server: TestServer;
  let dataDir: string;
  let work: string;
  let source: DataLocation;
  let archive: string;
  let manifest: Manifest;
  let uploadUrl: string;
  /** The source's stored files (its objects minus those Atrium did not write), by `<category>/<name>`. */
  let expected: Map<string, string>;
  const targets: Target[] = [];
  const uploaded = randomBytes(300_000);
  const written = Buffer.from('a file written through the storage service\n');
  // Larger than one part: restored through the store's multipart upload.
  const large = randomBytes(PART_BYTES + 54_321);

  /** A fresh empty database and data folder, with its files in a fresh prefix of the bucket. */
  async function emptyBucketTarget(name: string) {
    const target = await emptyTarget(source.database);
    targets.push(target);
    const prefix = `${name}-${run}/`;
    return { target, prefix, location: { ...target.location, s3: s3.settings({ prefix }) } };
  }

  /** The restored database holds every table with every row of the source. */
  async function expectSameDatabase(target: Target) {
    const before = await tablesOf(server.database.db, server.database.dialect);
    const restored = await target.open();
    try {
      const after = await tablesOf(restored.db, dbTarget.name);
      expect([...after.keys()]).toEqual([...before.keys()]);
      for (const [table, rows] of before) expect(after.get(table), `rows of ${table}`).toEqual(rows);
      return [...before.values()].reduce((n, rows) => n + rows.length, 0);
    } finally {
      await restored.close();
    }
  }

  beforeAll(async () => {
    dataDir = tempDir('backup-s3-src');
    work = tempDir('backup-s3-out');
    server = await createTestServer(dbTarget, { dataDir, s3: s3.settings({ prefix: sourcePrefix }) });
    await server.addBareUser('backup_probe');
    const token = await server.login('admin');
    const body = multipart(
      { identifier: md5(uploaded), fileName: 'report.zip', fileSize: uploaded.length, type: 'annex' },
      'report.zip',
      uploaded,
    );
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/file',
      headers: { ...body.headers, authorization: token },
      payload: body.payload,
    });
    expect(res.json().code, res.body).toBe(200);
    uploadUrl = res.json().data.url;
    const store = s3Storage(s3.settings({ prefix: sourcePrefix }));
    await store.put('annex', 'written-by-storage.txt', written);
    await store.put('annex', 'large.bin', Readable.from([large]));
    await store.close();
    expected = await objectsOf(sourcePrefix);

    // Under the prefix but not written by the store: a deeper key and one outside any category.
    await put(`${sourcePrefix}annex/nested/deep.txt`, Buffer.from('deep'));
    await put(`${sourcePrefix}stray.txt`, Buffer.from('stray'));
    // An upload under way: parts sent, never completed. It is no object yet, as `.partial` is no file.
    const { UploadId } = await client.send(
      new CreateMultipartUploadCommand({ Bucket: BUCKET, Key: `${sourcePrefix}annex/unfinished.bin` }),
    );
    await client.send(
      new UploadPartCommand({
        Bucket: BUCKET,
        Key: `${sourcePrefix}annex/unfinished.bin`,
        UploadId,
        PartNumber: 1,
        Body: randomBytes(1024),
      }),
    );
    source = { dataDir, database: server.database.source, s3: s3.settings({ prefix: sourcePrefix }) };
  });

  afterAll(async () => {
    await server?.close();
    for (const target of targets) await target.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("archives the bucket's files as files/<category>/<name> with sizes and checksums", async () => {
    // The uploads went to the bucket, not to the data folder.
    expect(fs.existsSync(path.join(dataDir, 'files'))).toBe(false);
    expect(expected.size).toBeGreaterThanOrEqual(4);
    expect(expected.get('annex/large.bin')).toBe(md5(large));

    archive = path.join(work, 'atrium-s3.tar.gz');
    const lines: string[] = [];
    manifest = (await createBackup({ ...source, out: archive, log: (line) => lines.push(line) })).manifest;
    expect(manifest.files).toMatchObject({
      store: 's3',
      location: `s3://${BUCKET}/${sourcePrefix} at ${s3.endpoint}`,
      count: expected.size,
    });
    const files = manifest.entries.filter((e) => e.path.startsWith('files/'));
    expect(files.map((e) => e.path)).toEqual([...expected.keys()].sort().map((key) => `files/${key}`));
    expect(files.find((e) => e.path === 'files/annex/large.bin')).toEqual({
      path: 'files/annex/large.bin',
      size: large.length,
      sha256: sha256(large),
    });
    expect(manifest.files.bytes).toBe(files.reduce((n, e) => n + e.size, 0));
    expect(lines).toContainEqual(
      expect.stringMatching(/^left out 2 objects under the prefix.*annex\/nested\/deep\.txt.*stray\.txt/),
    );
    // The S3 keys are in no line and not in the manifest.
    expect(JSON.stringify(manifest)).not.toContain('S3RVER');
  });

  it('lists the files of the bucket across pages, apart from the keys Atrium did not write', async () => {
    const bucket = await openBucket(s3.settings({ prefix: sourcePrefix }), { listPage: 2 });
    try {
      const { files, foreign } = await bucket.files();
      expect(files.map((f) => `${f.category}/${f.name}`)).toEqual([...expected.keys()].sort());
      expect(files.find((f) => f.name === 'large.bin')?.size).toBe(large.length);
      expect(foreign).toEqual([`${sourcePrefix}annex/nested/deep.txt`, `${sourcePrefix}stray.txt`]);
    } finally {
      await bucket.close();
    }
  });

  it('restores into an empty database and an empty bucket: every record and every byte is back', async () => {
    const { target, prefix, location } = await emptyBucketTarget('restored');
    const result = await restoreBackup({ ...location, archive });
    const rows = await expectSameDatabase(target);
    expect(result.rows).toBe(rows);
    expect(await objectsOf(prefix)).toEqual(expected);
    expect(result).toMatchObject({ files: expected.size, fileBytes: manifest.files.bytes, leftOut: [] });
    // Nothing was written to the target's data folder but the database.
    expect(fs.existsSync(path.join(target.location.dataDir, 'files'))).toBe(false);

    // The restored installation serves the uploaded file at the link the source handed out.
    const restored = await createTestServer(
      { name: dbTarget.name, open: async () => (await target.open()) as never },
      { dataDir: target.location.dataDir, s3: s3.settings({ prefix }) },
    );
    try {
      await expect(restored.login('backup_probe')).resolves.toBeTruthy();
      const download = await restored.app.inject({ method: 'GET', url: uploadUrl });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(uploaded)).toBe(true);
    } finally {
      await restored.close();
    }
  });

  it('restores the same archive into a local data folder, and a local archive into a bucket', async () => {
    const local = await emptyTarget(source.database);
    targets.push(local);
    const result = await restoreBackup({ ...local.location, archive });
    expect(await filesOf(local.location.dataDir)).toEqual(expected);
    expect(result.rows).toBe(await expectSameDatabase(local));

    // Backed up from the folder, the same files go back into a bucket.
    const fromFolder = path.join(work, 'atrium-local.tar.gz');
    const folderBackup = await createBackup({ ...local.location, out: fromFolder });
    expect(folderBackup.manifest.files).toMatchObject({ store: 'local', count: expected.size });
    const { target, prefix, location } = await emptyBucketTarget('from-folder');
    await restoreBackup({ ...location, archive: fromFolder });
    expect(await objectsOf(prefix)).toEqual(expected);
    expect(await expectSameDatabase(target)).toBe(result.rows);
  });

  it('refuses a bucket prefix that holds files unless forced, then moves them aside', async () => {
    const { target, prefix, location } = await emptyBucketTarget('occupied');
    await put(`${prefix}annex/only-in-target.txt`, Buffer.from('kept aside'));
    await expect(restoreBackup({ ...location, archive })).rejects.toThrow(
      new RegExp(`target is not empty: it holds 1 file in s3://${BUCKET}/${prefix}.*--force`, 's'),
    );
    // Refused before anything changed: the database is still empty, the bucket as it was.
    expect(fs.existsSync(path.join(target.location.dataDir, 'atrium.db'))).toBe(false);
    expect([...(await objectsOf(prefix)).keys()]).toEqual(['annex/only-in-target.txt']);

    const result = await restoreBackup({ ...location, archive, force: true });
    expect(await objectsOf(prefix)).toEqual(expected);
    const aside = result.movedAside.find((place) => place.startsWith('s3://'))!;
    expect(aside).toMatch(new RegExp(`^s3://${BUCKET}/occupied-${run}-replaced-[0-9T-]+Z/$`));
    const asidePrefix = aside.slice(`s3://${BUCKET}/`.length);
    expect(await objectsOf(asidePrefix)).toEqual(
      new Map([['annex/only-in-target.txt', md5(Buffer.from('kept aside'))]]),
    );
  });

  it('refuses a bucket it cannot reach, naming it, before it reads the archive', async () => {
    const target = await emptyTarget(source.database);
    targets.push(target);
    await expect(
      restoreBackup({ ...target.location, s3: s3.settings({ bucket: 'no-such-bucket' }), archive }),
    ).rejects.toThrow(/Cannot reach the bucket s3:\/\/no-such-bucket\/.*Nothing was changed/);
    await expect(
      createBackup({ ...source, s3: s3.settings({ bucket: 'no-such-bucket' }), out: path.join(work, 'none.tar.gz') }),
    ).rejects.toThrow(/Cannot reach the bucket s3:\/\/no-such-bucket\//);
    expect(fs.existsSync(path.join(work, 'none.tar.gz'))).toBe(false);
  });
});
