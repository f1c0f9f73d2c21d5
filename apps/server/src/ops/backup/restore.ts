import fs from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { createGunzip } from 'node:zlib';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { credentialFileOf } from '../../db/index.ts';
import {
  BackupError,
  FILES_PREFIX,
  FORMAT,
  FORMAT_VERSION,
  humanBytes,
  knownMigrations,
  listFiles,
  MANIFEST,
  pgToolConnection,
  plural,
  POSTGRES_DUMP,
  redactUrl,
  requirePgTool,
  run,
  safeRelative,
  sha256,
  SQLITE_CREDENTIALS,
  SQLITE_MAIN,
  type BackupDialect,
  type Manifest,
} from './archive.ts';
import type { DataLocation } from './backup.ts';
import { isStoreName, openBucket, type Bucket, type StoredFile } from './bucket.ts';
import { readTar, TarError, type EntrySink, type TarEntry } from './tar.ts';

export interface RestoreOptions extends DataLocation {
  /** The archive written by `createBackup`. */
  archive: string;
  /**
   * Replace a target that holds data: its SQLite files and files folder are moved aside, its bucket's
   * files moved to a prefix beside the configured one; none of them is deleted.
   */
  force?: boolean;
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Tables of the restored database and the rows they hold, counted after the restore. */
  tables: number;
  rows: number;
  /**
   * The files restored, and their bytes: every file of the archive, but into a bucket only those the
   * store can hold (`files/<category>/<name>`; see `leftOut`).
   */
  files: number;
  fileBytes: number;
  /** Archived files a bucket cannot hold (a deeper path from an old local folder), not restored. */
  leftOut: string[];
  /** Where the data that was replaced was moved (SQLite files, stored files, `s3://` prefix), when there was some. */
  movedAside: string[];
  /** Migrations this Atrium has that the restored database has not run: the next start runs them. */
  pendingMigrations: string[];
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

/** The files of a SQLite database: main and credential store, each with its WAL and shared memory. */
const sqliteFamily = (file: string) =>
  [file, credentialFileOf(file)].flatMap((base) => [base, `${base}-wal`, `${base}-shm`]);

/**
 * Whether another connection (a running server) has the SQLite database open: an exclusive lock in
 * exclusive locking mode is refused while any other connection uses the WAL. Replacing the files
 * under a running server would leave it writing to files that are no longer the database.
 */
function sqliteInUse(file: string): boolean {
  if (!fs.existsSync(file)) return false;
  const probe = new SQLite(file, { fileMustExist: true, timeout: 250 });
  try {
    probe.pragma('locking_mode = EXCLUSIVE');
    probe.exec('begin exclusive');
    probe.exec('commit');
    return false;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('SQLITE_BUSY')) return true;
    throw error;
  } finally {
    probe.close();
  }
}

/** Tables and rows of a SQLite file: every table but SQLite's own. */
function countSqlite(file: string): { tables: number; rows: number } {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok')
      throw new BackupError(`The restored ${path.basename(file)} fails SQLite's check: ${String(check)}`);
    const names = db
      .prepare(`select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'`)
      .pluck()
      .all() as string[];
    let rows = 0;
    for (const name of names)
      rows += db
        .prepare(`select count(*) from "${name.replace(/"/g, '""')}"`)
        .pluck()
        .get() as number;
    return { tables: names.length, rows };
  } finally {
    db.close();
  }
}

const USER_TABLES = `select table_schema as schema, table_name as name from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
  and table_schema not like 'pg\\_%'`;

