import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { ResultCode } from '@atrium/shared';
import {
  collectFields,
  kindOf,
  validateForm,
  type FormContext,
  type FormField,
  type FormLang,
  type FormValues,
} from '@atrium/shared/forms';
import type { Dialect } from '../../db/index.ts';
import type { Tx } from '../../db/tx.ts';
import { AppError, badField, fail, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { likePattern } from '../../core/sql.ts';
import type { FieldGrants } from '../../core/field-grants.ts';
import { issueBillNumber } from '../system/bill-rule/bill-number-service.ts';
import type { ReleasedModel } from './released.ts';
import type { RecordListBody } from './schema.ts';
import { fieldSearch, type AnyDb, type StoredField, type TablePlan } from './storage.ts';

// ---------------------------------------------------------------------------------------------
// Values between the record's JSON and the table's columns.

function toColumn(field: StoredField, value: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  switch (field.storage) {
    case 'json':
      return JSON.stringify(value);
    case 'number':
    case 'decimal':
    case 'timestamp': {
      const n = typeof value === 'boolean' ? Number(value) : Number(value);
      return Number.isFinite(n) ? n : null;
    }
    default:
      return typeof value === 'string' ? value : JSON.stringify(value);
  }
}

function fromColumn(field: StoredField, raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  switch (field.storage) {
    case 'json':
      try {
        return JSON.parse(String(raw));
      } catch {
        return null;
      }
    case 'number':
    case 'decimal':
    case 'timestamp':
      return Number(raw);
    default:
      return raw;
  }
}

const rowValues = (plan: TablePlan, row: Record<string, unknown>): FormValues =>
  Object.fromEntries(plan.fields.map((f) => [f.key, fromColumn(f, row[f.column])]));

const columnValues = (plan: TablePlan, values: FormValues): Record<string, unknown> =>
  Object.fromEntries(plan.fields.map((f) => [f.column, toColumn(f, values[f.key])]));

// ---------------------------------------------------------------------------------------------
// Names for display: users, organisations, positions, roles, groups, dictionary items and areas.

const NAMED_KINDS = new Set([
  'userSelect',
  'usersSelect',
  'comSelect',
  'depSelect',
  'posSelect',
  'roleSelect',
  'groupSelect',
  'address',
  'createUser',
  'modifyUser',
  'currOrganize',
  'currDept',
  'currPosition',
]);

function needsNames(field: FormField): boolean {
  const key = String(field.__config__?.jnpfKey);
  return NAMED_KINDS.has(key) || field.__config__?.dataType === 'dictionary';
}

function collectIds(value: unknown, into: Set<string>) {
  if (typeof value === 'string' && value) into.add(value.split('--')[0]!);
  else if (typeof value === 'number') into.add(String(value));
  else if (Array.isArray(value)) for (const v of value) collectIds(v, into);
}

/** The names of the ids, looked up in every table an id of a picker may come from. */
async function namesOf(db: AnyDb, ids: Set<string>): Promise<Record<string, string>> {
  const list = [...ids].slice(0, 5000);
  if (!list.length) return {};
  const named = (table: string, name = 'full_name') =>
    db
      .selectFrom(table)
      .select(['id', `${name} as name`])
      .where('id', 'in', list)
      .execute() as Promise<{ id: string; name: string }[]>;
  const [users, ...others] = await Promise.all([
    db.selectFrom('users').select(['id', 'real_name', 'account']).where('id', 'in', list).execute() as Promise<
      { id: string; real_name: string; account: string }[]
    >,
    named('organize'),
    named('position'),
    named('role'),
    named('user_group'),
    named('dictionary_data'),
    named('area'),
  ]);
  const names: Record<string, string> = {};
  for (const rows of others) for (const r of rows) names[r.id] = r.name;
  for (const u of users) names[u.id] = `${u.real_name}/${u.account}`;
  return names;
}

/** Display text of each value of the records, sub-table rows included, as people read them. */
async function displayed(db: AnyDb, model: ReleasedModel, records: FormValues[], lang: FormLang) {
  const entries = collectFields(model.form);
  const ids = new Set<string>();
  for (const { key, field, table } of entries) {
    if (!needsNames(field)) continue;
    for (const record of records) {
      if (table)
        for (const row of (record[table] as FormValues[] | undefined) ?? []) collectIds(row[field.__vModel__!], ids);
      else collectIds(record[key], ids);
    }
  }
  const ctx: FormContext = { lang, names: await namesOf(db, ids) };
  return records.map((record) => {
    const out: FormValues = { ...record };
    for (const { key, field, table } of entries) {
      const kind = kindOf(field);
      if (!kind || !field.__vModel__ || kind.key === 'table') continue;
      if (table) {
        const rows = (out[table] as FormValues[] | undefined) ?? [];
        out[table] = rows.map((row) => ({
          ...row,
          [field.__vModel__!]: kind.display(row[field.__vModel__!], field, ctx),
        }));
      } else if (key in record) {
        out[key] = kind.display(record[key], field, ctx);
      }
    }
    return out;
  });
}

// ---------------------------------------------------------------------------------------------
// Reading.

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

function parseObject(text: string, key: 'visualdevDataInvalid'): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    throw fail(key);
  }
  if (!isObject(parsed)) throw fail(key);
  return parsed;
}

