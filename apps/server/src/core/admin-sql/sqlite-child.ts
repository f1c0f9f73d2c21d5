import SQLite from 'better-sqlite3';
import type { BoundStatement } from './reader.ts';

/**
 * The child process that runs admin-written SQL on SQLite (see index.ts). It opens the main
 * database file read-only and nothing else, so the credential file is not reachable by any name;
 * it runs only statements that read (ATTACH, PRAGMA writes and the like are refused by SQLite's
 * own classification before they run).
 */

export interface ChildRequest {
  id: number;
  file: string;
  statements: BoundStatement[];
  maxRows: number;
}

export type ChildReply =
  { id: number; rows: Record<string, unknown>[][] } | { id: number; error: { code: string; message: string } };

/** One connection per database file; tests open many, a server one. */
const OPEN_FILES_KEPT = 8;
const connections = new Map<string, SQLite.Database>();

function connectionTo(file: string): SQLite.Database {
  let db = connections.get(file);
  if (!db) {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    db.pragma('query_only = 1');
    if (connections.size >= OPEN_FILES_KEPT) {
      const [oldest, old] = connections.entries().next().value!;
      connections.delete(oldest);
      old.close();
    }
    connections.set(file, db);
  }
  return db;
}

function rowsOf(statement: SQLite.Statement, values: BoundStatement['values'], maxRows: number) {
  const rows: Record<string, unknown>[] = [];
  for (const row of statement.iterate(...values) as Iterable<Record<string, unknown>>) {
    if (rows.length >= maxRows) break;
    rows.push(row);
  }
  return rows;
}

function run(request: ChildRequest): ChildReply {
  try {
    const db = connectionTo(request.file);
    const statements = request.statements.map(({ text }) => db.prepare(text));
    const refused = statements.find((statement) => !statement.reader);
    if (refused) return { id: request.id, error: { code: 'SQLITE_READONLY', message: 'not a query' } };
    // One read transaction: every statement sees the same snapshot.
    db.exec('begin');
    try {
      return {
        id: request.id,
        rows: statements.map((statement, i) => rowsOf(statement, request.statements[i]!.values, request.maxRows)),
      };
    } finally {
      db.exec('rollback');
    }
  } catch (error) {
    const e = error as { code?: unknown; message?: unknown };
    return {
      id: request.id,
      error: {
        code: typeof e.code === 'string' ? e.code : error instanceof RangeError ? 'RANGE' : 'ERROR',
        message: String(e.message ?? error),
      },
    };
  }
}

process.on('message', (request: ChildRequest) => process.send!(run(request)));
// The parent going away ends this process too.
process.on('disconnect', () => process.exit(0));