async function withPg<T>(url: string, body: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot reach the database ${redactUrl(url)}: ${(error as Error).message}`);
  }
  try {
    return await body(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function countPostgres(url: string): Promise<{ tables: number; rows: number }> {
  return withPg(url, async (client) => {
    const tables = (await client.query<{ schema: string; name: string }>(USER_TABLES)).rows;
    let rows = 0;
    const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
    for (const t of tables)
      rows += Number((await client.query(`select count(*) as n from ${quote(t.schema)}.${quote(t.name)}`)).rows[0].n);
    return { tables: tables.length, rows };
  });
}

/**
 * The source's extensions, made in the target before pg_restore runs: a dump of one schema does not
 * carry them (Atrium keeps pg_trgm in public), and a whole-database dump creates them with
 * IF NOT EXISTS, so making them first is harmless.
 */
async function createExtensions(url: string, extensions: { name: string; schema: string }[]): Promise<void> {
  if (!extensions.length) return;
  await withPg(url, async (client) => {
    const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
    for (const { name, schema } of extensions) {
      try {
        await client.query(`create schema if not exists ${quote(schema)}`);
        await client.query(`create extension if not exists ${quote(name)} with schema ${quote(schema)}`);
      } catch (error) {
        throw new BackupError(
          `The backup needs the PostgreSQL extension ${name}, which cannot be created in ${redactUrl(url)} ` +
            `(${(error as Error).message}). Ask a superuser to run "create extension ${name} with schema ${schema}" ` +
            `in that database (Debian: the postgresql-contrib package provides it), then restore again. Nothing was restored.`,
        );
      }
    }
  });
}

/** Moves a file or folder, when it exists, into `aside`; answers whether it did. */
async function moveAside(item: string, aside: string): Promise<boolean> {
  if (!fs.existsSync(item)) return false;
  await fs.promises.mkdir(aside, { recursive: true });
  await fs.promises.rename(item, path.join(aside, path.basename(item)));
  return true;
}

/**
 * A write to a staged file that keeps its sha256 as it goes; with no file, the sha256 alone (a
 * stored file bound for a bucket is checked in a first reading and sent in a second one).
 */
async function fileSink(
  file: string | null,
  open: Set<fs.promises.FileHandle>,
  done: (size: number, hex: string) => void,
): Promise<EntrySink> {
  let handle: fs.promises.FileHandle | null = null;
  if (file) {
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    handle = await fs.promises.open(file, 'wx');
    // Kept until the entry ends, so that a damaged archive failing mid-entry closes it too.
    open.add(handle);
  }
  const hash = sha256();
  let size = 0;
  return {
    async write(chunk) {
      hash.update(chunk);
      size += chunk.length;
      let offset = 0;
      while (handle && offset < chunk.length) offset += (await handle.write(chunk, offset)).bytesWritten;
    },
    async end() {
      if (handle) {
        open.delete(handle);
        await handle.close();
      }
      done(size, hash.digest('hex'));
    },
  };
}

/**
 * Reads the archive entry by entry through `onEntry`. gzip's CRC-32 over all of it and tar's header
 * checksums are verified on the way; a failure of either is answered as a damaged archive.
 */
async function readArchive(archive: string, onEntry: (entry: TarEntry) => Promise<EntrySink | null>): Promise<void> {
  const input = fs.createReadStream(archive);
  const gunzip = createGunzip();
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  try {
    await readTar(gunzip, onEntry);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    if (error instanceof TarError)
      throw new BackupError(`The archive ${archive} is damaged: ${error.message}. Nothing was restored.`);
    const code = (error as { code?: string }).code;
    if (code === 'Z_BUF_ERROR' || /unexpected end of file/.test((error as Error).message))
      throw new BackupError(
        `The archive ${archive} ends early: it is incomplete (was it copied only in part?). Nothing was restored.`,
      );
    if (code?.startsWith('Z_'))
      throw new BackupError(
        `The archive ${archive} is damaged: its compressed data fails gzip's integrity checks (CRC-32 checksum ` +
          `and deflate data; zlib says "${(error as Error).message}"). Nothing was restored.`,
      );
    throw error;
  } finally {
    input.destroy();
  }
}

/**
 * Reads the whole archive, checking each entry's path as it comes, into the staging folders (the
 * stored files too, unless `stageFiles` is false: they go to a bucket later), and answers its
 * manifest and what was actually read.
 */
