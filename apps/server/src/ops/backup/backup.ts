import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { S3Settings } from '../../config.ts';
import type { FileStorage } from '../../core/storage.ts';
import { credentialFileOf, CREDENTIAL_SCHEMA } from '../../db/index.ts';
import {
  atriumVersion,
  BackupError,
  FILES_PREFIX,
  FORMAT,
  FORMAT_VERSION,
  humanBytes,
  listFiles,
  MANIFEST,
  pgToolConnection,
  plural,
  POSTGRES_DUMP,
  redactUrl,
  requirePgTool,
  run,
  sha256,
  SQLITE_CREDENTIALS,
  SQLITE_MAIN,
  type BackupDialect,
  type Manifest,
  type ManifestEntry,
} from './archive.ts';
import { openBucket, type Bucket, type StoredFile } from './bucket.ts';
import { END_OF_ARCHIVE, fileHeader, padding } from './tar.ts';

/**
 * Where the data to back up lives: the database, and the files in the data folder or, when `s3` is
 * set (the S3_* settings, as the server reads them), in that S3-compatible store.
 */
export interface DataLocation {
  dataDir: string;
  /** SQLite: the main file (its credential store sits beside it). PostgreSQL: URL and, in tests, a schema. */
  database: { file: string } | { url: string; schema?: string };
  /** The object store holding the files instead of `dataDir/files`; absent or null: the local folder. */
  s3?: S3Settings | null;
}

export interface BackupOptions extends DataLocation {
  /** The archive to write; refused when it exists already. */
  out: string;
  /** Progress lines for a person; silent when absent. */
  log?: (line: string) => void;
}

export interface BackupResult {
  file: string;
  bytes: number;
  manifest: Manifest;
}

/** The migration level recorded by Kysely's bookkeeping table (none: a database never migrated). */
function migrationLevel(names: string[]): Manifest['migration'] {
  const sorted = [...names].sort();
  return { latest: sorted.at(-1) ?? null, count: sorted.length };
}

/**
 * SQLite, online: better-sqlite3's `backup()` drives SQLite's backup API, copying the pages of a
 * database a running server keeps writing, without stopping it. Both files are copied inside one
 * read transaction of this connection, so each copy is the state of one moment (WAL readers see a
 * snapshot) and nothing committed meanwhile tears a copy; the server's writes go on meanwhile.
 */
async function snapshotSqlite(
  file: string,
  work: string,
): Promise<{ files: string[]; migration: Manifest['migration'] }> {
  if (!fs.existsSync(file))
    throw new BackupError(`There is no database at ${file}: nothing to back up (is DATA_DIR the right folder?).`);
  const credentials = credentialFileOf(file);
  const hasCredentials = fs.existsSync(credentials);
  const source = new SQLite(file, { fileMustExist: true, timeout: 10_000 });
  try {
    if (hasCredentials) source.prepare(`attach database ? as ${CREDENTIAL_SCHEMA}`).run(credentials);
    source.exec('begin');
    // The first read of each file is what fixes the snapshot the copies are made from.
    const hasMigrations = source
      .prepare(`select 1 from main.sqlite_master where type = 'table' and name = 'kysely_migration'`)
      .get();
    const names = hasMigrations
      ? source
          .prepare('select name from main.kysely_migration')
          .pluck()
          .all()
          .map((name) => String(name))
      : [];
    if (hasCredentials) source.prepare(`select count(*) from ${CREDENTIAL_SCHEMA}.sqlite_master`).get();
    const copies = [path.join(work, 'atrium.db')];
    await source.backup(copies[0]!);
    if (hasCredentials) {
      copies.push(path.join(work, 'atrium-credentials.db'));
      // better-sqlite3 takes the attached database's name as an option its type declarations lack.
      const backupAttached = source.backup as unknown as (
        file: string,
        options: { attached: string },
      ) => Promise<unknown>;
      await backupAttached.call(source, copies[1]!, { attached: CREDENTIAL_SCHEMA });
    }
    source.exec('commit');
    return { files: copies, migration: migrationLevel(names) };
  } finally {
    source.close();
  }
}

