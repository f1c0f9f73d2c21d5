import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';

/** Every setting Atrium reads from its environment, typed, with the defaults of a single embedded instance. */
export interface Config {
  port: number;
  host: string;
  /** Folder for the SQLite database and uploaded files. */
  dataDir: string;
  /** PostgreSQL connection string; SQLite under dataDir when empty. */
  databaseUrl: string;
  /** Redis connection string for fan-out, session caching and rate limits across instances. */
  redisUrl: string;
  /** Prefix of Atrium's Redis keys and channels, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  /** Bearer token that opens /metrics; the route answers 404 while it is empty. */
  metricsToken: string;
  /** Built web app served with history fallback; not served when the folder does not exist. */
  webDist: string;
  logLevel: string;
  /**
   * 'pretty' (coloured lines a person reads) or 'json' (one object per line, for log shippers).
   * Pretty on a terminal outside production, JSON everywhere else, unless LOG_FORMAT says.
   */
  logFormat: 'pretty' | 'json';
  /** Attempts allowed per client address and account within loginRateWindowMs. */
  loginRateMax: number;
  loginRateWindowMs: number;
  /** Seed the demo organisation into an empty database on start. */
  seedDemo: boolean;
  /** Milliseconds given to in-flight requests after SIGTERM before the process exits. */
  shutdownGraceMs: number;
  /**
   * PostgreSQL: a connection string for admin-written SQL, with a role that may read the business
   * tables only. Empty: Atrium makes such a role itself (docs/admin-sql.md).
   */
  adminSqlDatabaseUrl: string;
  /**
   * SQLite: threads that run heavy reads (online-form lists) beside the event loop, each with a
   * read-only connection (docs/architecture.md). 0 runs them on the event loop.
   */
  sqliteReadThreads: number;
  /** Days the audit trail keeps its rows; a daily job deletes older ones. 0 keeps them forever (docs/audit.md). */
  auditRetentionDays: number;
  /**
   * The S3-compatible object store that holds uploaded and generated files, so every instance sees
   * every file (docs/operations.md). Null: files stay in the local folder `<dataDir>/files`.
   */
  s3: S3Settings | null;
}

/** Where and how to reach the object store; set by the S3_* variables, checked at start-up. */
export interface S3Settings {
  /** The store's address (MinIO, Ceph, a cloud's S3 API ...); empty for AWS S3 itself. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (`host/bucket/key`) rather than the host name; most self-hosted stores need it. */
  forcePathStyle: boolean;
  /** Put before every key ('' or ending in '/'), so one bucket can hold several deployments. */
  prefix: string;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}"`);
  return value;
}

function logFormatOf(env: NodeJS.ProcessEnv): Config['logFormat'] {
  const asked = env.LOG_FORMAT;
  if (asked === 'pretty' || asked === 'json') return asked;
  if (asked) throw new Error(`LOG_FORMAT must be pretty or json, got "${asked}"`);
  return process.stdout.isTTY && env.NODE_ENV !== 'production' ? 'pretty' : 'json';
}

/** S3 bucket names: 3 to 63 lower-case letters, digits, dots and dashes, starting and ending alphanumeric. */
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** A key prefix: folder-like segments of the characters stored names use. */
const PREFIX = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/;
const S3_NAMES = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PREFIX',
] as const;

function booleanOf(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes)$/i.test(raw)) return true;
  if (/^(0|false|no)$/i.test(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

/**
 * The object store's settings, or null when none of S3_* is set. A half-configured store stops the
 * start with the setting to fix: files written to the local folder of one instance while the
 * operator believes they are shared would be lost to the others without any error.
 */
function s3Of(env: NodeJS.ProcessEnv): S3Settings | null {
  const given = S3_NAMES.filter((name) => env[name]);
  if (given.length === 0) return null;
  const bucket = env.S3_BUCKET ?? '';
  if (!bucket)
    throw new Error(
      `${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set but S3_BUCKET is not: name the bucket to keep files in, or unset S3_* to keep them in DATA_DIR`,
    );
  if (!BUCKET.test(bucket))
    throw new Error(`S3_BUCKET must be a bucket name (3-63 lower-case letters, digits, dots, dashes), got "${bucket}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? '';
  if (!accessKeyId || !secretAccessKey) {
    const missing = [!accessKeyId && 'S3_ACCESS_KEY_ID', !secretAccessKey && 'S3_SECRET_ACCESS_KEY'].filter(Boolean);
    throw new Error(
      `S3_BUCKET is set but ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not: the store needs both keys`,
    );
  }
  const endpoint = env.S3_ENDPOINT ?? '';
  if (endpoint) {
    let url: URL | null = null;
    try {
      url = new URL(endpoint);
    } catch {
      // reported below
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
      throw new Error(`S3_ENDPOINT must be an http:// or https:// address without credentials, got "${endpoint}"`);
  }
  const prefix = env.S3_PREFIX ?? '';
  if (prefix && (!PREFIX.test(prefix) || prefix.split('/').some((part) => part === '.' || part === '..')))
    throw new Error(`S3_PREFIX may hold letters, digits, . _ - and / between names, got "${prefix}"`);
  return {
    endpoint,
    region: env.S3_REGION || 'us-east-1',
    bucket,
    accessKeyId,
    secretAccessKey,
    // A self-hosted store rarely has a DNS name per bucket; AWS S3 itself wants the host style.
    forcePathStyle: booleanOf(env, 'S3_FORCE_PATH_STYLE', Boolean(endpoint)),
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env, 'PORT', 3000),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || '',
    redisUrl: env.REDIS_URL || '',
    redisPrefix: env.REDIS_PREFIX || 'atrium',
    metricsToken: env.METRICS_TOKEN || '',
    webDist: path.resolve(env.WEB_DIST || path.join(repoRoot, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: logFormatOf(env),
    loginRateMax: int(env, 'LOGIN_RATE_MAX', 20),
    loginRateWindowMs: int(env, 'LOGIN_RATE_WINDOW_MS', 60_000),
    seedDemo: env.SEED_DEMO !== '0',
    shutdownGraceMs: int(env, 'SHUTDOWN_GRACE_MS', 10_000),
    adminSqlDatabaseUrl: env.ADMIN_SQL_DATABASE_URL || '',
    // The cores but the event loop's, at least one and at most three.
    sqliteReadThreads: int(env, 'SQLITE_READ_THREADS', Math.max(1, Math.min(3, availableParallelism() - 1))),
    auditRetentionDays: int(env, 'AUDIT_RETENTION_DAYS', 365),
    s3: s3Of(env),
  };
}
