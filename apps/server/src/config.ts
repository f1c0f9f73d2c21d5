import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  };
}