/** The list's search form as SQL conditions, on the fields the list offers and the caller may see. */
async function searchConditions(
  db: AnyDb,
  dialect: Dialect,
  model: ReleasedModel,
  query: Record<string, unknown>,
  hidden: ReadonlySet<string>,
): Promise<{ conditions: Expression<SqlBool>[]; bounded: boolean }> {
  const conditions: Expression<SqlBool>[] = [];
  let bounded = false;
  const table = model.main.table;
  const searches = [...(model.columns.searchList ?? [])];
  // A list with a tree on the left filters by the node chosen there, on the field it relates to.
  const relation = model.columns.type === 2 ? model.columns.treeRelation : undefined;
  if (relation && !searches.some((s) => s.prop === relation))
    searches.push({ label: '', prop: relation, searchType: 1 });
  for (const search of searches) {
    const value = query[search.prop];
    const field = model.fieldsByKey.get(search.prop);
    if (!field || hidden.has(search.prop) || value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && !value.length) continue;
    const ref = sql.ref(`${table}.${field.column}`);
    if (search.searchType === 3 && Array.isArray(value)) {
      const [from, to] = value.map((v) => toColumn(field, v));
      if (from !== null && from !== undefined) conditions.push(sql<SqlBool>`${ref} >= ${from}`);
      if (to !== null && to !== undefined) conditions.push(sql<SqlBool>`${ref} <= ${to}`);
      continue;
    }
    if (search.searchType === 2 && typeof value === 'string') {
      if (model.searched.has(field.column)) {
        const found = await fieldSearch(table, field.column).lookup(db, dialect, value);
        conditions.push(found.condition);
        bounded ||= found.bounded;
      } else conditions.push(sql<SqlBool>`${ref} like ${likePattern(value)} escape '\\'`);
      continue;
    }
    const values = (Array.isArray(value) ? value : [value]).map(String);
    if (field.storage === 'json') {
      // A multi-value field holds a JSON array: one of the wanted ids anywhere in it.
      const tests = values.map((v) => sql<SqlBool>`${ref} like ${likePattern(JSON.stringify(v))} escape '\\'`);
      conditions.push(sql<SqlBool>`(${sql.join(tests, sql` or `)})`);
    } else {
      const typed = values.map((v) => toColumn(field, v));
      conditions.push(sql<SqlBool>`${ref} in (${sql.join(typed)})`);
    }
  }
  return { conditions, bounded };
}

export interface ListCaller {
  scope: Expression<SqlBool> | null;
  grants: FieldGrants | null;
  lang: FormLang;
}

/**
 * The summary row's fields the list totals: those of the main table that hold numbers, and only
 * the ones the caller may see (a total would tell what the hidden column holds).
 */
function summedFields(model: ReleasedModel, hidden: ReadonlySet<string>): StoredField[] {
  return [...new Set(model.columns.summaryField ?? [])].flatMap((key) => {
    const field = model.fieldsByKey.get(key);
    return field && !hidden.has(key) && (field.storage === 'number' || field.storage === 'decimal') ? [field] : [];
  });
}

