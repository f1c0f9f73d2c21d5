import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage } from '../../core/storage.ts';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';
import { listFiles, type Manifest } from './archive.ts';
import { createBackup, type DataLocation } from './backup.ts';
import { restoreBackup } from './restore.ts';
import { END_OF_ARCHIVE, fileHeader, padding, readTar } from './tar.ts';
import { emptyTarget, filesOf, md5, multipart, tablesOf, tempDir, type Target } from './testing.ts';

describe.each(dbTargets())('backup and restore on $name', (dbTarget) => {
  let server: TestServer;
  let dataDir: string;
  let work: string;
  let source: DataLocation;
  let archive: string;
  let manifest: Manifest;
  const targets: Target[] = [];
  const uploaded = randomBytes(300_000);
  const written = Buffer.from('a file written through the storage service\n');

  beforeAll(async () => {
    dataDir = tempDir('backup-src');
    work = tempDir('backup-out');
    server = await createTestServer(dbTarget, { dataDir });
    // Records beyond the demo seed: a user (with a credential row in the credential store).
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
    await localStorage(dataDir).put('annex', 'written-by-storage.txt', written);
    source = { dataDir, database: server.database.source };
  });

  afterAll(async () => {
    await server?.close();
    for (const target of targets) await target.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('backs up a running server into one archive with its manifest', async () => {
    archive = path.join(work, 'atrium.tar.gz');
    const lines: string[] = [];
    const result = await createBackup({ ...source, out: archive, log: (line) => lines.push(line) });
    manifest = result.manifest;
    expect(fs.existsSync(archive)).toBe(true);
    expect(fs.existsSync(`${archive}.partial`)).toBe(false);
    expect(manifest).toMatchObject({ format: 'atrium-backup', dialect: dbTarget.name, atriumVersion: '0.1.0' });
    expect(manifest.migration.latest).toMatch(/^\d{3}-/);
    expect(manifest.files.count).toBe((await filesOf(dataDir)).size);
    expect(manifest.files.count).toBeGreaterThanOrEqual(2);
    expect(manifest.database.entries).toEqual(
      dbTarget.name === 'sqlite'
        ? ['database/atrium.db', 'database/atrium-credentials.db']
        : ['database/postgres.dump'],
    );
    expect(manifest.entries.every((e) => /^[0-9a-f]{64}$/.test(e.sha256))).toBe(true);
    expect(lines.at(-1)).toContain('wrote');
    // The server kept running: it still answers.
    expect((await server.call('GET', '/api/health')).statusCode).toBe(200);
  });

  it('restores into an empty target: every table, row and file is back', async () => {
    const target = await emptyTarget(source.database);
    targets.push(target);
    const result = await restoreBackup({ ...target.location, archive });

    const before = await tablesOf(server.database.db, server.database.dialect);
    const restored = await target.open();
    try {
      const after = await tablesOf(restored.db, dbTarget.name);
      expect([...after.keys()]).toEqual([...before.keys()]);
      for (const [table, rows] of before) {
        expect(after.get(table)!.length, `rows of ${table}`).toBe(rows.length);
        expect(after.get(table), `rows of ${table}`).toEqual(rows);
      }
      const rowCount = [...before.values()].reduce((n, rows) => n + rows.length, 0);
      expect(rowCount).toBeGreaterThan(1000);
      expect(result.rows).toBe(rowCount);
      expect(result.tables).toBe(before.size);
      console.log(`${dbTarget.name}: restored ${result.rows} rows in ${result.tables} tables, ${result.files} files`);
    } finally {
      await restored.close();
    }
    const files = await filesOf(target.location.dataDir);
    expect(files).toEqual(await filesOf(dataDir));
    expect(result.files).toBe(files.size);
    expect([...files.values()]).toContain(md5(uploaded));
    expect(fs.readFileSync(path.join(target.location.dataDir, 'files/annex/written-by-storage.txt'))).toEqual(written);
    expect(result.pendingMigrations).toEqual([]);
    // No staging folder is left behind.
    expect(fs.readdirSync(target.location.dataDir).filter((n) => n.startsWith('.atrium-restore'))).toEqual([]);

    // The restored database serves: the added user signs in with their password.
    const restoredServer = await createTestServer(
      { name: dbTarget.name, open: async () => (await target.open()) as never },
      { dataDir: target.location.dataDir },
    );
    try {
      await expect(restoredServer.login('backup_probe')).resolves.toBeTruthy();
    } finally {
      await restoredServer.close();
    }
  });

  it('refuses a target that holds data unless forced, and replaces it when forced', async () => {
    const target = targets[0]!;
    await expect(restoreBackup({ ...target.location, archive })).rejects.toThrow(/target is not empty.*--force/s);
    const result = await restoreBackup({ ...target.location, archive, force: true });
    expect(result.files).toBe(manifest.files.count);
    expect(await filesOf(target.location.dataDir)).toEqual(await filesOf(dataDir));
    if (dbTarget.name === 'sqlite') {
      // What was replaced is kept aside, not deleted.
      expect(result.movedAside.some((p) => p.endsWith('atrium.db'))).toBe(true);
      expect(result.movedAside.some((p) => p.endsWith('files'))).toBe(true);
    }
  });

  it('refuses a damaged archive, naming the checksum, and leaves the target empty', async () => {
    const bytes = fs.readFileSync(archive);
    const flipped = Buffer.from(bytes);
    // A byte of gzip's CRC-32 trailer: everything inflates, and only the checksum can tell. (A byte
    // flipped in the deflate data fails in ways that depend on the data: a bad distance, a short
    // stream, a damaged tar header.)
    flipped[flipped.length - 6]! ^= 0x40;
    const damaged = path.join(work, 'damaged.tar.gz');
    fs.writeFileSync(damaged, flipped);
    const target = await emptyTarget(source.database);
    targets.push(target);
    await expect(restoreBackup({ ...target.location, archive: damaged })).rejects.toThrow(/damaged.*checksum/s);

    // A changed byte inside an entry, in a well-formed gzip: the entry's sha256 gives it away.
    const tar = gunzipSync(bytes);
    const at = tar.indexOf(written);
    expect(at).toBeGreaterThan(0);
    tar[at]! ^= 0x01;
    const altered = path.join(work, 'altered.tar.gz');
    fs.writeFileSync(altered, gzipSync(tar));
    await expect(restoreBackup({ ...target.location, archive: altered })).rejects.toThrow(
      /Checksum mismatch for files\/annex\/written-by-storage\.txt/,
    );

    expect(await listFiles(target.location.dataDir, { includePartial: true })).toEqual([]);
    // The target is still empty, so the intact archive restores into it without --force.
    await expect(restoreBackup({ ...target.location, archive })).resolves.toBeTruthy();
  });
});

describe('backup and restore without the PostgreSQL tools', () => {
  it('names what to install and stops', async () => {
    const dir = tempDir('no-pg-tools');
    const path_ = process.env.PATH;
    // A PATH without pg_dump and pg_restore; the check comes before any connection is tried.
    process.env.PATH = dir;
    try {
      const database = { url: 'postgres://nobody@127.0.0.1:1/none' };
      await expect(createBackup({ dataDir: dir, database, out: path.join(dir, 'a.tar.gz') })).rejects.toThrow(
        /pg_dump was not found on PATH.*apt-get install postgresql-client/s,
      );
      fs.writeFileSync(path.join(dir, 'b.tar.gz'), gzipSync(Buffer.alloc(1024)));
      await expect(restoreBackup({ dataDir: dir, database, archive: path.join(dir, 'b.tar.gz') })).rejects.toThrow(
        /pg_restore was not found on PATH.*apt-get install postgresql-client/s,
      );
    } finally {
      process.env.PATH = path_;
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the archive format', () => {
  it('writes paths longer than ustar holds through a PAX header, which GNU tar and the reader both read', async () => {
    const long = `files/${'category-'.repeat(8)}/${'n'.repeat(150)}`;
    const body = Buffer.from('long-named file\n');
    const tarBytes = Buffer.concat([
      fileHeader(long, body.length, Date.now()),
      body,
      padding(body.length),
      END_OF_ARCHIVE,
    ]);
    const seen: { path: string; bytes: Buffer }[] = [];
    await readTar(
      (async function* () {
        // Odd chunk sizes: headers and bodies split across chunks must still parse.
        for (let at = 0; at < tarBytes.length; at += 77) yield tarBytes.subarray(at, at + 77);
      })(),
      async (entry) => {
        const parts: Buffer[] = [];
        return {
          write: async (chunk) => void parts.push(Buffer.from(chunk)),
          end: async () => void seen.push({ path: entry.path, bytes: Buffer.concat(parts) }),
        };
      },
    );
    expect(seen).toEqual([{ path: long, bytes: body }]);
    const file = path.join(tempDir('tar'), 'long.tar');
    fs.writeFileSync(file, tarBytes);
    expect(execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim()).toBe(long);
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