async function extract(
  archive: string,
  stage: { database: string; files: string },
  stageFiles: boolean,
): Promise<{ manifest: unknown; read: Map<string, { size: number; sha256: string }> }> {
  const read = new Map<string, { size: number; sha256: string }>();
  const manifestParts: Buffer[] = [];
  let sawManifest = false;
  const open = new Set<fs.promises.FileHandle>();
  try {
    await readArchive(archive, async (entry) => {
      if (read.has(entry.path) || (entry.path === MANIFEST && sawManifest))
        throw new BackupError(`The archive holds ${entry.path} twice: it was not written by Atrium's backup.`);
      if (entry.path === MANIFEST) {
        sawManifest = true;
        return {
          write: async (chunk) => void manifestParts.push(Buffer.from(chunk)),
          end: async () => undefined,
        };
      }
      const isDatabase = [SQLITE_MAIN, SQLITE_CREDENTIALS, POSTGRES_DUMP].includes(entry.path);
      if (!isDatabase && !(entry.path.startsWith(FILES_PREFIX) && safeRelative(entry.path)))
        throw new BackupError(
          `The archive holds an unexpected entry ${JSON.stringify(entry.path)}: it was not written by Atrium's backup.`,
        );
      const target = isDatabase
        ? path.join(stage.database, path.basename(entry.path))
        : stageFiles
          ? path.join(stage.files, entry.path.slice(FILES_PREFIX.length))
          : null;
      return fileSink(target, open, (size, hex) => read.set(entry.path, { size, sha256: hex }));
    });
  } finally {
    for (const handle of open) await handle.close();
  }
  if (!sawManifest)
    throw new BackupError(
      `The archive ${archive} has no ${MANIFEST}: it is not an Atrium backup. Nothing was restored.`,
    );
  let manifest: unknown;
  try {
    manifest = JSON.parse(Buffer.concat(manifestParts).toString('utf8'));
  } catch {
    throw new BackupError(
      `The ${MANIFEST} of ${archive} is not valid JSON: the archive is damaged. Nothing was restored.`,
    );
  }
  return { manifest, read };
}

/** The category and name of an archived file, when it is one a store holds (`files/<category>/<name>`). */
function storedFileOf(entryPath: string): { category: string; name: string } | null {
  const parts = entryPath.slice(FILES_PREFIX.length).split('/');
  if (parts.length !== 2 || !parts.every(isStoreName)) return null;
  return { category: parts[0]!, name: parts[1]! };
}

/**
 * The second reading of an archive already checked: each stored file streams from the archive into
 * the bucket (the store sends a large one in parts; nothing holds a whole file in memory), its sha256
 * taken again on the way. Should the archive have changed since the first reading, the file that
 * differs is removed from the bucket and the restore stops.
 */
async function uploadFiles(
  archive: string,
  bucket: Bucket,
  manifest: Manifest,
  log: (line: string) => void,
): Promise<{ count: number; bytes: number }> {
  const expected = new Map(manifest.entries.map((e) => [e.path, e]));
  let count = 0;
  let bytes = 0;
  // The upload under way, so that a failure of the reading stops it too.
  const current: { upload: { body: PassThrough; stored: Promise<void> } | null } = { upload: null };
  try {
    await readArchive(archive, async (entry) => {
      const file = entry.path.startsWith(FILES_PREFIX) ? storedFileOf(entry.path) : null;
      if (!file) return null;
      const body = new PassThrough();
      const stored = bucket.storage.put(file.category, file.name, body).catch((error: Error) => {
        throw new BackupError(
          `Sending ${entry.path} to ${bucket.where} failed (${error.message || error.name}). ` +
            `The database is restored and the bucket holds part of the files: restore again with --force.`,
        );
      });
      // Awaited in end() or below; a rejection before then must not go unhandled.
      stored.catch(() => undefined);
      current.upload = { body, stored };
      const hash = sha256();
      let size = 0;
      return {
        async write(chunk) {
          hash.update(chunk);
          size += chunk.length;
          // Backpressure: wait while the store takes what it has, or stop when the upload failed.
          if (!body.write(chunk)) await Promise.race([once(body, 'drain'), stored]);
        },
        async end() {
          body.end();
          await stored;
          current.upload = null;
          const want = expected.get(entry.path);
          if (!want || want.size !== size || want.sha256 !== hash.digest('hex')) {
            await bucket.storage.remove(file.category, file.name);
            throw new BackupError(
              `${entry.path} in ${archive} differs from what was checked moments before: was the archive changed ` +
                `during the restore? The bucket holds part of the files; restore again with --force.`,
            );
          }
          count++;
          bytes += size;
          if (count % 1000 === 0) log(`${plural(count, 'file')} uploaded`);
        },
      };
    });
  } catch (error) {
    if (current.upload) {
      current.upload.body.destroy(error as Error);
      await current.upload.stored.catch(() => undefined);
    }
    throw error;
  }
  return { count, bytes };
}

