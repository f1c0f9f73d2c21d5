import type { Db, Dialect } from '../../../db/index.ts';
import {
  bindReadOnlySql,
  runReadOnlyQueries,
  SAFE_IDENTIFIER,
  type SqlParams,
  type SqlValue,
  withoutTrailingOrderBy,
} from '../../../core/read-only-sql.ts';
import { fail } from '../../../core/errors.ts';
import type { AdminSqlReader } from '../../../core/admin-sql/index.ts';
import type { Definition } from './definition.ts';

/** Who calls: the system variables @user and @organization and their trees come from here. */
export interface Caller {
  userId: string;
  organizeId: string | null;
}

export interface Page {
  keyword: string;
  currentPage: number;
  pageSize: number;
}

/** Rows a whole (unpaged) read keeps; popup lists and echo lookups page and filter these. */
export const ALL_ROWS = 10_000;

const SYSTEM_VARIABLES = [
  'user',
  'currentUsersAndSubordinates',
  'organization',
  'currentOrganizationAndSuborganization',
  'keyword',
  'offsetSize',
  'pageSize',
  'showValue',
] as const;

/** A paged query that places @offsetSize / @pageSize itself is taken as written, not wrapped. */
export const pagesItself = (query: string) => /@(offsetSize|pageSize)\b/.test(query);

const uses = (texts: string[], name: string) => texts.some((t) => new RegExp(`@${name}\\b`).test(t));

/** The caller and everyone below them through manager links (bounded depth). */
async function usersAndSubordinates(db: Db, userId: string): Promise<string[]> {
  const all = new Set([userId]);
  let frontier = [userId];
  for (let depth = 0; depth < 10 && frontier.length; depth++) {
    const rows = await db.selectFrom('users').select('id').where('manager_id', 'in', frontier).execute();
    frontier = rows.map((r) => r.id).filter((id) => !all.has(id));
    for (const id of frontier) all.add(id);
  }
  return [...all];
}

async function organizationAndBelow(db: Db, organizeId: string | null): Promise<string[]> {
  if (!organizeId) return [];
  const rows = await db.selectFrom('organize').select(['id', 'organize_id_tree']).execute();
  return rows.filter((o) => o.organize_id_tree.split(',').includes(organizeId)).map((o) => o.id);
}

/**
 * The system variables the texts use, keyed '@name' so that they never mix with declared
 * parameters of the same name. Costly ones (trees) are read only when a text uses them.
 */
async function systemVariables(
  db: Db,
  texts: string[],
  caller: Caller,
  page: Page,
): Promise<Record<string, SqlValue | SqlValue[]>> {
  const values: Record<string, SqlValue | SqlValue[]> = {
    '@user': caller.userId,
    '@organization': caller.organizeId,
    '@keyword': page.keyword,
    '@offsetSize': (page.currentPage - 1) * page.pageSize,
    '@pageSize': page.pageSize,
    '@showValue': null,
  };
  if (uses(texts, 'currentUsersAndSubordinates'))
    values['@currentUsersAndSubordinates'] = await usersAndSubordinates(db, caller.userId);
  if (uses(texts, 'currentOrganizationAndSuborganization'))
    values['@currentOrganizationAndSuborganization'] = await organizationAndBelow(db, caller.organizeId);
  return values;
}

/** Checks a text when it is saved, with every known name bound to a placeholder; nothing runs. */
export function checkSqlText(dialect: Dialect, text: string, declared: string[]): void {
  const params: Record<string, SqlValue> = {};
  for (const name of declared) params[name] = null;
  for (const name of SYSTEM_VARIABLES) params[`@${name}`] = null;
  bindReadOnlySql(dialect, text.replace(/@showKey\b/g, 'id'), params);
}

const strip = (query: string) => query.trim().replace(/;\s*$/, '');

export interface SqlAnswer {
  rows: Record<string, unknown>[];
  /** Present for a paged read. */
  total?: number;
}

/**
 * Runs an SQL interface read-only. With `page` and checkType 1 it answers one page and the total:
 * the count SQL when given, else the query counted; a query that does not place @offsetSize /
 * @pageSize itself is cut to the page from outside. Without `page` it answers up to ALL_ROWS rows.
 */
export async function runSqlInterface(
  db: Db,
  reader: AdminSqlReader,
  def: Definition,
  declared: Record<string, SqlValue>,
  caller: Caller,
  page?: Page,
): Promise<SqlAnswer> {
  const { dialect } = reader;
  const query = strip(def.query);
  const countSql = strip(def.propertyJson.countSql);
  const paged = page !== undefined && def.checkType === 1;
  const effective = page ?? { keyword: '', currentPage: 1, pageSize: ALL_ROWS };
  const system = await systemVariables(db, [query, countSql], caller, effective);
  const params: SqlParams = { ...declared, ...system };
  // The admin's own text is checked as written, before any wrapping could hide what it is.
  bindReadOnlySql(dialect, query, params);
  if (!paged) {
    const [rows] = await runReadOnlyQueries(reader, [{ sqlText: query, params }], { maxRows: ALL_ROWS });
    return { rows: rows! };
  }
  const own = pagesItself(query);
  if (own && !countSql) throw fail('interfaceCountSqlRequired');
  const pageSql = own ? query : `select * from (\n${query}\n) di_page limit @pageSize offset @offsetSize`;
  const count = countSql || `select count(*) as total from (\n${withoutTrailingOrderBy(dialect, query)}\n) di_count`;
  const [rows, counted] = await runReadOnlyQueries(reader, [
    { sqlText: pageSql, params },
    { sqlText: count, params },
  ]);
  const first = counted![0];
  const total = first ? Number(Object.values(first)[0] ?? 0) : 0;
  return { rows: rows!, total };
}

/**
 * The rows for stored keys through the echo SQL: one lookup per key with @showValue bound to it
 * and @showKey naming the key column (checked to be a plain identifier, then quoted).
 */
export async function runEchoSql(
  db: Db,
  reader: AdminSqlReader,
  def: Definition,
  declared: Record<string, SqlValue>,
  caller: Caller,
  keyColumn: string,
  ids: string[],
): Promise<Record<string, unknown>[]> {
  if (!SAFE_IDENTIFIER.test(keyColumn)) throw fail('interfaceKeyInvalid', { field: keyColumn });
  const echo = strip(def.propertyJson.echoSql).replace(/@showKey\b/g, `"${keyColumn}"`);
  const page = { keyword: '', currentPage: 1, pageSize: ALL_ROWS };
  const system = await systemVariables(db, [echo], caller, page);
  const queries = ids.map((id) => ({ sqlText: echo, params: { ...declared, ...system, '@showValue': id } }));
  return (await runReadOnlyQueries(reader, queries)).flat();
}