/** A sum of doubles without its binary noise (0.1 + 0.2): the 15 digits a double holds exactly. */
const cleanSum = (raw: unknown) => (raw === null || raw === undefined ? 0 : Number(Number(raw).toPrecision(15)));

/**
 * One page of a model's records as the list shows them (display text), newest first by default.
 * A list with a summary row also answers `summary`: the totals of its summary fields over every
 * record of the query (all pages), summed by the statement that counts them.
 */
export async function listRecords(
  db: AnyDb,
  dialect: Dialect,
  model: ReleasedModel,
  body: RecordListBody,
  caller: ListCaller,
  { summary: wantSummary = true } = {},
) {
  const table = model.main.table;
  const hidden = new Set([...(caller.grants?.hiddenColumns ?? []), ...(caller.grants?.hiddenForm ?? [])]);
  const { conditions, bounded } = await searchConditions(
    db,
    dialect,
    model,
    parseObject(body.queryJson, 'visualdevDataInvalid'),
    hidden,
  );
  let base = db.selectFrom(table).where(sql.ref(`${table}.deleted_at`), 'is', null);
  if (caller.scope) base = base.where(caller.scope);
  if (body.ids) base = base.where(sql.ref(`${table}.id`), 'in', body.ids.length ? body.ids : ['']);
  for (const condition of conditions) base = base.where(condition);

  const sortKey = body.sidx || model.columns.defaultSidx || '';
  const sortField = sortKey && !hidden.has(sortKey) ? model.fieldsByKey.get(sortKey) : undefined;
  const direction = body.sidx ? body.sort : (model.columns.sort ?? body.sort);
  const order = sortField ? `${table}.${sortField.column}` : `${table}.created_at`;
  const paged = model.columns.hasPage !== false;
  const summarised = wantSummary && model.columns.showSummary === true && !!model.columns.summaryField?.length;
  const summed = summarised ? summedFields(model, hidden) : [];
  type Totals = Record<string, unknown>;
  const totals = (over: RawBuilder<unknown>) => [
    sql<number>`count(*) ${over}`.as('total'),
    ...summed.map((f, i) => sql<number | null>`sum(${sql.ref(`${table}.${f.column}`)}) ${over}`.as(`sum${i}`)),
  ];
  const count = () => base.select(totals(sql``)).executeTakeFirstOrThrow() as Promise<Totals>;
  const page = base
    .selectAll()
    .orderBy(sql.ref(order), direction)
    .orderBy(sql.ref(`${table}.id`), direction)
    .$if(paged, (q) => q.limit(body.pageSize).offset((body.currentPage - 1) * body.pageSize))
    .$if(!paged, (q) => q.limit(10_000));
  let counted: Totals;
  let rows: Record<string, unknown>[];
  if (bounded) {
    // A keyword the index finds in few rows: the page carries the count and totals over every
    // match (a window over the candidates), so the keyword is looked up once, not twice. A page
    // past the end has no row to carry them, and asks for them on its own.
    rows = (await page.select(totals(sql`over ()`)).execute()) as Record<string, unknown>[];
    counted = rows.length ? (rows[0] as Totals) : await count();
  } else [counted, rows] = await Promise.all([count(), page.execute() as Promise<Record<string, unknown>[]>]);
  // A row carries the list's columns only: a field the list does not show is not answered. A
  // grouped list needs its group field and a tree table its parent field (with the parent's id
  // beside the shown text for relation and popup fields) even when they are not columns.
  const { groupField, parentField } = model.columns;
  const listed = new Set([
    ...model.columns.columnList.map((c) => c.prop),
    ...(groupField ? [groupField] : []),
    ...(parentField ? [parentField, `${parentField}_id`] : []),
  ]);
  const records = rows.map((row) =>
    Object.fromEntries(Object.entries(rowValues(model.main, row)).filter(([key]) => listed.has(key))),
  );
  const shown = await displayed(db, model, records, caller.lang);
  const list = rows.map((row, i): FormValues & { id: string } => ({
    ...shown[i],
    id: row.id as string,
    creatorTime: Number(row.created_at),
    lastModifyTime: row.updated_at === null ? null : Number(row.updated_at),
  }));
  return {
    list,
    pagination: { currentPage: body.currentPage, pageSize: body.pageSize, total: Number(counted.total) },
    ...(summarised && {
      summary: Object.fromEntries(summed.map((f, i) => [f.key, cleanSum(counted[`sum${i}`])])),
    }),
  };
}

