import { createHash } from 'node:crypto';
import { sql, SqliteAdapter, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../db/index.ts';
import { likePattern } from './sql.ts';

/**
 * Keyword search through an index made for substring search (docs/search.md), declared once per
 * table. A keyword matches a row when any of the declared columns contains it, with the same
 * answer as the plain scan it replaces: SQLite's LIKE (ASCII letters in either case), PostgreSQL's
 * ILIKE. The index only finds candidate rows; the substring test itself always has the last word,
 * so the answer is exact whatever the index returns.
 *
 * - SQLite: a contentless FTS5 table with the trigram tokenizer, kept by triggers on the table, so
 *   every writer (services, seeds, raw SQL) keeps it in step. FTS rowids are integers while keys
 *   are text, so a small key table numbers the rows. Each value is indexed with two U+0001
 *   characters after it: every one- or two-character substring then starts some indexed trigram,
 *   and a short keyword is looked up as the set of trigrams beginning with it (the FTS vocabulary).
 * - PostgreSQL: a GIN trigram index (pg_trgm) on the columns for keywords of three characters or
 *   more (it serves LIKE and ILIKE alike), and a GIN index on the characters of the lower-cased
 *   columns for shorter ones (a row holding a one- or two-character keyword holds each of its
 *   characters). PostgreSQL keeps both in step itself. Without pg_trgm (the server does not offer
 *   it, or the role may not install it) keywords of three characters or more are matched by a scan.
 */

// Search indexes are created for tables of any schema, including designed tables made at run time.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export interface SearchSpec {
  /** The table searched. */
  table: string;
  /**
   * What the index's own tables, triggers and indexes are named after; the table's name when not
   * given. A table with several indexes (one per searched field of a designed list) names each.
   */
  name?: string;
  /** A unique, never-null column naming each row; 'id' when not given. */
  key?: string;
  /** The text columns a keyword is looked for in: a row matches when any of them contains it. */
  columns: readonly string[];
  /**
   * A keyword found in more rows than this (1000 by default) is matched by a scan instead: a list
   * that stops after one page ends it sooner than reading every match from the index. SQLite
   * counts in the index, PostgreSQL's planner estimates (for keywords under three characters).
   */
  scanAbove?: number;
}

export interface MatchOptions {
  /** The name the query gives the table (`selectFrom('users as u')`); the table's own by default. */
  as?: string;
  /** Match by scanning rather than through the index (still exact). */
  scan?: boolean;
}

export interface SearchIndex {
  readonly table: string;
  readonly key: string;
  readonly columns: readonly string[];
  /** Builds the index over the rows already there, and keeps it in step with every later write. */
  create(db: AnyDb): Promise<void>;
  /** Removes the index and what keeps it in step. */
  drop(db: AnyDb): Promise<void>;
  /**
   * PostgreSQL databases indexed before the joined-text trigram index: replaces the former
   * per-column one. Nothing to do anywhere else.
   */
  upgrade(db: AnyDb): Promise<void>;
  /**
   * The rows whose columns contain the keyword, as a condition to compose with a query's other
   * filters, order, paging and counts. Short keywords always go through the index here.
   */
  matches(dialect: Dialect, keyword: string, options?: MatchOptions): Expression<SqlBool>;
  /**
   * The same condition, after asking how many rows hold the keyword (see scanAbove): a keyword
   * that many rows hold is cheaper to find by scanning, as a list page stops after its first rows.
   * The finding is kept for half a minute per database and keyword (it never changes the answer).
   */
  condition(
    db: AnyDb,
    dialect: Dialect,
    keyword: string,
    options?: Omit<MatchOptions, 'scan'>,
  ): Promise<Expression<SqlBool>>;
  /**
   * condition(), and whether the index admits at most about scanAbove rows for it (`bounded`). A
   * bounded condition lets a list count its matches and read its page in one statement (a window
   * count over the candidates) instead of looking the keyword up twice; unbounded, one statement
   * would read every matching row to count them, where a page alone stops early.
   */
  lookup(db: AnyDb, dialect: Dialect, keyword: string, options?: Omit<MatchOptions, 'scan'>): Promise<Lookup>;
}

