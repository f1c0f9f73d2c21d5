import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { migrations } from '../../db/migrations/index.ts';

/**
 * What backup and restore share: the archive's layout and manifest, the refusals they answer, and
 * the PostgreSQL client tools they run.
 *
 * An archive is one gzip-compressed tar file:
 *   database/atrium.db, database/atrium-credentials.db   (SQLite: the two files of the database)
 *   database/postgres.dump                               (PostgreSQL: pg_dump's custom format)
 *   files/<category>/<name> ...                          (the uploaded and generated files, from the
 *                                                         local folder or the S3-compatible store alike)
 *   manifest.json                                        (last: it lists every entry above)
 * The manifest comes last because it carries each entry's checksum, known only once the entry is
 * written; a restore reads the whole archive before it touches anything anyway.
 */

export const FORMAT = 'atrium-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const SQLITE_MAIN = 'database/atrium.db';
export const SQLITE_CREDENTIALS = 'database/atrium-credentials.db';
export const POSTGRES_DUMP = 'database/postgres.dump';
export const FILES_PREFIX = 'files/';

export type BackupDialect = 'sqlite' | 'postgres';

/** Where an installation keeps its files: `DATA_DIR/files` or an S3-compatible bucket (core/storage.ts). */
export type FileStoreKind = 'local' | 's3';

export interface ManifestEntry {
  path: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  formatVersion: number;
  atriumVersion: string;
  createdAt: string;
  dialect: BackupDialect;
  /** The last migration the database had run, and how many it had run: the schema's level. */
  migration: { latest: string | null; count: number };
  /** Where it came from, for the person reading it (no password). */
  source: { dataDir: string; database: string; schema?: string };
  database: { entries: string[]; bytes: number };
  /**
   * PostgreSQL: the extensions the database had (pg_trgm for search). A dump of one schema leaves
   * them out, since they live in public; restore creates them first.
   */
  extensions?: { name: string; schema: string }[];
  /**
   * The stored files: how many, their bytes, and the store they were read from with its place (the
   * folder, or `s3://bucket/prefix` and the endpoint). Archives of older versions lack `store` and
   * `location`; their files came from the local folder. The layout is the same for both stores, so
   * an archive restores into either.
   */
  files: { count: number; bytes: number; store?: FileStoreKind; location?: string };
  /** Every entry of the archive but the manifest, in archive order. */
  entries: ManifestEntry[];
}

/** A refusal or failure the operator can act on: the CLI prints its message alone and exits 1. */
export class BackupError extends Error {}

/** Atrium's version, from the repository's package.json (the server is not published on its own). */
export function atriumVersion(): string {
  const file = new URL('../../../../../package.json', import.meta.url);
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}

/** The migrations this code knows, in order. */
export const knownMigrations = (): string[] => Object.keys(migrations);

export const sha256 = () => createHash('sha256');

/** The same PostgreSQL location without its password, fit for a manifest or a message. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'postgres://(unparsable connection string)';
  }
}

/**
 * Connection settings for the PostgreSQL tools: the URL without its password (a command line is
 * visible to every user of the machine through ps) and the password in PGPASSWORD instead.
 */
export function pgToolConnection(url: string): { uri: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { uri: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

/** Answers the tool's version line, or refuses with what to install when it is not on PATH. */
export async function requirePgTool(tool: 'pg_dump' | 'pg_restore'): Promise<string> {
  try {
    const { stdout } = await run(tool, ['--version']);
    return stdout.trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupError(
        `${tool} was not found on PATH. Backing up and restoring PostgreSQL needs the PostgreSQL client tools, ` +
          `of the server's major version or newer: on Debian or Ubuntu "apt-get install postgresql-client", ` +
          `on RHEL or Fedora "dnf install postgresql", on macOS "brew install libpq" (then add its bin folder to PATH).`,
      );
    throw error;
  }
}

/** Runs a program to its end; a non-zero exit rejects with what it wrote to stderr. */
export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new BackupError(`${command} failed (exit ${code}):\n${stderr.trim() || stdout.trim()}`));
    });
  });
}

/**
 * Every regular file under the files folder, as paths relative to it with forward slashes, sorted.
 * Half-written files of the store (`*.partial`, renamed into place when complete) are left out: the
 * upload they belong to has not happened yet.
 */
export async function listFiles(root: string, options: { includePartial?: boolean } = {}): Promise<string[]> {
  const found: string[] = [];
  async function walk(dir: string, relative: string): Promise<void> {
    let items: fs.Dirent[];
    try {
      items = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const item of items) {
      const rel = relative ? `${relative}/${item.name}` : item.name;
      if (item.isDirectory()) await walk(path.join(dir, item.name), rel);
      else if (item.isFile() && (options.includePartial || !item.name.endsWith('.partial'))) found.push(rel);
    }
  }
  await walk(root, '');
  return found.sort();
}

/**
 * A path from an archive, checked before anything is written under it: relative, forward slashes,
 * no empty, `.` or `..` segment, no control characters. A crafted archive cannot write outside the
 * folder it is restored into.
 */
export function safeRelative(entry: string): boolean {
  if (!entry || entry.startsWith('/') || entry.includes('\\') || [...entry].some((c) => c.charCodeAt(0) < 0x20))
    return false;
  return entry.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** A count in words a person reads: 1 file, 2 files. */
export const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

/** Bytes in a unit a person reads. */
export function humanBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}
