import { sql } from 'kysely';
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { CREDENTIAL_TABLES, type Db } from '../../db/index.ts';
import { sharedSecret } from '../server-secrets.ts';
import {
  AdminSqlError,
  type AdminSqlFailure,
  type AdminSqlReader,
  type BoundStatement,
  type ReadOptions,
} from './reader.ts';

/** PostgreSQL error classes (SQLSTATE) and what they mean to whoever wrote the statement. */
function failureOf(code: string | undefined): AdminSqlFailure {
  if (code === '25006') return 'readOnly';
  if (code === '57014') return 'timeout';
  if (code === '42601') return 'syntax';
  // Undefined table, column, function or schema, and no privilege: alike from the outside, so
  // that a refusal does not tell whether a credential table exists.
  if (code === '42P01' || code === '42703' || code === '42883' || code === '3F000' || code === '42501')
    return 'unknownName';
  return 'failed';
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The role admin SQL signs in as: one per database, granted SELECT on the working schema's
 * tables (and those created later) but nothing on the credential tables, never superuser, and
 * read-only by default. Made or brought up to date under an advisory lock, since instances (and
 * test servers) start together; its password is a shared secret of the credential store.
 */
async function ensureReaderRole(db: Db): Promise<{ role: string; password: string; schema: string }> {
  const password = (await sharedSecret(db, 'admin-sql-role')).toString('hex');
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('atrium admin sql role'))`.execute(trx);
    const { database, schema } = (
      await sql<{
        database: string;
        schema: string;
      }>`select current_database() as database, current_schema() as schema`.execute(trx)
    ).rows[0]!;
    const role = `${database}_sql_reader`.slice(0, 63);
    const exists = await sql`select 1 from pg_roles where rolname = ${role}`.execute(trx);
    const r = quoteIdent(role);
    const s = quoteIdent(schema);
    const statements = [
      ...(exists.rows.length ? [] : [`create role ${r}`]),
      `alter role ${r} with login nosuperuser nocreatedb nocreaterole noinherit nobypassrls noreplication password '${password}'`,
      `alter role ${r} set default_transaction_read_only = on`,
      `grant connect on database ${quoteIdent(database)} to ${r}`,
      `grant usage on schema ${s} to ${r}`,
      `grant select on all tables in schema ${s} to ${r}`,
      `alter default privileges in schema ${s} grant select on tables to ${r}`,
      ...CREDENTIAL_TABLES.map((table) => `revoke all on ${s}.${quoteIdent(table)} from ${r}`),
    ];
    for (const statement of statements) await sql.raw(statement).execute(trx);
    return { role, password, schema };
  });
}

export function createPostgresReader(
  db: Db,
  source: { url: string; schema?: string },
  options: { log: FastifyBaseLogger; readerUrl?: string },
): AdminSqlReader {
  let pool: Promise<pg.Pool> | null = null;

  async function openPool(): Promise<pg.Pool> {
    let connectionString = options.readerUrl;
    let schema = source.schema;
    if (!connectionString) {
      const reader = await ensureReaderRole(db);
      const url = new URL(source.url);
      url.username = encodeURIComponent(reader.role);
      url.password = encodeURIComponent(reader.password);
      connectionString = url.toString();
      schema = reader.schema;
    }
    return new pg.Pool({
      connectionString,
      max: 4,
      // Read-only is the role's default too; a session that tried to change it gains nothing.
      options: [`-c default_transaction_read_only=on`, ...(schema ? [`-c search_path=${schema}`] : [])].join(' '),
    });
  }

  async function read(statements: readonly BoundStatement[], { timeoutMs, maxRows }: ReadOptions) {
    pool ??= openPool().catch((error: unknown) => {
      pool = null;
      options.log.error({ err: error }, 'admin SQL role could not be set up');
      throw new AdminSqlError('unavailable', String((error as Error).message ?? error));
    });
    const client = await (await pool).connect();
    try {
      await client.query(
        `begin transaction read only; set local statement_timeout = ${Math.max(1, Math.floor(timeoutMs))}`,
      );
      const answers: Record<string, unknown>[][] = [];
      for (const statement of statements) {
        const result = await client.query<Record<string, unknown>>(statement.text, statement.values);
        answers.push(result.rows.length > maxRows ? result.rows.slice(0, maxRows) : result.rows);
      }
      return answers;
    } catch (error) {
      const e = error as { code?: string; message?: string };
      options.log.warn({ err: error, sql: statements.map((s) => s.text) }, 'admin SQL failed');
      if (error instanceof AdminSqlError) throw error;
      throw new AdminSqlError(failureOf(e.code), e.message ?? String(error));
    } finally {
      await client.query('rollback').catch(() => undefined);
      client.release();
    }
  }

  return {
    dialect: 'postgres',
    read,
    async close() {
      const open = pool;
      pool = null;
      if (open) await (await open.catch(() => null))?.end();
    },
  };
}
