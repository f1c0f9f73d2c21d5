import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, sql, SqliteDialect, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';
import { migrations } from './migrations/index.ts';
import { introspectingOwnSchema } from './own-schema.ts';
import { preparingKept } from './prepared.ts';
import { createTableChanges, type TableChanges } from './table-changes.ts';

export type Dialect = 'sqlite' | 'postgres';
export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  dialect: Dialect;
  /**
   * Which tables may have changed (see table-changes.ts). On SQLite this process is the one writer
   * and the file reports other processes' commits, so it is live from the start; on PostgreSQL it
   * turns live only once a feed of the other instances' writes runs (core/redis-changes.ts).
   */
  changes: TableChanges;
  /** Where the data lives, for connections of their own (core/admin-sql). */
  source: { file: string } | { url: string; schema?: string };
  /** PostgreSQL: the connection pool's figures now (SQLite has one connection and none). */
  pool?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; SQLite when empty. */
  url?: string;
  /** SQLite file, or ':memory:'. */
  file?: string;
  /** PostgreSQL schema to work in (tests use one per run so they can run side by side). */
  schema?: string;
  poolSize?: number;
}

// bigint (int8) columns hold epoch milliseconds, which fit a JavaScript number exactly.
const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === 20) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

/**
 * On SQLite, where the tables of sign-in secrets live: an attached file beside the main one
 * (`atrium.db` -> `atrium-credentials.db`). Admin-written SQL runs on a connection that opens only
 * the main file (core/admin-sql), so password hashes, sessions, tickets and captchas are out of its
 * reach by construction. On PostgreSQL the same tables sit in the working schema and the admin-SQL
 * role is simply not granted them.
 */
export const CREDENTIAL_SCHEMA = 'cred';
/** The tables of the credential store; admin-written SQL never sees them. */
export const CREDENTIAL_TABLES = ['user_credential', 'session', 'ticket', 'captcha', 'server_secret'] as const;

export const credentialFileOf = (file: string) =>
  file === ':memory:' ? ':memory:' : file.replace(/(\.db)?$/, '-credentials.db');

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      types: pgTypes,
      ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
    });
    pool.on('connect', preparingKept);
    const changes = createTableChanges({ live: false });
    const db = new Kysely<Database>({ dialect: changes.track(introspectingOwnSchema(new PostgresDialect({ pool }))) });
    const source = { url: options.url, ...(options.schema ? { schema: options.schema } : {}) };
    const figures = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return { db, dialect: 'postgres', changes, source, pool: figures, close: () => db.destroy() };
  }
  const file = options.file ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  // The credential store (docs/admin-sql.md): its tables resolve by their plain names on this
  // connection, and a connection that opens only the main file cannot see them at all.
  sqlite.prepare(`attach database ? as ${CREDENTIAL_SCHEMA}`).run(credentialFileOf(file));
  sqlite.pragma(`${CREDENTIAL_SCHEMA}.journal_mode = WAL`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  // Another process's commit to either file moves every stamp (see table-changes.ts).
  const mainVersion = sqlite.prepare('PRAGMA main.data_version').pluck();
  const credentialVersion = sqlite.prepare(`PRAGMA ${CREDENTIAL_SCHEMA}.data_version`).pluck();
  const changes = createTableChanges({
    dataVersion: () => (mainVersion.get() as number) * 1_000_003 + (credentialVersion.get() as number),
  });
  const db = new Kysely<Database>({
    dialect: changes.track(new SqliteDialect({ database: withStatementCache(sqlite) })),
  });
  return { db, dialect: 'sqlite', changes, source: { file }, close: () => db.destroy() };
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh; on SQLite preparing costs about as much as running a small
 * query. The same SQL text always compiles to the same statement, so statements are kept, up to a
 * bound (IN lists of different lengths give different texts).
 */
function withStatementCache(sqlite: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; safe to run on every start and from several instances at once. */
async function migratorOf(db: Db): Promise<Migrator> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; on a database
  // shared by several schemas (tests, or tenants) it must be the one this connection works in.
  const schema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  return new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) });
}

/** The migrations this code has that the database has not run yet (readiness: none may be left). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const all = await (await migratorOf(db)).getMigrations();
  return all.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

export async function migrate(db: Db): Promise<void> {
  const migrator = await migratorOf(db);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export type { Database } from './schema.ts';
