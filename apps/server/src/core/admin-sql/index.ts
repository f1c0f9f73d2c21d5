import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/index.ts';
import { createPostgresReader } from './postgres-reader.ts';
import { createSqliteReader } from './sqlite-reader.ts';
import type { AdminSqlReader } from './reader.ts';

export * from './reader.ts';

/**
 * Where admin-written SQL runs (data interfaces, print templates; docs/admin-sql.md). Not on the
 * application's own connection: on a connection that cannot see the credential store, that cannot
 * write, and that is stopped at a time limit without holding up anything else.
 * - SQLite: a child process opens only the main database file, read-only; the credential tables
 *   live in another file it never attaches. A statement past its limit has the process killed
 *   (better-sqlite3 cannot interrupt a running statement), and a fresh one takes its place.
 * - PostgreSQL: a login role of its own, granted SELECT on the business tables and nothing on
 *   the credential tables, with a read-only default and a statement timeout.
 */

export function createAdminSqlReader(
  database: DatabaseHandle,
  options: { log: FastifyBaseLogger; readerUrl?: string },
): AdminSqlReader {
  const { source } = database;
  if ('file' in source) return createSqliteReader(source.file, options.log);
  return createPostgresReader(database.db, source, options);
}