/**
 * FieldDataSelect: a page of `{ id, <field> }` rows of a released model, the field as people read
 * it, by a keyword on that field; within the caller's scope, and nothing of a field they may not see.
 */
export async function fieldDataSelect(
  db: AnyDb,
  dialect: Dialect,
  model: ReleasedModel,
  query: { field: string; keyword: string; currentPage: number; pageSize: number },
  scope: Expression<SqlBool> | null,
  grants: FieldGrants | null,
  lang: FormLang,
) {
  const field = model.fieldsByKey.get(query.field);
  if (!field || grants?.hiddenForm.has(query.field) || grants?.hiddenColumns.has(query.field))
    throw badField('field', 'fieldValue');
  const table = model.main.table;
  const ref = sql.ref(`${table}.${field.column}`);
  let base = db.selectFrom(table).where(sql.ref(`${table}.deleted_at`), 'is', null);
  if (scope) base = base.where(scope);
  if (query.keyword)
    base = base.where(
      model.searched.has(field.column)
        ? await fieldSearch(table, field.column).condition(db, dialect, query.keyword)
        : sql<SqlBool>`${ref} like ${likePattern(query.keyword)} escape '\\'`,
    );
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select([sql.ref(`${table}.id`).as('id'), sql.ref(`${table}.${field.column}`).as('value')])
      .orderBy(sql.ref(`${table}.created_at`), 'desc')
      .orderBy(sql.ref(`${table}.id`), 'desc')
      .limit(query.pageSize)
      .offset((query.currentPage - 1) * query.pageSize)
      .execute() as Promise<{ id: string; value: unknown }[]>,
  ]);
  const records = rows.map((r) => ({ [field.key]: fromColumn(field, r.value) }));
  const shown = await displayed(db, model, records, lang);
  return {
    list: rows.map((r, i) => ({ id: r.id, [field.key]: shown[i]![field.key] })),
    pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: Number(counted.total) },
  };
}

interface StoredRecord {
  values: FormValues;
  version: number;
  createdBy: string | null;
  createdAt: number;
}

/** The record with its sub-table rows, as stored; 404 when missing or deleted. */
async function readRecord(db: AnyDb, model: ReleasedModel, id: string): Promise<StoredRecord> {
  const table = model.main.table;
  const row = (await db
    .selectFrom(table)
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst()) as Record<string, unknown> | undefined;
  if (!row) throw notFound();
  const values = rowValues(model.main, row);
  for (const sub of model.subs) {
    const rows = (await db
      .selectFrom(sub.table)
      .selectAll()
      .where('parent_id', '=', id)
      .orderBy('sort_code')
      .orderBy('id')
      .execute()) as Record<string, unknown>[];
    values[sub.vModel!] = rows.map((r) => rowValues(sub, r));
  }
  return {
    values,
    version: Number(row.version),
    createdBy: (row.created_by as string | null) ?? null,
    createdAt: Number(row.created_at),
  };
}

/**
 * The values without the form fields the caller may not see: top-level keys, and sub-table
 * columns (`table-column`) in every row. The record travels as JSON text, which the server's
 * answer filter cannot look into, so it is cut here.
 */
function withoutHidden(values: FormValues, hidden: ReadonlySet<string> | undefined): FormValues {
  if (!hidden?.size) return values;
  const out: FormValues = {};
  for (const [key, value] of Object.entries(values)) {
    if (hidden.has(key) || hidden.has(key.replace(/_id$/, ''))) continue;
    out[key] = Array.isArray(value)
      ? value.map((row) =>
          isObject(row) ? Object.fromEntries(Object.entries(row).filter(([col]) => !hidden.has(`${key}-${col}`))) : row,
        )
      : value;
  }
  return out;
}

/** GET /{modelId}/{id}: the raw values as JSON text, with the version to save against. */
export async function recordInfo(db: AnyDb, model: ReleasedModel, id: string, grants: FieldGrants | null) {
  const record = await readRecord(db, model, id);
  return { id, data: JSON.stringify(withoutHidden(record.values, grants?.hiddenForm)), version: record.version };
}