export interface Lookup {
  condition: Expression<SqlBool>;
  bounded: boolean;
}

/**
 * The last trigram beginning with a one- or two-character prefix: the prefix followed by the
 * highest character there is, twice. The terms from `prefix` to this are those beginning with it.
 */
const lastTermOf = (prefix: string) => `${prefix}\u{10FFFF}\u{10FFFF}`;
const DEFAULT_SCAN_ABOVE = 1000;
/** A long keyword's first trigrams asked about for the rarest: enough to find a rare one. */
const MAX_PROBED = 12;
/**
 * SQLite: a long keyword's candidates are the rows holding its rarest trigram and every other
 * trigram held by at most this many times as many rows: each narrows the candidates for the price
 * of reading a list of similar length, where the one trigram that nearly every row holds would cost
 * more to read than it saves.
 */
const PROBE_SPREAD = 4;
/**
 * PostgreSQL: a piece of a long keyword that the planner expects in this share of the rows or more
 * is not asked of the trigram index. Reading its posting list would remove few candidates, where
 * each piece held by fewer rows removes many, and a candidate costs far more to recheck than a
 * posting to read: only a piece nearly every row holds is worth leaving out.
 */
const COMMON_PIECE = 0.75;
/**
 * How long condition() keeps its finding about a keyword (per database), and for how many keywords:
 * a list paged through asks again for every page. A finding only picks the way to search, never
 * the answer, so one that has gone stale costs time at worst.
 */
const FINDING_TTL_MS = 30_000;
const FINDINGS_KEPT = 500;