/** PostgreSQL: the migration level first, then pg_dump's custom format (compressed, for pg_restore). */
async function snapshotPostgres(
  database: { url: string; schema?: string },
  work: string,
  log: (line: string) => void,
): Promise<{ files: string[]; migration: Manifest['migration']; extensions: Manifest['extensions'] }> {
  const version = await requirePgTool('pg_dump');
  const client = new pg.Client({
    connectionString: database.url,
    ...(database.schema ? { options: `-c search_path=${database.schema}` } : {}),
  });
  let names: string[] = [];
  let extensions: Manifest['extensions'];
  try {
    await client.connect();
    extensions = (
      await client.query<{ name: string; schema: string }>(
        `select e.extname as name, n.nspname as schema from pg_extension e
         join pg_namespace n on n.oid = e.extnamespace where e.extname <> 'plpgsql' order by e.extname`,
      )
    ).rows;
    const table = await client.query(`select to_regclass('kysely_migration') as t`);
    if (table.rows[0]?.t)
      names = (await client.query<{ name: string }>('select name from kysely_migration')).rows.map((r) => r.name);
  } catch (error) {
    throw new BackupError(`Cannot reach the database ${redactUrl(database.url)}: ${(error as Error).message}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  const dump = path.join(work, 'postgres.dump');
  const { uri, env } = pgToolConnection(database.url);
  log(`dumping ${redactUrl(database.url)} with ${version}`);
  await run(
    'pg_dump',
    [
      '--format=custom',
      `--file=${dump}`,
      ...(database.schema ? [`--schema=${database.schema}`] : []),
      `--dbname=${uri}`,
    ],
    env,
  );
  return { files: [dump], migration: migrationLevel(names), extensions };
}

/** One entry of the archive, opened only when its turn comes. */
interface Item {
  /** Its path in the archive. */
  path: string;
  /** Where its bytes come from, for a message. */
  label: string;
  /** Its size, last change and bytes; null when it is gone since it was listed (stored files only). */
  open(): Promise<{ size: number; modifiedAt: number; bytes: AsyncIterable<Buffer>; close(): Promise<void> } | null>;
}

/**
 * A file on this disk. Its size is that of the file opened: the local store replaces files by
 * renaming, never in place, so an open file keeps its bytes.
 */
function diskItem(source: string, entryPath: string): Item {
  return {
    path: entryPath,
    label: source,
    async open() {
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(source, 'r');
      } catch (error) {
        // Deleted between the listing and now (a workbook past its hour): nothing to keep.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' && entryPath.startsWith(FILES_PREFIX)) return null;
        throw error;
      }
      const stat = await handle.stat();
      return {
        size: stat.size,
        modifiedAt: stat.mtimeMs,
        bytes:
          stat.size > 0
            ? handle.createReadStream({ start: 0, end: stat.size - 1, autoClose: false })
            : Readable.from([]),
        close: () => handle.close(),
      };
    },
  };
}

/**
 * A file of the object store, streamed from it. Its size is asked right before it is read (the tar
 * header comes first); an object replaced in that moment by one of another size stops the backup
 * rather than tearing the archive.
 */
function storeItem(storage: FileStorage, file: StoredFile, url: string): Item {
  return {
    path: `${FILES_PREFIX}${file.category}/${file.name}`,
    label: `${url}${file.category}/${file.name}`,
    async open() {
      const stat = await storage.stat(file.category, file.name);
      const stream = stat && (await storage.open(file.category, file.name));
      // Deleted since the listing (a workbook past its hour, a merged upload's chunks): nothing to keep.
      if (!stat || !stream) return null;
      return {
        size: stat.size,
        modifiedAt: stat.modifiedAt,
        bytes: stream,
        close: async () => void stream.destroy(),
      };
    },
  };
}

/** The stored files to archive: the local folder's (`*.partial` left out) or the bucket's. */
async function fileItems(options: BackupOptions, bucket: Bucket | null, log: (line: string) => void) {
  if (bucket) {
    const { files, foreign } = await bucket.files();
    log(`archiving ${plural(files.length, 'stored file')} from ${bucket.where}`);
    if (foreign.length)
      log(
        `left out ${plural(foreign.length, 'object')} under the prefix that Atrium did not write: ` +
          `${foreign.slice(0, 5).join(', ')}${foreign.length > 5 ? ' ...' : ''}`,
      );
    return {
      items: files.map((file) => storeItem(bucket.storage, file, bucket.url)),
      store: 's3' as const,
      location: bucket.where,
    };
  }
  const filesRoot = path.join(options.dataDir, 'files');
  const files = await listFiles(filesRoot);
  log(`archiving ${plural(files.length, 'stored file')} from ${filesRoot}`);
  return {
    items: files.map((rel) => diskItem(path.join(filesRoot, rel), FILES_PREFIX + rel)),
    store: 'local' as const,
    location: filesRoot,
  };
}

/**
 * Backs up the database and the stored files into one archive (see archive.ts for its layout),
 * from whichever store holds them: the local folder or the S3-compatible bucket. The database is
 * copied first, then the files: a file uploaded meanwhile is in the archive with no record pointing
 * at it (harmless), while every record of the copy finds its file unless the file was deleted in the
 * seconds between.
 */
export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const log = options.log ?? (() => undefined);
  const out = path.resolve(options.out);
  if (fs.existsSync(out))
    throw new BackupError(`${out} exists already: choose another --out (a backup never overwrites one).`);
  // An unreachable bucket is known before the database is copied.
  const bucket = options.s3 ? await openBucket(options.s3) : null;
  try {
    return await writeArchive(options, out, bucket, log);
  } finally {
    await bucket?.close();
  }
}

async function writeArchive(
  options: BackupOptions,
  out: string,
  bucket: Bucket | null,
  log: (line: string) => void,
): Promise<BackupResult> {
  fs.mkdirSync(path.dirname(out), { recursive: true });
  // Work files sit beside the archive: same disk as the result, not a small /tmp.
  const work = fs.mkdtempSync(path.join(path.dirname(out), '.atrium-backup-'));
  const partial = `${out}.partial`;
  try {
    const dialect: BackupDialect = 'file' in options.database ? 'sqlite' : 'postgres';
    log(`backing up the ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} database`);
    const snapshot: { files: string[]; migration: Manifest['migration']; extensions?: Manifest['extensions'] } =
      'file' in options.database
        ? await snapshotSqlite(options.database.file, work)
        : await snapshotPostgres(options.database, work, log);
    const databaseItems = snapshot.files.map((file) =>
      diskItem(
        file,
        dialect === 'postgres' ? POSTGRES_DUMP : path.basename(file) === 'atrium.db' ? SQLITE_MAIN : SQLITE_CREDENTIALS,
      ),
    );
    const stored = await fileItems(options, bucket, log);
    const items = [...databaseItems, ...stored.items];

    const entries: ManifestEntry[] = [];
    async function* archive(): AsyncGenerator<Buffer> {
      for (const item of items) {
        const opened = await item.open();
        if (!opened) continue;
        const changed = () => new BackupError(`${item.label} changed size while it was read: run the backup again.`);
        try {
          yield fileHeader(item.path, opened.size, opened.modifiedAt);
          const hash = sha256();
          let written = 0;
          for await (const chunk of opened.bytes) {
            // More bytes than the header announced would tear the archive: stop before writing them.
            if (written + (chunk as Buffer).length > opened.size) throw changed();
            hash.update(chunk as Buffer);
            written += (chunk as Buffer).length;
            yield chunk as Buffer;
          }
          if (written !== opened.size) throw changed();
          yield padding(opened.size);
          entries.push({ path: item.path, size: opened.size, sha256: hash.digest('hex') });
        } finally {
          await opened.close();
        }
      }
      const sum = (list: ManifestEntry[]) => list.reduce((total, e) => total + e.size, 0);
      const database = entries.filter((e) => !e.path.startsWith(FILES_PREFIX));
      const files = entries.filter((e) => e.path.startsWith(FILES_PREFIX));
      manifest = {
        format: FORMAT,
        formatVersion: FORMAT_VERSION,
        atriumVersion: atriumVersion(),
        createdAt: new Date().toISOString(),
        dialect,
        migration: snapshot.migration,
        source: {
          dataDir: options.dataDir,
          database: 'file' in options.database ? options.database.file : redactUrl(options.database.url),
          ...('url' in options.database && options.database.schema ? { schema: options.database.schema } : {}),
        },
        database: { entries: database.map((e) => e.path), bytes: sum(database) },
        ...(snapshot.extensions ? { extensions: snapshot.extensions } : {}),
        files: { count: files.length, bytes: sum(files), store: stored.store, location: stored.location },
        entries,
      };
      const body = Buffer.from(JSON.stringify(manifest, null, 2) + '\n');
      yield fileHeader(MANIFEST, body.length, Date.now());
      yield body;
      yield padding(body.length);
      yield END_OF_ARCHIVE;
    }
    let manifest: Manifest | undefined;
    await pipeline(Readable.from(archive()), createGzip(), fs.createWriteStream(partial, { flags: 'wx' }));
    await fs.promises.rename(partial, out);
    const bytes = (await fs.promises.stat(out)).size;
    const done = manifest!;
    log(
      `wrote ${out} (${humanBytes(bytes)}): database ${humanBytes(done.database.bytes)} at migration ` +
        `${done.migration.latest ?? '(none)'}, ${plural(done.files.count, 'file')} (${humanBytes(done.files.bytes)})`,
    );
    return { file: out, bytes, manifest: done };
  } catch (error) {
    await fs.promises.rm(partial, { force: true });
    throw error;
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}