/** DataChange: the values as people read them, with the released form to lay them out. */
export async function recordDisplay(
  db: AnyDb,
  model: ReleasedModel,
  id: string,
  lang: FormLang,
  grants: FieldGrants | null,
) {
  const record = await readRecord(db, model, id);
  const [shown] = await displayed(db, model, [withoutHidden(record.values, grants?.hiddenForm)], lang);
  return { id, data: JSON.stringify(shown), formData: model.texts.formData };
}

// ---------------------------------------------------------------------------------------------
// Writing.

export interface Writer {
  userId: string;
  now: number;
  lang: FormLang;
  /** The caller's organisation, department and position, for the fields the server fills. */
  organizeId: string | null;
  positionId: string | null;
  grants: FieldGrants | null;
}

/** Fields the server fills: who and when, the caller's organisation and position, bill numbers. */
async function serverFilled(trx: Tx, model: ReleasedModel, values: FormValues, writer: Writer, creating: boolean) {
  for (const { field, table } of collectFields(model.form)) {
    if (table || !field.__vModel__) continue;
    const key = String(field.__config__?.jnpfKey);
    const v = field.__vModel__;
    if (creating) {
      if (key === 'createUser') values[v] = writer.userId;
      if (key === 'createTime') values[v] = writer.now;
      if (key === 'currOrganize' || key === 'currDept') values[v] = writer.organizeId;
      if (key === 'currPosition') values[v] = writer.positionId;
      if (key === 'billRule') {
        const rule = String((field.__config__ as Record<string, unknown>).rule ?? '');
        values[v] = await issueBillNumber(trx, rule, writer.now);
      }
    } else {
      if (key === 'modifyUser') values[v] = writer.userId;
      if (key === 'modifyTime') values[v] = writer.now;
    }
  }
}

/** Fields whose value must be unique among the model's records (`__config__.unique`). */
async function checkUnique(trx: Tx, model: ReleasedModel, values: FormValues, selfId: string | null) {
  for (const { field, table } of collectFields(model.form)) {
    if (table || !field.__vModel__ || field.__config__?.unique !== true) continue;
    const stored = model.fieldsByKey.get(field.__vModel__);
    const value = stored ? toColumn(stored, values[field.__vModel__]) : null;
    if (!stored || value === null) continue;
    const clash = await (trx as unknown as AnyDb)
      .selectFrom(model.main.table)
      .select('id')
      .where(stored.column, '=', value)
      .where('deleted_at', 'is', null)
      .$if(selfId !== null, (q) => q.where('id', '<>', selfId))
      .executeTakeFirst();
    if (clash) throw fail('visualdevUnique', { label: stored.label, value: String(values[field.__vModel__]) });
  }
}

/** Checks the values with the form's own rules; 400 naming the first problem, with every one in data. */
function validated(model: ReleasedModel, data: Record<string, unknown>, writer: Writer): FormValues {
  const result = validateForm(model.form, data, {
    lang: writer.lang,
    now: writer.now,
    hidden: writer.grants?.hiddenForm,
  });
  if (!result.ok) {
    const first = result.errors[0]!;
    throw new AppError(
      ResultCode.failed,
      'visualdevRecordInvalid',
      { label: first.label, message: first.message },
      { errors: result.errors },
    );
  }
  return result.values;
}

async function writeSubRows(trx: Tx, model: ReleasedModel, id: string, values: FormValues, writer: Writer) {
  const db = trx as unknown as AnyDb;
  for (const sub of model.subs) {
    await db.deleteFrom(sub.table).where('parent_id', '=', id).execute();
    const rows = (values[sub.vModel!] as FormValues[] | undefined) ?? [];
    if (!rows.length) continue;
    await db
      .insertInto(sub.table)
      .values(
        rows.map((row, index) => ({
          id: newId(writer.now),
          parent_id: id,
          sort_code: index,
          created_by: writer.userId,
          created_at: writer.now,
          updated_by: null,
          updated_at: null,
          ...columnValues(sub, row),
        })),
      )
      .execute();
  }
}