const dialectOf = (db: AnyDb): Dialect => (db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres');

/**
 * Names of the index's objects: `<table>__search`, `<table>__search_keys` and so on (names with
 * `__search` in them are left to search indexes). A long table name is shortened to a hash, as
 * PostgreSQL allows 63 bytes.
 */
function objectName(table: string, suffix: string): string {
  const tail = `__search${suffix ? `_${suffix}` : ''}`;
  if (Buffer.byteLength(table + tail) <= 63) return table + tail;
  return createHash('sha1').update(table).digest('hex').slice(0, 16) + tail;
}

/**
 * Whether the index can look a short keyword up as it is: trigrams are stored case-folded, so a
 * keyword's letters must be ASCII (folded here as the index folds them) or have no case at all
 * (Chinese, digits, punctuation); control characters would meet the sentinel.
 */
function foldShort(keyword: string): string | undefined {
  for (const ch of keyword) {
    if (ch < ' ' || ch === '\u007f') return undefined;
    if (ch > '\u007f' && ch.toLowerCase() !== ch.toUpperCase()) return undefined;
  }
  return keyword.replace(/[A-Z]/g, (c) => c.toLowerCase());
}

const length = (keyword: string) => [...keyword].length;

/**
 * PostgreSQL: whether ILIKE and LIKE agree on the keyword, as none of its characters has a case
 * (Chinese, digits, punctuation): LIKE then spares lower-casing every row it looks at. Combining
 * marks are left to ILIKE, as lower-casing may write one where the text had none.
 */
const caseless = (keyword: string) =>
  [...keyword].every((ch) => ch.toLowerCase() === ch && ch.toUpperCase() === ch && !/\p{M}/u.test(ch));

/** An FTS5 string: everything inside double quotes is literal, a quote is doubled. */
const ftsPhrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** How a keyword is best found, kept for a while per database and keyword. */
interface Finding {
  /** Scan rather than use the index. */
  common: boolean;
  /** The index admits at most about scanAbove rows. */
  bounded: boolean;
  /**
   * SQLite, long keywords whose rarest trigram few rows hold: the FTS query of the candidates, that
   * trigram and the others not much more common (PROBE_SPREAD), all required. Matching the whole
   * phrase would read every trigram's list, and a common one may be held by every row; the
   * substring test makes either answer exact.
   */
  probe?: string;
  /**
   * PostgreSQL, long keywords some of whose three-character pieces nearly every row holds: the
   * pieces the trigram index is asked for instead of the whole keyword, those others. Each piece is
   * part of the keyword, so a row holding the keyword holds them all; asking the index for a piece
   * that every row holds would read its whole posting list and leave out no row.
   */
  pieces?: string[];
}

/** Declares the search index of a table; create() builds it (in a migration, or at run time). */
export function searchIndex(spec: SearchSpec): SearchIndex {
  const { table, columns } = spec;
  const key = spec.key ?? 'id';
  const scanAbove = spec.scanAbove ?? DEFAULT_SCAN_ABOVE;
  if (!columns.length) throw new Error(`search index on ${table}: no columns`);
  const named = spec.name ?? table;
  const fts = objectName(named, '');
  const keys = objectName(named, 'keys');
  const terms = objectName(named, 'terms');
  const trigger = (what: string) => objectName(named, what);
  const charsIndex = objectName(named, 'chars');
  const trgmIndex = objectName(named, 'text');
  /** The index of one trigram GIN per column, which the single text index replaced. */
  const formerTrgmIndex = objectName(named, 'trgm');

  const ref = (as: string, column: string) => sql.ref(`${as}.${column}`);
  const list = (parts: RawBuilder<unknown>[], separator: string) => sql.join(parts, sql.raw(separator));

  /** The scan: what the index stands in for, and what rechecks its candidates. */
  function contains(dialect: Dialect, as: string, keyword: string): RawBuilder<SqlBool> {
    const pattern = likePattern(keyword);
    const op = dialect === 'postgres' && !caseless(keyword) ? sql`ilike` : sql`like`;
    const tests = columns.map((c) => sql`${ref(as, c)} ${op} ${pattern} escape '\\'`);
    return sql<SqlBool>`(${list(tests, ' or ')})`;
  }

  /** SQLite: keys of the rows whose index entry matches an FTS5 query. */
  const ftsKeys = (query: RawBuilder<unknown> | string) =>
    sql`select k.key from ${sql.table(fts)} as s join ${sql.table(keys)} as k on k.rid = s.rowid where ${sql.table(fts)} match ${query}`;

  /** PostgreSQL: the characters of the lower-cased columns, as the index holds them. */
  const chars = (column: (c: string) => RawBuilder<unknown>) =>
    list(
      columns.map((c) => sql`string_to_array(lower(${column(c)}), null)`),
      ' || ',
    );
  /**
   * PostgreSQL: the searched columns as one text, each ended by U+0001, which the trigram index
   * holds. One index scan then finds the candidates of every column at once, and its statistics
   * give the planner a true row estimate; an index per column made it scan each column's index
   * or, misled, the whole table.
   */
  const joined = (column: (c: string) => RawBuilder<unknown>) =>
    list(
      columns.map((c) => sql`coalesce(${column(c)}, '') || chr(1)`),
      ' || ',
    );
  /**
   * PostgreSQL: the joined text holds `piece` (the keyword or a part of it), as the trigram index
   * can answer; compared as the keyword is (LIKE when it has no case, else ILIKE).
   */
  const joinedHolds = (as: string, keyword: string, piece: string) =>
    sql<SqlBool>`(${joined((c) => ref(as, c))}) ${caseless(keyword) ? sql`like` : sql`ilike`} ${likePattern(piece)} escape '\\'`;
  /** PostgreSQL: the row holds every character of the lower-cased keyword. */
  const charsHeld = (as: string, keyword: string) =>
    sql<SqlBool>`(${chars((c) => ref(as, c))}) @> string_to_array(lower(${keyword}), null)`;

  function matches(dialect: Dialect, keyword: string, options: MatchOptions = {}): Expression<SqlBool> {
    return matchesBy(dialect, keyword, options);
  }

  function matchesBy(
    dialect: Dialect,
    keyword: string,
    options: MatchOptions,
    found: Pick<Finding, 'probe' | 'pieces'> = {},
  ): Expression<SqlBool> {
    const as = options.as ?? table;
    const exact = contains(dialect, as, keyword);
    if (!keyword || options.scan) return exact;
    const short = length(keyword) < 3;
    if (dialect === 'postgres') {
      // Long keywords: the trigram index on the joined text finds the candidates (by the keyword's
      // rare pieces when some of it is common), which the per-column test then confirms.
      if (!short) {
        const held = (found.pieces ?? [keyword]).map((piece) => joinedHolds(as, keyword, piece));
        return sql<SqlBool>`(${list(held, ' and ')} and ${exact})`;
      }
      return sql<SqlBool>`(${charsHeld(as, keyword)} and ${exact})`;
    }
    let candidates: RawBuilder<unknown>;
    if (!short) {
      // A NUL ends the tokenizer's input; such a keyword is matched by the scan.
      if (keyword.includes('\0')) return exact;
      candidates = ftsKeys(found.probe ?? ftsPhrase(keyword));
    } else {
      const folded = foldShort(keyword);
      if (folded === undefined) return exact;
      // Every indexed trigram that begins with the keyword, OR-ed; none matches nothing ("").
      const query = sql`(select coalesce(group_concat('"' || replace(term, '"', '""') || '"', ' OR '), '""')
        from ${sql.table(terms)} where term >= ${folded} and term <= ${lastTermOf(folded)})`;
      candidates = ftsKeys(query);
    }
    return sql<SqlBool>`(${ref(as, key)} in (${candidates}) and ${exact})`;
  }

  /**
   * SQLite, long keywords: the candidates' FTS query (see Finding.probe) and how many rows hold its
   * rarest trigram, from the index's vocabulary (a trigram it lacks: no row holds the keyword).
   * Undefined for a keyword the vocabulary cannot be asked about as it is (a cased letter beyond
   * ASCII, a control character).
   */
  async function probeOf(db: AnyDb, keyword: string): Promise<{ query: string; rows: number } | undefined> {
    const folded = foldShort(keyword);
    if (folded === undefined) return undefined;
    const chars = [...folded];
    const grams = [...new Set(chars.slice(2).map((_, i) => chars.slice(i, i + 3).join('')))].slice(0, MAX_PROBED);
    // One equality lookup per trigram: the vocabulary answers those from the index, an IN list by a scan.
    const { rows } = await sql<{ term: string; doc: number }>`${sql.join(
      grams.map((g) => sql`select term, doc from ${sql.table(terms)} where term = ${g}`),
      sql` union all `,
    )}`.execute(db);
    const held = new Map(rows.map((r) => [r.term, Number(r.doc)]));
    const counted = grams.map((term) => ({ term, rows: held.get(term) ?? 0 })).sort((a, b) => a.rows - b.rows);
    const rarest = counted[0]!.rows;
    const used = counted.filter((t) => t.rows <= Math.max(rarest * PROBE_SPREAD, scanAbove));
    return { query: used.map((t) => ftsPhrase(t.term)).join(' '), rows: rarest };
  }

  /** SQLite: whether more than scanAbove rows may hold the keyword, reading no further than that. */
  async function commonSqlite(db: AnyDb, keyword: string): Promise<boolean> {
    if (length(keyword) >= 3) {
      if (keyword.includes('\0')) return false;
      const { rows } = await sql<{ n: number }>`select count(*) as n from (select rowid from ${sql.table(fts)}
        where ${sql.table(fts)} match ${ftsPhrase(keyword)} limit ${scanAbove + 1})`.execute(db);
      return Number(rows[0]?.n ?? 0) > scanAbove;
    }
    const folded = foldShort(keyword);
    if (folded === undefined) return false;
    // The vocabulary counts each term's rows as it reaches the term: stop once past the bound.
    let rows = 0;
    const counts = db
      .selectFrom(terms)
      .select('doc')
      .where('term', '>=', folded)
      .where('term', '<=', lastTermOf(folded))
      .stream();
    for await (const { doc } of counts) {
      rows += Number(doc);
      if (rows > scanAbove) return true;
    }
    return false;
  }

  /**
   * PostgreSQL, short keywords: whether the planner expects more than scanAbove rows to hold all
   * the keyword's characters. Then the characters are better not asked for at all: the planner
   * would test them on every row it scans, which costs far more than the LIKE.
   */
  /** Whether matches() looks the keyword up in the index rather than scanning for it. */
  const usesIndex = (dialect: Dialect, keyword: string) =>
    dialect === 'postgres' || (length(keyword) >= 3 ? !keyword.includes('\0') : foldShort(keyword) !== undefined);

  /**
   * PostgreSQL: the planner's estimate of the rows that hold the keyword (or, with `piece`, that
   * part of it), as the index finds them.
   */
  async function estimatePostgres(db: AnyDb, keyword: string, piece = keyword): Promise<number> {
    return planRows(db, length(keyword) < 3 ? charsHeld(table, keyword) : joinedHolds(table, keyword, piece));
  }

  /** PostgreSQL: the planner's estimate of the table's rows, or of those meeting `where`. */
  async function planRows(db: AnyDb, where: RawBuilder<SqlBool> = sql<SqlBool>`true`): Promise<number> {
    const { rows } = await sql<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>`explain (format json)
      select 1 from ${sql.table(table)} where ${where}`.execute(db);
    return Number(rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0);
  }

  /**
   * How a keyword is best found. SQLite counts in the index, so a keyword it does not call common
   * is bounded. PostgreSQL's trigram index needs no help for long keywords (the planner chooses
   * between it and a scan), short ones are scanned when the planner expects many rows (it would
   * test the characters on every row it scans, which costs far more than the LIKE); either is
   * bounded when the planner expects few rows.
   */
  async function findingOf(db: AnyDb, dialect: Dialect, keyword: string): Promise<Finding> {
    if (dialect === 'sqlite') {
      if (length(keyword) >= 3 && !keyword.includes('\0')) {
        const probe = await probeOf(db, keyword);
        if (probe && probe.rows <= scanAbove) return { common: false, bounded: true, probe: probe.query };
      }
      const common = await commonSqlite(db, keyword);
      return { common, bounded: !common };
    }
    const many = (await estimatePostgres(db, keyword)) > scanAbove;
    return { common: many && length(keyword) < 3, bounded: !many, pieces: await piecesOf(db, keyword) };
  }

  /**
   * PostgreSQL, keywords of four characters or more: the three-character pieces to look the keyword
   * up by (see Finding.pieces), by the planner's estimate of each (the first twelve): all but those
   * it expects in at least COMMON_PIECE of the rows. Undefined when no piece is that common, or all
   * are, or the table holds no more than scanAbove rows, whose posting lists are short anyway (the
   * whole keyword is then looked up as it is).
   */
  async function piecesOf(db: AnyDb, keyword: string): Promise<string[] | undefined> {
    const chars = [...keyword];
    if (chars.length < 4) return undefined;
    const rows = await planRows(db);
    if (rows <= scanAbove) return undefined;
    const pieces = [...new Set(chars.slice(2).map((_, i) => chars.slice(i, i + 3).join('')))].slice(0, MAX_PROBED);
    const common = rows * COMMON_PIECE;
    const used: string[] = [];
    for (const piece of pieces) if ((await estimatePostgres(db, keyword, piece)) < common) used.push(piece);
    return used.length && used.length < pieces.length ? used : undefined;
  }

  const findings = new WeakMap<AnyDb, Map<string, Finding & { until: number }>>();

  async function find(db: AnyDb, dialect: Dialect, keyword: string): Promise<Finding> {
    let kept = findings.get(db);
    if (!kept) findings.set(db, (kept = new Map()));
    const now = Date.now();
    const found = kept.get(keyword);
    if (found && found.until > now) return found;
    const finding = await findingOf(db, dialect, keyword);
    kept.delete(keyword);
    if (kept.size >= FINDINGS_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(keyword, { ...finding, until: now + FINDING_TTL_MS });
    return finding;
  }

  async function lookup(db: AnyDb, dialect: Dialect, keyword: string, options: Omit<MatchOptions, 'scan'> = {}) {
    if (keyword === '') return { condition: matches(dialect, keyword, options), bounded: false };
    const found = await find(db, dialect, keyword);
    const condition = matchesBy(dialect, keyword, { ...options, scan: found.common }, found);
    // A keyword the index cannot look up as it is (a NUL, a cased non-ASCII letter on SQLite) is scanned.
    return { condition, bounded: found.bounded && usesIndex(dialect, keyword) };
  }

  async function condition(db: AnyDb, dialect: Dialect, keyword: string, options: Omit<MatchOptions, 'scan'> = {}) {
    return (await lookup(db, dialect, keyword, options)).condition;
  }

  async function createSqlite(db: AnyDb) {
    const t = sql.table(table);
    const k = sql.ref(key);
    // FTS5 takes its options as bare words; only the column names are identifiers.
    const ftsColumns = sql.join(columns.map((c) => sql.id(c)));
    const indexed = (row: 'new' | 'old') =>
      list(
        columns.map((c) => sql`${sql.ref(`${row}.${c}`)} || char(1, 1)`),
        ', ',
      );
    const addRow = (row: 'new') => sql`
      insert into ${sql.table(fts)} (rowid, ${ftsColumns})
        select rid, ${indexed(row)} from ${sql.table(keys)} where key = ${sql.ref(`${row}.${key}`)};`;
    const dropRow = (row: 'new' | 'old') => sql`
      delete from ${sql.table(fts)} where rowid = (select rid from ${sql.table(keys)} where key = ${sql.ref(`${row}.${key}`)});`;
    const changed = list(
      [key, ...columns].map((c) => sql`${sql.ref(`old.${c}`)} is not ${sql.ref(`new.${c}`)}`),
      ' or ',
    );
    await sql`create table ${sql.table(keys)} (rid integer primary key, key text not null unique)`.execute(db);
    await sql`create virtual table ${sql.table(fts)} using fts5(${ftsColumns},
      tokenize = 'trigram', content = '', contentless_delete = 1)`.execute(db);
    await sql`create virtual table ${sql.table(terms)} using fts5vocab(${sql.id(fts)}, 'row')`.execute(db);
    await sql`insert into ${sql.table(keys)} (key) select ${k} from ${t}`.execute(db);
    await sql`insert into ${sql.table(fts)} (rowid, ${ftsColumns})
      select k.rid, ${list(
        columns.map((c) => sql`${sql.ref(`r.${c}`)} || char(1, 1)`),
        ', ',
      )} from ${t} as r join ${sql.table(keys)} as k on k.key = ${sql.ref(`r.${key}`)}`.execute(db);
    // An INSERT OR REPLACE removes the row it replaces without delete triggers: a leftover entry
    // of the same key is dropped before the new one goes in (and a leftover one of another key
    // only ever names a row that is gone, which the query then does not find).
    await sql`create trigger ${sql.id(trigger('insert'))} after insert on ${t} begin
      ${dropRow('new')}
      insert or ignore into ${sql.table(keys)} (key) values (${sql.ref(`new.${key}`)});
      ${addRow('new')}
    end`.execute(db);
    await sql`create trigger ${sql.id(trigger('update'))} after update on ${t} when ${changed} begin
      ${dropRow('old')}
      delete from ${sql.table(keys)} where key = ${sql.ref(`old.${key}`)};
      ${dropRow('new')}
      insert or ignore into ${sql.table(keys)} (key) values (${sql.ref(`new.${key}`)});
      ${addRow('new')}
    end`.execute(db);
    await sql`create trigger ${sql.id(trigger('delete'))} after delete on ${t} begin
      ${dropRow('old')}
      delete from ${sql.table(keys)} where key = ${sql.ref(`old.${key}`)};
    end`.execute(db);
  }

  async function createTrigram(db: AnyDb) {
    const t = sql.table(table);
    const trgm = await trigramOpclass(db);
    if (trgm) {
      await sql`create index ${sql.id(trgmIndex)} on ${t} using gin ((${joined((c) => sql.id(c))}) ${trgm})`.execute(
        db,
      );
    }
    // Statistics on the new index expressions, for the planner's estimates (estimatePostgres).
    await sql`analyze ${t}`.execute(db);
  }

  async function createPostgres(db: AnyDb) {
    await sql`create index ${sql.id(charsIndex)} on ${sql.table(table)} using gin ((${chars((c) => sql.id(c))}))`.execute(
      db,
    );
    await createTrigram(db);
  }

  async function upgradePostgres(db: AnyDb) {
    const { rows } = await sql`select 1 from pg_indexes
      where schemaname = current_schema() and indexname = ${formerTrgmIndex}`.execute(db);
    if (!rows.length) return;
    await sql`drop index ${sql.id(formerTrgmIndex)}`.execute(db);
    await createTrigram(db);
  }

  return {
    table,
    key,
    columns,
    matches,
    condition,
    lookup,
    async create(db) {
      await inTransaction(db, (trx) => (dialectOf(trx) === 'sqlite' ? createSqlite(trx) : createPostgres(trx)));
    },
    async upgrade(db) {
      await inTransaction(db, async (trx) => {
        if (dialectOf(trx) === 'postgres') await upgradePostgres(trx);
      });
    },
    async drop(db) {
      await inTransaction(db, async (trx) => {
        if (dialectOf(trx) === 'sqlite') {
          for (const what of ['insert', 'update', 'delete'])
            await sql`drop trigger if exists ${sql.id(trigger(what))}`.execute(trx);
          for (const name of [terms, fts, keys]) await sql`drop table if exists ${sql.table(name)}`.execute(trx);
        } else {
          for (const name of [charsIndex, trgmIndex, formerTrgmIndex])
            await sql`drop index if exists ${sql.id(name)}`.execute(trx);
        }
      });
    },
  };
}

/** Runs fn in a transaction, or in the caller's when there is one (migrations run in theirs). */
function inTransaction(db: AnyDb, fn: (trx: AnyDb) => Promise<void>): Promise<void> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

let warned = false;

/**
 * PostgreSQL: the qualified name of pg_trgm's GIN operator class, installing the extension (in
 * public, so that dropping a working schema never drops it) when the role may; undefined without it.
 */
async function trigramOpclass(db: AnyDb): Promise<RawBuilder<unknown> | undefined> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema;
  let schema = await installed();
  if (!schema) {
    await sql`savepoint search_trgm`.execute(db);
    try {
      await sql`create extension if not exists pg_trgm with schema public`.execute(db);
      await sql`release savepoint search_trgm`.execute(db);
      schema = await installed();
    } catch (err) {
      await sql`rollback to savepoint search_trgm`.execute(db);
      if (!warned) {
        warned = true;
        console.warn(
          `pg_trgm is not available (${err instanceof Error ? err.message : String(err)}): ` +
            'keyword searches of three characters or more scan their tables',
        );
      }
    }
  }
  return schema ? sql`${sql.id(schema)}.gin_trgm_ops` : undefined;
}
