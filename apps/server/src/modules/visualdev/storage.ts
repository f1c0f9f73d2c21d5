import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  collectFields,
  holdsValue,
  kindOf,
  storageOf,
  type ColumnData,
  type FormJson,
  type StorageKind,
} from '@atrium/shared/forms';
import type { Dialect } from '../../db/index.ts';
import type { Tx } from '../../db/tx.ts';
import { fail } from '../../core/errors.ts';
import { searchIndex, type SearchIndex } from '../../core/search-index.ts';

// Designed tables are made at run time: their rows have no compile-time type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

/** Relation and popup pickers store the chosen id beside the shown text (`<field>_id`). */
export const ID_SUFFIXED = new Set(['relationForm', 'popupSelect', 'popupTableSelect']);

/** One stored value of a record: the form key it comes from and its column. */
export interface StoredField {
  /** The value's key in the record (`vModel`, or `vModel_id` for a picker's id). */
  key: string;
  column: string;
  storage: Exclude<StorageKind, 'none'>;
  /** The form key grants and lists use (`vModel`, or `table-vModel` in a sub-table). */
  formKey: string;
  label: string;
}

/** A table of a released model: the main table, or one per sub-table. */
export interface TablePlan {
  table: string;
  /** The sub-table's model name; undefined for the main table. */
  vModel?: string;
  label: string;
  fields: StoredField[];
}

/** The column of a field: `f_` and the field name in lower case (names are unique ignoring case). */
export const columnOf = (key: string) => `f_${key.toLowerCase()}`;

const shortHash = (text: string) => createHash('sha1').update(text).digest('hex').slice(0, 8);

/**
 * The main table of a model, made from its code at the first release: `vd_` and the code in lower
 * case with anything but letters and digits turned into underscores, shortened with a hash when
 * long, so that every table name fits PostgreSQL's 63 bytes with room for its sub-tables.
 */
export function mainTableFor(enCode: string): string {
  const plain =
    enCode
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '') || 'model';
  return plain.length <= 24 ? `vd_${plain}` : `vd_${plain.slice(0, 15)}_${shortHash(plain)}`;
}

/** A sub-table's table: the main table, two underscores and the sub-table's field name. */
export function subTableFor(main: string, vModel: string): string {
  const plain = vModel.toLowerCase();
  return plain.length <= 24 ? `${main}__${plain}` : `${main}__${plain.slice(0, 15)}_${shortHash(plain)}`;
}

/** The tables a released form writes to, each with its stored fields in form order. */
export function tablePlans(main: string, form: FormJson): TablePlan[] {
  const plans = new Map<string, TablePlan>([['', { table: main, label: '', fields: [] }]]);
  for (const { key, field, table } of collectFields(form)) {
    const kind = kindOf(field);
    if (!kind || !field.__vModel__) continue;
    if (kind.key === 'table') {
      plans.set(field.__vModel__, {
        table: subTableFor(main, field.__vModel__),
        vModel: field.__vModel__,
        label: String(field.__config__.label ?? field.__vModel__),
        fields: [],
      });
      continue;
    }
    const storage = storageOf(field);
    if (storage === 'none' || !holdsValue(field)) continue;
    const plan = plans.get(table ?? '');
    if (!plan) continue;
    const label = String(field.__config__.label ?? field.__vModel__);
    plan.fields.push({ key: field.__vModel__, column: columnOf(field.__vModel__), storage, formKey: key, label });
    if (ID_SUFFIXED.has(kind.key)) {
      const idKey = `${field.__vModel__}_id`;
      plan.fields.push({ key: idKey, column: columnOf(idKey), storage: 'text', formKey: key, label });
    }
  }
  return [...plans.values()];
}

function columnType(dialect: Dialect, storage: StorageKind) {
  switch (storage) {
    case 'number':
    case 'decimal':
      return sql.raw(dialect === 'postgres' ? 'double precision' : 'real');
    case 'timestamp':
      return sql.raw('bigint');
    default:
      return sql.raw('text');
  }
}

/** The search index of one fuzzy-searched column of a designed table. */
export function fieldSearch(table: string, column: string): SearchIndex {
  const name = `${table}_${column}`;
  let index = fieldSearches.get(name);
  if (!index) fieldSearches.set(name, (index = searchIndex({ table, name, columns: [column], scanAbove: 2000 })));
  return index;
}

/**
 * One index object per searched column, kept: it remembers for a while how common each keyword is
 * (see search-index.ts), which a new object per request would ask the database again every time.
 */
const fieldSearches = new Map<string, SearchIndex>();

/** Columns of a designed table that the list filters or sorts on get an index of their own. */
const indexName = (table: string, column: string) => {
  const name = `${table}_${column}_ix`;
  return Buffer.byteLength(name) <= 63 ? name : `${table.slice(0, 40)}_${shortHash(column)}_ix`;
};

async function tableExists(trx: Tx, table: string): Promise<boolean> {
  const row = await trx
    .selectFrom('visualdev_column')
    .select('column_name')
    .where('table_name', '=', table)
    .where('column_name', '=', 'id')
    .executeTakeFirst();
  return !!row;
}

async function createTable(trx: Tx, modelId: string, plan: TablePlan, main: string) {
  const db = trx as unknown as AnyDb;
  let create = db.schema
    .createTable(plan.table)
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'bigint');
  if (plan.vModel) {
    create = create
      .addColumn('parent_id', 'text', (c) => c.notNull().references(`${main}.id`).onDelete('cascade'))
      .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0));
  } else {
    create = create
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('flow_task_id', 'text')
      .addColumn('deleted_at', 'bigint');
  }
  await create.execute();
  if (plan.vModel) {
    await db.schema
      .createIndex(indexName(plan.table, 'parent'))
      .on(plan.table)
      .columns(['parent_id', 'sort_code'])
      .execute();
  } else {
    await db.schema
      .createIndex(indexName(plan.table, 'created'))
      .on(plan.table)
      .columns(['created_at', 'id'])
      .execute();
  }
  await trx
    .insertInto('visualdev_column')
    .values({ model_id: modelId, table_name: plan.table, column_name: 'id', storage: 'key' })
    .execute();
}