/** Adds a record with its sub-table rows in the caller's transaction; answers its id. */
export async function createRecord(trx: Tx, model: ReleasedModel, text: string, writer: Writer): Promise<string> {
  const sent = parseObject(text, 'visualdevDataInvalid');
  // Fields the caller may not edit start empty, whatever was sent for them.
  for (const key of writer.grants?.hiddenForm ?? []) delete sent[key];
  const values = validated(model, sent, writer);
  await serverFilled(trx, model, values, writer, true);
  await checkUnique(trx, model, values, null);
  const id = newId(writer.now);
  await (trx as unknown as AnyDb)
    .insertInto(model.main.table)
    .values({
      id,
      created_by: writer.userId,
      created_at: writer.now,
      updated_by: null,
      updated_at: null,
      version: 0,
      ...columnValues(model.main, values),
    })
    .execute();
  await writeSubRows(trx, model, id, values, writer);
  return id;
}

/**
 * Saves a record under the optimistic lock: the update applies only while the stored version is
 * the one the editor loaded (when it says which), and a stale save gets 409 with nothing changed.
 * Fields the caller may not edit keep their stored values.
 */
export async function updateRecord(
  trx: Tx,
  model: ReleasedModel,
  id: string,
  body: { data: string; version?: number },
  writer: Writer,
): Promise<void> {
  const db = trx as unknown as AnyDb;
  const stored = await readRecord(db, model, id);
  const sent = parseObject(body.data, 'visualdevDataInvalid');
  for (const key of writer.grants?.hiddenForm ?? []) delete sent[key];
  const values = validated(model, sent, writer);
  // The validator leaves out what the caller may not edit; those fields keep their stored values.
  for (const key of writer.grants?.hiddenForm ?? [])
    for (const storedKey of [key, `${key}_id`])
      if (storedKey in stored.values) values[storedKey] = stored.values[storedKey];
  // What the server filled at creation stays as it was.
  for (const { field, table } of collectFields(model.form)) {
    const key = String(field.__config__?.jnpfKey);
    if (
      !table &&
      field.__vModel__ &&
      ['createUser', 'createTime', 'currOrganize', 'currDept', 'currPosition', 'billRule'].includes(key)
    )
      values[field.__vModel__] = stored.values[field.__vModel__];
  }
  await serverFilled(trx, model, values, writer, false);
  await checkUnique(trx, model, values, id);
  const expected = body.version ?? stored.version;
  const result = await db
    .updateTable(model.main.table)
    .set({
      ...columnValues(model.main, values),
      updated_by: writer.userId,
      updated_at: writer.now,
      version: expected + 1,
    })
    .where('id', '=', id)
    .where('version', '=', expected)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    const now = (await db.selectFrom(model.main.table).select('version').where('id', '=', id).executeTakeFirst()) as
      { version: number } | undefined;
    if (!now) throw notFound();
    throw new AppError(ResultCode.conflict, 'versionConflict', undefined, { version: Number(now.version) });
  }
  await writeSubRows(trx, model, id, values, writer);
}

/**
 * Deletes records among `ids` that lie in the caller's scope; sub-table rows go with them. A form
 * with logical delete marks them instead. Answers how many went.
 */
export async function deleteRecords(
  trx: Tx,
  model: ReleasedModel,
  ids: readonly string[],
  scope: Expression<SqlBool> | null,
  now: number,
): Promise<number> {
  const db = trx as unknown as AnyDb;
  const table = model.main.table;
  if (model.form.logicalDelete) {
    const result = await db
      .updateTable(table)
      .set({ deleted_at: now })
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .$if(!!scope, (q) => q.where(scope!))
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
  const doomed = (
    (await db
      .selectFrom(table)
      .select('id')
      .where('id', 'in', ids)
      .$if(!!scope, (q) => q.where(scope!))
      .execute()) as { id: string }[]
  ).map((r) => r.id);
  if (!doomed.length) return 0;
  // Sub-tables first: both databases would cascade, but only where foreign keys are enforced.
  for (const sub of model.subs) await db.deleteFrom(sub.table).where('parent_id', 'in', doomed).execute();
  const result = await db.deleteFrom(table).where('id', 'in', doomed).executeTakeFirst();
  return Number(result.numDeletedRows);
}
