import type { Dialect } from '../db/index.ts';
import { AdminSqlError, type AdminSqlFailure, type AdminSqlReader } from './admin-sql/index.ts';
import { fail } from './errors.ts';
import type { MessageKey } from './messages.ts';

/**
 * Admin-written SQL (data interfaces, print templates) is checked and bound here, then run by the
 * admin-SQL reader (core/admin-sql, docs/admin-sql.md), which cannot see the credential tables,
 * cannot write and stops a statement at its time limit. The text check comes first so that a
 * plain mistake gets a clear refusal before any database sees it: one statement, starting with
 * SELECT, WITH or VALUES (checked outside string literals and comments).
 *
 * Placeholders: `{name}` and `@name` outside literals and comments become bound parameters taken
 * from `params` (a list value expands to one placeholder per item, for `in (...)`); nothing the
 * caller supplies is ever spliced into the text. `{name}` reads params.name; `@name` reads
 * params['@name'], else params.name (so system variables can be kept apart from declared
 * parameters of the same name). A `{name}` missing from `params` is refused; an `@name` missing
 * from it is left as written.
 *
 * API for other modules: runReadOnlySql(reader, sqlText, params, options) -> rows;
 * runReadOnlyQueries(reader, [{ sqlText, params }], options) -> rows per statement (one snapshot);
 * bindReadOnlySql(dialect, sqlText, params) to check a text early.
 */

export type SqlValue = string | number | null;
export type SqlParams = Readonly<Record<string, SqlValue | readonly SqlValue[]>>;

export interface ReadOnlySqlOptions {
  /** Time limit of the whole run (ms), on both databases. */
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

/** The product's words for why the reader refused or failed a statement (its own text is logged there). */
const FAILURE_KEYS: Record<AdminSqlFailure, MessageKey> = {
  readOnly: 'sqlNotReadOnly',
  timeout: 'sqlTimeout',
  syntax: 'sqlSyntax',
  unknownName: 'sqlUnknownName',
  multiple: 'sqlMultipleStatements',
  failed: 'sqlFailed',
  unavailable: 'sqlUnavailable',
};

function explain(error: unknown): never {
  if (error instanceof AdminSqlError) throw fail(FAILURE_KEYS[error.failure]);
  throw error;
}

/**
 * Runs read-only statements one after another on the admin-SQL reader (core/admin-sql: no
 * credential tables, read-only, time limit) in one snapshot, and answers each one's rows. Every
 * statement is checked and bound first, so a refused one costs the database nothing.
 */
export async function runReadOnlyQueries(
  reader: AdminSqlReader,
  queries: readonly ReadOnlyQuery[],
  options: ReadOnlySqlOptions = {},
): Promise<Record<string, unknown>[][]> {
  const bound = queries.map((q) => bindReadOnlySql(reader.dialect, q.sqlText, q.params));
  return reader
    .read(bound, {
      maxRows: options.maxRows ?? DEFAULT_MAX_ROWS,
      timeoutMs: Math.max(1, Math.floor(options.timeoutMs ?? DEFAULT_TIMEOUT_MS)),
    })
    .catch(explain);
}

/** One read-only statement with its parameters (see runReadOnlyQueries). */
export async function runReadOnlySql(
  reader: AdminSqlReader,
  sqlText: string,
  params: SqlParams = {},
  options: ReadOnlySqlOptions = {},
): Promise<Record<string, unknown>[]> {
  const [rows] = await runReadOnlyQueries(reader, [{ sqlText, params }], options);
  return rows!;
}