/** The manifest's promises held against what the archive holds, and against this Atrium. */
function verify(
  archive: string,
  raw: unknown,
  read: Map<string, { size: number; sha256: string }>,
  dialect: BackupDialect,
): Manifest {
  const manifest = raw as Partial<Manifest>;
  if (manifest?.format !== FORMAT || !Array.isArray(manifest.entries))
    throw new BackupError(`${archive} is not an Atrium backup (its manifest does not say ${FORMAT}).`);
  if (typeof manifest.formatVersion !== 'number' || manifest.formatVersion > FORMAT_VERSION)
    throw new BackupError(
      `${archive} was written in backup format ${manifest.formatVersion}, newer than this Atrium reads (${FORMAT_VERSION}): ` +
        `restore it with Atrium ${manifest.atriumVersion} or newer.`,
    );
  if (manifest.dialect !== dialect)
    throw new BackupError(
      manifest.dialect === 'postgres'
        ? `${archive} holds a PostgreSQL database: set DATABASE_URL to the PostgreSQL database to restore it into.`
        : `${archive} holds a SQLite database: unset DATABASE_URL to restore it under DATA_DIR.`,
    );
  const known = knownMigrations();
  const latest = manifest.migration?.latest ?? null;
  if (latest !== null && !known.includes(latest))
    throw new BackupError(
      `${archive} comes from a newer Atrium (${manifest.atriumVersion}): its schema is at migration ${latest}, ` +
        `which this version does not know. Install Atrium ${manifest.atriumVersion} or newer to restore it.`,
    );
  for (const entry of manifest.entries) {
    const got = read.get(entry.path);
    if (!got)
      throw new BackupError(
        `${archive} lacks ${entry.path}, which its manifest lists: the archive is incomplete. Nothing was restored.`,
      );
    if (got.size !== entry.size || got.sha256 !== entry.sha256)
      throw new BackupError(
        `Checksum mismatch for ${entry.path} in ${archive}: its bytes have sha256 ${got.sha256} (${got.size} bytes), ` +
          `the manifest says ${entry.sha256} (${entry.size} bytes). The archive is damaged; nothing was restored.`,
      );
  }
  const listed = new Set(manifest.entries.map((e) => e.path));
  const extra = [...read.keys()].find((p) => !listed.has(p));
  if (extra)
    throw new BackupError(
      `${archive} holds ${extra}, which its manifest does not list: it was altered. Nothing was restored.`,
    );
  return manifest as Manifest;
}

