import { CompiledQuery, sql } from 'kysely';
import type { Db, Dialect } from '../db/index.ts';
import { fail } from './errors.ts';

/**
 * Admin-written SQL (data interfaces, print templates) runs read-only with bound parameters
 * (DESIGN section 6). Two guards, so that neither alone has to be perfect:
 * - the text: one statement, starting with SELECT, WITH or VALUES (checked outside string
 *   literals and comments), else a clear refusal before the database sees it;
 * - the database: on SQLite the statement runs on the held connection with `pragma query_only`
 *   on (any write, even from a CTE or a pragma, fails with SQLITE_READONLY); on PostgreSQL it runs
 *   in a `READ ONLY` transaction with a statement timeout that is always rolled back.
 *
 * Placeholders: `{name}` and `@name` outside literals and comments become bound parameters taken
 * from `params` (a list value expands to one placeholder per item, for `in (...)`); nothing the
 * caller supplies is ever spliced into the text. `{name}` reads params.name; `@name` reads
 * params['@name'], else params.name (so system variables can be kept apart from declared
 * parameters of the same name). A `{name}` missing from `params` is refused; an `@name` missing
 * from it is left as written.
 *
 * API for other modules: runReadOnlySql(db, dialect, sqlText, params, options) -> rows;
 * runReadOnlyQueries(db, dialect, [{ sqlText, params }], options) -> rows per statement (one
 * connection, one snapshot); bindReadOnlySql(dialect, sqlText, params) to check a text early.
 */

export type SqlValue = string | number | null;
export type SqlParams = Readonly<Record<string, SqlValue | readonly SqlValue[]>>;

export interface ReadOnlySqlOptions {
  /** PostgreSQL statement timeout (ms). SQLite offers no interruption through better-sqlite3. */
  timeoutMs?: number;
  /** Rows kept from each statement's answer. */
  maxRows?: number;
}

export interface ReadOnlyQuery {
  sqlText: string;
  params?: SqlParams;
}

const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_MAX_ROWS = 10_000;
const READ_KEYWORDS = new Set(['select', 'with', 'values']);
/** An identifier that may be placed into SQL as a quoted column name (echo lookups). */
export const SAFE_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

interface Bound {
  text: string;
  values: SqlValue[];
}

/**
 * Where a string literal, quoted identifier or PostgreSQL dollar-quoted text starting at `i` ends
 * (exclusive), or -1 when none starts there. `before` is the text up to `i` (for E'...' strings).
 */
function quotedEnd(dialect: Dialect, s: string, i: number, before: string): number {
  const c = s[i];
  const n = s.length;
  if (c === "'" || c === '"' || c === '`' || c === '[') {
    const close = c === '[' ? ']' : c;
    // PostgreSQL's E'...' strings take backslash escapes.
    const backslash = dialect === 'postgres' && c === "'" && /[eE]$/.test(before) && !/\w[eE]$/.test(before);
    let j = i + 1;
    while (j < n) {
      if (backslash && s[j] === '\\') j += 2;
      else if (s[j] === close && s[j + 1] === close && close !== ']') j += 2;
      else if (s[j] === close) break;
      else j++;
    }
    return Math.min(j + 1, n);
  }
  if (dialect === 'postgres' && c === '$') {
    const tag = /^\$([A-Za-z_]\w*)?\$/.exec(s.slice(i, i + 64));
    if (tag) {
      const end = s.indexOf(tag[0], i + tag[0].length);
      return end < 0 ? n : end + tag[0].length;
    }
  }
  return -1;
}

/**
 * The query without a closing top-level ORDER BY (one not followed by LIMIT, OFFSET or FETCH), for
 * counting its rows: order does not change a count, and a sorted sub-query makes SQLite
 * materialise every row before counting (40 ms over 100 000 rows instead of well under one).
 */
export function withoutTrailingOrderBy(dialect: Dialect, sqlText: string): string {
  const s = sqlText;
  let depth = 0;
  let orderAt = -1;
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '-' && s[i + 1] === '-') {
      const end = s.indexOf('\n', i);
      i = end < 0 ? s.length : end + 1;
      continue;
    }
    if (c === '/' && s[i + 1] === '*') {
      const end = s.indexOf('*/', i + 2);
      i = end < 0 ? s.length : end + 2;
      continue;
    }
    const quoted = quotedEnd(dialect, s, i, s.slice(Math.max(0, i - 2), i));
    if (quoted > 0) {
      i = quoted;
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && /[A-Za-z_]/.test(c) && !/\w/.test(s[i - 1] ?? '')) {
      const word = /^[A-Za-z_]\w*/.exec(s.slice(i, i + 64))![0].toLowerCase();
      if (word === 'order' && /^order\s+by\b/i.test(s.slice(i, i + 64))) orderAt = i;
      else if (orderAt >= 0 && (word === 'limit' || word === 'offset' || word === 'fetch')) return sqlText;
      i += word.length;
      continue;
    }
    i++;
  }
  return orderAt >= 0 ? s.slice(0, orderAt) : sqlText;
}

/**
 * Checks the text and turns its placeholders into the dialect's positional parameters.
 * Throws 400 (sqlEmpty, sqlNotReadOnly, sqlMultipleStatements, sqlUnknownParameter).
 */