/** Whether any row holds a value in the column. */
async function columnHoldsData(trx: Tx, table: string, column: string): Promise<boolean> {
  const { rows } = await sql`select 1 from ${sql.table(table)} where ${sql.ref(column)} is not null limit 1`.execute(
    trx,
  );
  return rows.length > 0;
}

/**
 * Brings a released model's tables in line with its form and list, in the caller's transaction:
 * - a table is made on first use, a column for each new field;
 * - a field removed from the form keeps its column and data (the runtime ignores it);
 * - a field whose kind now needs another storage has its column remade while the column is empty,
 *   and refuses the release while it holds data, so nothing is ever converted or lost silently;
 * - the list's exact and range search fields and its sort field get an index, and its fuzzy
 *   search fields a keyword index (docs/search.md).
 */
export async function syncStorage(
  trx: Tx,
  dialect: Dialect,
  modelId: string,
  main: string,
  form: FormJson,
  columns: ColumnData,
): Promise<TablePlan[]> {
  const plans = tablePlans(main, form);
  const db = trx as unknown as AnyDb;
  for (const plan of plans) {
    if (!(await tableExists(trx, plan.table))) await createTable(trx, modelId, plan, main);
    const known = new Map(
      (
        await trx
          .selectFrom('visualdev_column')
          .select(['column_name', 'storage'])
          .where('table_name', '=', plan.table)
          .execute()
      ).map((r) => [r.column_name, r.storage]),
    );
    for (const field of plan.fields) {
      const had = known.get(field.column);
      if (had === field.storage) continue;
      if (had !== undefined) {
        if (await columnHoldsData(trx, plan.table, field.column))
          throw fail('visualdevKindChanged', { label: field.label });
        await db.schema.alterTable(plan.table).dropColumn(field.column).execute();
        await trx
          .deleteFrom('visualdev_column')
          .where('table_name', '=', plan.table)
          .where('column_name', '=', field.column)
          .execute();
      }
      await db.schema
        .alterTable(plan.table)
        .addColumn(field.column, columnType(dialect, field.storage) as never)
        .execute();
      await trx
        .insertInto('visualdev_column')
        .values({ model_id: modelId, table_name: plan.table, column_name: field.column, storage: field.storage })
        .execute();
      known.set(field.column, field.storage);
    }
  }
  await syncListIndexes(trx, modelId, plans[0]!, columns);
  return plans;
}

/** Indexes the list's search and sort fields of the main table; keyword indexes for fuzzy ones. */
async function syncListIndexes(trx: Tx, modelId: string, main: TablePlan, columns: ColumnData) {
  const db = trx as unknown as AnyDb;
  const byKey = new Map(main.fields.map((f) => [f.key, f]));
  const plain = new Set<string>();
  const fuzzy = new Set<string>();
  for (const search of columns.searchList ?? []) {
    const field = byKey.get(search.prop);
    if (!field) continue;
    if (search.searchType === 2 && (field.storage === 'text' || field.storage === 'longText')) fuzzy.add(field.column);
    else plain.add(field.column);
  }
  const sortField = columns.defaultSidx ? byKey.get(columns.defaultSidx) : undefined;
  if (sortField) plain.add(sortField.column);
  const made = new Set(
    (
      await trx
        .selectFrom('visualdev_column')
        .select('column_name')
        .where('table_name', '=', main.table)
        .where('storage', 'in', ['index', 'search'])
        .execute()
    ).map((r) => r.column_name),
  );
  for (const column of plain) {
    const marker = `index:${column}`;
    if (made.has(marker)) continue;
    await db.schema.createIndex(indexName(main.table, column)).on(main.table).columns([column, 'id']).execute();
    await trx
      .insertInto('visualdev_column')
      .values({ model_id: modelId, table_name: main.table, column_name: marker, storage: 'index' })
      .execute();
  }
  for (const column of fuzzy) {
    const marker = `search:${column}`;
    if (made.has(marker)) continue;
    await fieldSearch(main.table, column).create(db);
    await trx
      .insertInto('visualdev_column')
      .values({ model_id: modelId, table_name: main.table, column_name: marker, storage: 'search' })
      .execute();
  }
}

/** Drops every table of a model (sub-tables first) and their search indexes. */
export async function dropStorage(trx: Tx, modelId: string): Promise<void> {
  const db = trx as unknown as AnyDb;
  const rows = await trx
    .selectFrom('visualdev_column')
    .select(['table_name', 'column_name', 'storage'])
    .where('model_id', '=', modelId)
    .execute();
  for (const r of rows.filter((r) => r.storage === 'search'))
    await fieldSearch(r.table_name, r.column_name.slice('search:'.length)).drop(db);
  const tables = [...new Set(rows.filter((r) => r.storage === 'key').map((r) => r.table_name))];
  // Sub-tables (`main__x`) reference their main table: they go first.
  tables.sort((a, b) => b.length - a.length);
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
  await trx.deleteFrom('visualdev_column').where('model_id', '=', modelId).execute();
}

/** A designed table's search index for a column, when release made one. */
export async function searchedColumns(db: AnyDb, table: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('visualdev_column')
    .select('column_name')
    .where('table_name', '=', table)
    .where('storage', '=', 'search')
    .execute();
  return new Set(rows.map((r: { column_name: string }) => r.column_name.slice('search:'.length)));
}