/**
 * Restores an archive into the configured database and file store (the data folder, or the bucket
 * the S3_* settings name). Refuses a target that holds data unless `force`; reads and verifies the
 * whole archive before it changes anything; on SQLite swaps the files in by renaming (and moves what
 * they replace aside), on PostgreSQL runs pg_restore in one transaction, so a failure leaves the
 * database as it was. Into a bucket the files are sent after the database is in place (bucket.ts,
 * uploadFiles): an interrupted upload leaves part of them, and a restore with --force starts over.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const log = options.log ?? (() => undefined);
  const archive = path.resolve(options.archive);
  if (!fs.existsSync(archive)) throw new BackupError(`There is no archive at ${archive}.`);
  const header = Buffer.alloc(2);
  const fd = fs.openSync(archive, 'r');
  fs.readSync(fd, header, 0, 2, 0);
  fs.closeSync(fd);
  if (header[0] !== 0x1f || header[1] !== 0x8b)
    throw new BackupError(
      `${archive} is not a gzip-compressed Atrium backup (npm run backup writes .tar.gz archives).`,
    );
  const bucket = options.s3 ? await openBucket(options.s3) : null;
  try {
    return await restoreInto(options, archive, bucket, log);
  } finally {
    await bucket?.close();
  }
}

async function restoreInto(
  options: RestoreOptions,
  archive: string,
  bucket: Bucket | null,
  log: (line: string) => void,
): Promise<RestoreResult> {
  const dialect: BackupDialect = 'file' in options.database ? 'sqlite' : 'postgres';
  const filesDir = path.join(options.dataDir, 'files');

  // What the target holds, before anything is read or written.
  const held: string[] = [];
  if ('file' in options.database) {
    const file = options.database.file;
    if (sqliteInUse(file))
      throw new BackupError(
        `${file} is open in another process (a running Atrium?): stop every instance, then restore.`,
      );
    const withData = [file, credentialFileOf(file)].filter((f) => fs.existsSync(f) && fs.statSync(f).size > 0);
    if (withData.length) held.push(`the database ${withData.join(' and ')}`);
  } else {
    const version = await requirePgTool('pg_restore');
    log(`using ${version}`);
    const url = options.database.url;
    const { tables, others } = await withPg(url, async (client) => ({
      tables: (await client.query(USER_TABLES)).rows.length,
      others: Number(
        (
          await client.query(
            `select count(*) as n from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
          )
        ).rows[0].n,
      ),
    }));
    if (tables) held.push(`${plural(tables, 'table')} in the database ${redactUrl(url)}`);
    if (tables && options.force && others)
      throw new BackupError(
        `${plural(others, 'other connection')} to ${redactUrl(url)} (a running Atrium?): stop every instance, then restore.`,
      );
  }
  // The files: those of the folder, or with a bucket those under its prefix (the folder is then unused).
  const present = bucket ? [] : await listFiles(filesDir, { includePartial: true });
  const presentStored: StoredFile[] = bucket ? (await bucket.files()).files : [];
  if (present.length) held.push(`${plural(present.length, 'file')} under ${filesDir}`);
  if (presentStored.length) held.push(`${plural(presentStored.length, 'file')} in ${bucket!.where}`);
  if (held.length && !options.force) {
    const replaced = [
      dialect === 'sqlite'
        ? 'the database files are moved aside, not deleted'
        : 'the PostgreSQL tables are dropped and restored: back them up first',
      bucket
        ? "the bucket's files are moved to a prefix beside S3_PREFIX, not deleted"
        : 'the files folder is moved aside, not deleted',
    ];
    throw new BackupError(
      `The target is not empty: it holds ${held.join(', and ')}. Nothing was restored. ` +
        `Run again with --force to replace it (${replaced.join('; ')}).`,
    );
  }

  // Staging sits beside where things end up, so that moving them into place is a rename.
  fs.mkdirSync(options.dataDir, { recursive: true });
  const filesStage = fs.mkdtempSync(path.join(options.dataDir, '.atrium-restore-'));
  const databaseDir = 'file' in options.database ? path.dirname(path.resolve(options.database.file)) : filesStage;
  fs.mkdirSync(databaseDir, { recursive: true });
  const databaseStage =
    'file' in options.database ? fs.mkdtempSync(path.join(databaseDir, '.atrium-restore-db-')) : filesStage;
  const stage = { database: databaseStage, files: path.join(filesStage, 'files') };
  try {
    log(`reading and checking ${archive}`);
    const { manifest: raw, read } = await extract(archive, stage, !bucket);
    const manifest = verify(archive, raw, read, dialect);
    log(
      `archive of ${manifest.createdAt} by Atrium ${manifest.atriumVersion}: ${manifest.dialect} at migration ` +
        `${manifest.migration.latest ?? '(none)'}, ${plural(manifest.files.count, 'file')} from ` +
        `${manifest.files.location ?? 'the data folder'}; every checksum matches`,
    );
    // A bucket holds `<category>/<name>` only; a deeper path (a folder of an old local layout) has no key.
    const leftOut = bucket
      ? manifest.entries.filter((e) => e.path.startsWith(FILES_PREFIX) && !storedFileOf(e.path)).map((e) => e.path)
      : [];

    // SQLite: the staged files pass SQLite's check before anything is replaced.
    let counted = { tables: 0, rows: 0 };
    const stagedMain = path.join(databaseStage, 'atrium.db');
    const stagedCredentials = path.join(databaseStage, 'atrium-credentials.db');
    if ('file' in options.database) {
      const main = countSqlite(stagedMain);
      const credentials = fs.existsSync(stagedCredentials) ? countSqlite(stagedCredentials) : { tables: 0, rows: 0 };
      counted = { tables: main.tables + credentials.tables, rows: main.rows + credentials.rows };
    }

    const movedAside: string[] = [];
    const aside = `replaced-${stamp()}`;
    if (bucket && presentStored.length) {
      // First of all changes: copying can be refused (permissions), and then nothing else has changed.
      log(`moving ${plural(presentStored.length, 'file')} of ${bucket.where} aside`);
      movedAside.push(await bucket.moveAside(presentStored, aside));
    }
    if ('file' in options.database) {
      const file = path.resolve(options.database.file);
      for (const item of sqliteFamily(file)) {
        if (await moveAside(item, path.join(databaseDir, aside)))
          movedAside.push(path.join(databaseDir, aside, path.basename(item)));
      }
      await fs.promises.rename(stagedMain, file);
      if (fs.existsSync(stagedCredentials)) await fs.promises.rename(stagedCredentials, credentialFileOf(file));
    } else {
      const url = options.database.url;
      const { uri, env } = pgToolConnection(url);
      await createExtensions(url, manifest.extensions ?? []);
      log(`restoring the database into ${redactUrl(url)}`);
      await run(
        'pg_restore',
        [
          // Owners and grants name roles of the machine the dump came from; Atrium grants its
          // admin-SQL role again on first use (docs/admin-sql.md).
          '--no-owner',
          '--no-privileges',
          '--single-transaction',
          '--exit-on-error',
          ...(options.force ? ['--clean', '--if-exists'] : []),
          `--dbname=${uri}`,
          path.join(databaseStage, 'postgres.dump'),
        ],
        env,
      );
      counted = await countPostgres(url);
    }

    let files = { count: manifest.files.count, bytes: manifest.files.bytes };
    if (bucket) {
      if (leftOut.length)
        log(
          `left out ${plural(leftOut.length, 'archived file')} the bucket cannot hold (not files/<category>/<name>): ` +
            `${leftOut.slice(0, 5).join(', ')}${leftOut.length > 5 ? ' ...' : ''}`,
        );
      log(`uploading the files into ${bucket.where}`);
      files = await uploadFiles(archive, bucket, manifest, log);
    } else {
      if (present.length) {
        if (await moveAside(filesDir, path.join(options.dataDir, aside)))
          movedAside.push(path.join(options.dataDir, aside, 'files'));
      } else {
        // Empty folders only (no file was found in them): nothing is lost.
        await fs.promises.rm(filesDir, { recursive: true, force: true });
      }
      if (fs.existsSync(stage.files)) await fs.promises.rename(stage.files, filesDir);
    }

    const latest = manifest.migration.latest;
    const known = knownMigrations();
    const pendingMigrations = latest === null ? known : known.slice(known.indexOf(latest) + 1);
    log(
      `restored ${plural(counted.rows, 'row')} in ${plural(counted.tables, 'table')} and ` +
        `${plural(files.count, 'file')} (${humanBytes(files.bytes)}) into ${bucket?.where ?? filesDir}`,
    );
    if (movedAside.length)
      log(`what was there before was moved aside: ${movedAside.join(', ')} (delete it once satisfied)`);
    if (pendingMigrations.length)
      log(
        `the next start of Atrium brings the schema up to date (${plural(pendingMigrations.length, 'migration')} to run)`,
      );
    return {
      manifest,
      tables: counted.tables,
      rows: counted.rows,
      files: files.count,
      fileBytes: files.bytes,
      leftOut,
      movedAside,
      pendingMigrations,
    };
  } finally {
    await fs.promises.rm(filesStage, { recursive: true, force: true });
    if (databaseStage !== filesStage) await fs.promises.rm(databaseStage, { recursive: true, force: true });
  }
}