export function bindReadOnlySql(dialect: Dialect, sqlText: string, params: SqlParams = {}): Bound {
  const values: SqlValue[] = [];
  const placeholder = (value: SqlValue) => {
    values.push(value);
    return dialect === 'postgres' ? `$${values.length}` : '?';
  };
  const bind = (value: SqlValue | readonly SqlValue[]) =>
    Array.isArray(value)
      ? // An empty list still has to be valid SQL: `in (null)` matches nothing.
        value.length
        ? value.map((v: SqlValue) => placeholder(v)).join(', ')
        : placeholder(null)
      : placeholder(value as SqlValue);

  let out = '';
  let firstWord: string | undefined;
  let ended = false;
  const s = sqlText;
  let i = 0;
  const n = s.length;
  while (i < n) {
    const c = s[i]!;
    const next = s[i + 1];
    // Comments are dropped: they can hide nothing from the checks below.
    if (c === '-' && next === '-') {
      const end = s.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
      out += ' ';
      continue;
    }
    if (c === '/' && next === '*') {
      const end = s.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
      out += ' ';
      continue;
    }
    if (/\s/.test(c)) {
      out += c;
      i++;
      continue;
    }
    if (ended) throw fail('sqlMultipleStatements');
    if (c === ';') {
      ended = true;
      i++;
      continue;
    }
    const quoted = quotedEnd(dialect, s, i, out);
    if (quoted > 0) {
      out += s.slice(i, quoted);
      i = quoted;
      if (firstWord === undefined) firstWord = '';
      continue;
    }
    if (c === '{') {
      const m = /^\{\s*([A-Za-z_]\w*)\s*\}/.exec(s.slice(i));
      if (m) {
        const name = m[1]!;
        if (!(name in params)) throw fail('sqlUnknownParameter', { name });
        out += bind(params[name]!);
        i += m[0].length;
        continue;
      }
    }
    if (c === '@') {
      const m = /^@([A-Za-z_]\w*)/.exec(s.slice(i));
      const key = m ? (m[0] in params ? m[0] : m[1]! in params ? m[1]! : undefined) : undefined;
      if (m && key !== undefined) {
        out += bind(params[key]!);
        i += m[0].length;
        continue;
      }
    }
    if (/[A-Za-z_]/.test(c)) {
      const word = /^[A-Za-z_]\w*/.exec(s.slice(i))![0];
      if (firstWord === undefined) firstWord = word.toLowerCase();
      out += word;
      i += word.length;
      continue;
    }
    if (c !== '(' && firstWord === undefined) firstWord = '';
    out += c;
    i++;
  }
  if (firstWord === undefined) throw fail('sqlEmpty');
  if (!READ_KEYWORDS.has(firstWord)) throw fail('sqlNotReadOnly');
  return { text: out.trim(), values };
}

/** Maps what the database says about a refused or failed statement to a message for the admin. */
function explain(error: unknown): never {
  const e = error as { code?: string; message?: string };
  if (e.code === 'SQLITE_READONLY' || e.code === '25006') throw fail('sqlNotReadOnly');
  if (e.code === '57014') throw fail('sqlTimeout');
  // better-sqlite3 reports a parameter count that does not match the text as a RangeError.
  if (error instanceof RangeError) throw fail('sqlFailed', { detail: error.message });
  // The database's own words help whoever wrote the statement; they carry no data of others.
  if (typeof e.code === 'string' && (e.code.startsWith('SQLITE') || /^[0-9A-Z]{5}$/.test(e.code))) {
    throw fail('sqlFailed', { detail: (e.message ?? '').slice(0, 300) });
  }
  throw error;
}

/**
 * Runs read-only statements one after another on one connection (PostgreSQL: in one read-only
 * snapshot) and answers each one's rows. Every statement is checked and bound first, so a
 * refused one costs the database nothing.
 */
export async function runReadOnlyQueries(
  db: Db,
  dialect: Dialect,
  queries: readonly ReadOnlyQuery[],
  options: ReadOnlySqlOptions = {},
): Promise<Record<string, unknown>[][]> {
  const bound = queries.map((q) => bindReadOnlySql(dialect, q.sqlText, q.params));
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  const timeoutMs = Math.max(1, Math.floor(options.timeoutMs ?? DEFAULT_TIMEOUT_MS));
  return db.connection().execute(async (conn) => {
    const enter =
      dialect === 'postgres'
        ? sql.raw(`begin transaction read only; set local statement_timeout = ${timeoutMs}`)
        : sql.raw('pragma query_only = 1');
    const leave = dialect === 'postgres' ? sql.raw('rollback') : sql.raw('pragma query_only = 0');
    await enter.execute(conn);
    try {
      const answers: Record<string, unknown>[][] = [];
      for (const b of bound) {
        const result = await conn
          .executeQuery<Record<string, unknown>>(CompiledQuery.raw(b.text, b.values))
          .catch(explain);
        answers.push(result.rows.length > maxRows ? result.rows.slice(0, maxRows) : result.rows);
      }
      return answers;
    } finally {
      await leave.execute(conn);
    }
  });
}

/** One read-only statement with its parameters (see runReadOnlyQueries). */
export async function runReadOnlySql(
  db: Db,
  dialect: Dialect,
  sqlText: string,
  params: SqlParams = {},
  options: ReadOnlySqlOptions = {},
): Promise<Record<string, unknown>[]> {
  const [rows] = await runReadOnlyQueries(db, dialect, [{ sqlText, params }], options);
  return rows!;
}
