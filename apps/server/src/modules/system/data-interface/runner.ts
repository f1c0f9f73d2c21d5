import type { Db, Dialect } from '../../../db/index.ts';
import { fail } from '../../../core/errors.ts';
import type { AdminSqlReader } from '../../../core/admin-sql/index.ts';
import { runSandboxed } from '../../../core/sandbox/index.ts';
import { readSettings } from '../../../core/settings.ts';
import { DATA_TYPE, type Definition } from './definition.ts';
import { resolveParameters } from './parameters.ts';
import { runHttpInterface } from './http-source.ts';
import { runEchoSql, runSqlInterface, type Caller, type Page } from './sql-source.ts';
import type { InfoByIdsBody, ParamList, WidgetListBody } from './schema.ts';

export interface RunContext {
  db: Db;
  dialect: Dialect;
  /** Where the interface's own SQL runs (core/admin-sql). */
  reader: AdminSqlReader;
  caller: Caller;
}

/** The interface's own data for the declared parameters: rows of SQL, the static JSON, or the HTTP answer. */
async function rawData(
  ctx: RunContext,
  def: Definition,
  paramList: ParamList,
  page?: Page,
): Promise<{ rows: unknown; total?: number }> {
  const declared = resolveParameters(def.requestParameters, paramList);
  if (def.dataType === DATA_TYPE.sql) {
    return runSqlInterface(ctx.db, ctx.reader, def, declared, ctx.caller, page);
  }
  if (def.dataType === DATA_TYPE.json) {
    try {
      return { rows: JSON.parse(def.query) as unknown };
    } catch {
      throw fail('interfaceJsonInvalid');
    }
  }
  const { dataInterfaceHosts } = await readSettings(ctx.db);
  return { rows: await runHttpInterface(def, declared, dataInterfaceHosts) };
}

/** The admin's `(data) => data` script, when there is one, runs in the sandbox. */
const processed = (def: Definition, data: unknown) =>
  def.dataProcessing.trim() ? runSandboxed(def.dataProcessing, data) : Promise.resolve(data);

/** A list out of whatever the data is: an array, or the list inside { list } / { data } answers. */
function rowsOf(data: unknown): Record<string, unknown>[] {
  const pick = (v: unknown): unknown[] | undefined => (Array.isArray(v) ? v : undefined);
  const o = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const inner = o.data && typeof o.data === 'object' ? (o.data as Record<string, unknown>) : {};
  const list = pick(data) ?? pick(o.list) ?? pick(o.data) ?? pick(inner.list) ?? [];
  return list.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object');
}

/**
 * Preview (the test runner): the data as the interface answers it, after processing. A paged SQL
 * interface answers `{ list, pagination }` for the page asked for.
 */
export async function previewData(
  ctx: RunContext,
  def: Definition,
  body: { paramList: ParamList } & Page,
): Promise<unknown> {
  const pagedSql = def.dataType === DATA_TYPE.sql && def.checkType === 1;
  const answer = await rawData(ctx, def, body.paramList, pagedSql ? body : undefined);
  const data = await processed(def, answer.rows);
  if (!pagedSql) return data;
  return {
    list: data,
    pagination: { currentPage: body.currentPage, pageSize: body.pageSize, total: answer.total ?? 0 },
  };
}

const textOf = (v: unknown) =>
  v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/**
 * A page for popup widgets: a paged SQL interface pages in the database (the keyword goes to
 * @keyword); anything else is read whole and filtered by keyword over the shown columns, then paged.
 */
export async function widgetList(ctx: RunContext, def: Definition, body: WidgetListBody) {
  if (def.enabledMark !== 1) throw fail('interfaceDisabled');
  const pagination = { currentPage: body.currentPage, pageSize: body.pageSize };
  if (def.dataType === DATA_TYPE.sql && def.checkType === 1) {
    const answer = await rawData(ctx, def, body.paramList, body);
    return { list: rowsOf(await processed(def, answer.rows)), pagination: { ...pagination, total: answer.total ?? 0 } };
  }
  let rows = rowsOf(await processed(def, (await rawData(ctx, def, body.paramList)).rows));
  const needle = body.keyword.toLowerCase();
  if (needle) {
    const columns = [...new Set([body.relationField, ...body.columnOptions])];
    rows = rows.filter((r) => columns.some((c) => textOf(r[c]).toLowerCase().includes(needle)));
  }
  const start = (body.currentPage - 1) * body.pageSize;
  return { list: rows.slice(start, start + body.pageSize), pagination: { ...pagination, total: rows.length } };
}

/**
 * The rows for stored keys (a form shows the text of the values it saved): through the echo SQL
 * when the interface has one, else the interface's data filtered by the key column. Rows come
 * back in the order of the keys asked for.
 */
export async function infoByIds(ctx: RunContext, def: Definition, body: InfoByIdsBody) {
  if (def.enabledMark !== 1) throw fail('interfaceDisabled');
  const ids = [...new Set(body.ids)];
  if (!ids.length) return [];
  let rows: Record<string, unknown>[];
  if (def.dataType === DATA_TYPE.sql && def.propertyJson.echoSql.trim()) {
    const declared = resolveParameters(def.requestParameters, body.paramList);
    rows = rowsOf(
      await processed(def, await runEchoSql(ctx.db, ctx.reader, def, declared, ctx.caller, body.propsValue, ids)),
    );
  } else {
    rows = rowsOf(await processed(def, (await rawData(ctx, def, body.paramList)).rows));
  }
  const byKey = new Map<string, Record<string, unknown>>();
  for (const r of rows) {
    const key = textOf(r[body.propsValue]);
    if (!byKey.has(key)) byKey.set(key, r);
  }
  return ids.flatMap((id) => (byKey.has(id) ? [byKey.get(id)!] : []));
}
