import type { Db, Dialect } from '../../../db/index.ts';
import { inTransaction } from '../../../db/tx.ts';
import { fail, notFound } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { pageOf } from '../../../core/paging.ts';
import { createdColumns, updatedColumns, type Actor } from '../../../core/records.ts';
import { containsAny } from '../../../core/sql.ts';
import { codeGuard } from '../../../core/unique-code.ts';
import { updateVersioned } from '../../../core/versioned.ts';
import { DATA_TYPE, definitionOf, type Definition } from './definition.ts';
import { checkSqlText } from './sql-source.ts';
import { parseAddress } from './http-source.ts';
import type { DataInterfaceBody, ListQuery } from './schema.ts';

/** The stored interface, or 404. */
export async function loadDefinition(db: Db, id: string): Promise<Definition> {
  const row = await db.selectFrom('data_interface').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return definitionOf(row);
}

/**
 * Rules zod cannot express, checked before anything is written: the category exists; an SQL
 * interface's statements are single read-only queries using only declared parameters; static
 * data is JSON; an API address is http(s) (the host allow-list is applied when it is called).
 */
async function checkBody(db: Db, dialect: Dialect, body: DataInterfaceBody): Promise<void> {
  const category = await db
    .selectFrom('data_interface_category')
    .select('id')
    .where('id', '=', body.categoryId)
    .executeTakeFirst();
  if (!category) throw fail('interfaceCategoryMissing');
  const declared = body.requestParameters.map((p) => p.field);
  if (body.dataType === DATA_TYPE.sql) {
    checkSqlText(dialect, body.query, declared);
    for (const text of [body.propertyJson.countSql, body.propertyJson.echoSql])
      if (text.trim()) checkSqlText(dialect, text, declared);
    if (body.checkType === 1 && /@(offsetSize|pageSize)\b/.test(body.query) && !body.propertyJson.countSql.trim())
      throw fail('interfaceCountSqlRequired');
  } else if (body.dataType === DATA_TYPE.json) {
    try {
      JSON.parse(body.query);
    } catch {
      throw fail('interfaceJsonInvalid');
    }
  } else {
    // The host allow-list is applied when the interface runs, so a setting change needs no re-save.
    parseAddress(body.query.trim().replace(/\{\w+\}/g, 'x'));
  }
}

function columnsOf(body: DataInterfaceBody) {
  return {
    category_id: body.categoryId,
    full_name: body.fullName,
    en_code: body.enCode,
    data_type: body.dataType,
    request_method:
      body.dataType === DATA_TYPE.api ? (body.requestMethod.toUpperCase() === 'POST' ? 'POST' : 'GET') : '',
    check_type: body.dataType === DATA_TYPE.sql ? body.checkType : 0,
    query: body.query,
    request_parameters: JSON.stringify(body.requestParameters),
    request_headers: JSON.stringify(body.requestHeaders),
    data_processing: body.dataProcessing,
    property_json: JSON.stringify(body.propertyJson),
    enabled: body.enabledMark,
    sort_code: body.sortCode,
    description: body.description,
  };
}

async function assertCodeFree(db: Db, code: string, exceptId?: string) {
  let q = db.selectFrom('data_interface').select('id').where('en_code', '=', code);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw fail('codeTaken', { code });
}

export async function createDataInterface(db: Db, dialect: Dialect, body: DataInterfaceBody, actor: Actor) {
  await checkBody(db, dialect, body);
  await assertCodeFree(db, body.enCode);
  const id = newId(actor.now);
  await codeGuard(body.enCode, () =>
    db
      .insertInto('data_interface')
      .values({ id, ...columnsOf(body), ...createdColumns(actor) })
      .execute(),
  );
  return id;
}

export async function updateDataInterface(
  db: Db,
  dialect: Dialect,
  id: string,
  body: DataInterfaceBody & { version: number },
  actor: Actor,
) {
  await checkBody(db, dialect, body);
  await assertCodeFree(db, body.enCode, id);
  await codeGuard(body.enCode, () =>
    inTransaction(db, (trx) =>
      updateVersioned(trx, 'data_interface', id, body.version, { ...columnsOf(body), ...updatedColumns(actor) }),
    ),
  );
}

export async function removeDataInterface(db: Db, id: string) {
  await inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom('data_interface').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) !== 1) throw notFound();
    await trx.deleteFrom('data_interface_log').where('interface_id', '=', id).execute();
  });
}

/** Flips enabled (bumping the version so an open edit of the old state gets 409); answers the new state. */
export async function toggleDataInterface(db: Db, id: string, actor: Actor): Promise<number> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('data_interface')
      .select(['enabled', 'version'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    const enabled = row.enabled === 1 ? 0 : 1;
    await updateVersioned(trx, 'data_interface', id, row.version, { enabled, ...updatedColumns(actor) });
    return enabled;
  });
}

export async function listCategories(db: Db) {
  return db.selectFrom('data_interface_category').selectAll().orderBy('sort_code').orderBy('id').execute();
}

/** The management list: paged, by keyword (name or code), category and type. */
export async function listDataInterfaces(db: Db, dialect: Dialect, query: ListQuery) {
  let base = db
    .selectFrom('data_interface as d')
    .leftJoin('data_interface_category as c', 'c.id', 'd.category_id')
    .leftJoin('users as u', 'u.id', 'd.created_by');
  if (query.keyword) base = base.where((eb) => containsAny(eb, dialect, ['d.full_name', 'd.en_code'], query.keyword));
  if (query.categoryId) base = base.where('d.category_id', '=', query.categoryId);
  if (query.dataType) base = base.where('d.data_type', '=', query.dataType);
  const [counted, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select([
        'd.id',
        'd.full_name',
        'd.en_code',
        'd.category_id',
        'c.full_name as category_name',
        'd.data_type',
        'd.request_method',
        'd.check_type',
        'd.enabled',
        'd.sort_code',
        'd.description',
        'd.created_at',
        'd.updated_at',
        'u.real_name as creator_name',
        'u.account as creator_account',
      ])
      .orderBy('d.sort_code')
      .orderBy('d.created_at', query.sort === 'asc' ? 'asc' : 'desc')
      .limit(query.pageSize)
      .offset((query.currentPage - 1) * query.pageSize)
      .execute(),
  ]);
  return pageOf(
    rows.map((r) => ({
      id: r.id,
      fullName: r.full_name,
      enCode: r.en_code,
      categoryId: r.category_id,
      categoryName: r.category_name ?? '',
      dataType: r.data_type,
      requestMethod: r.request_method,
      checkType: r.check_type,
      enabledMark: r.enabled,
      sortCode: r.sort_code,
      description: r.description ?? '',
      creatorTime: Number(r.created_at),
      creatorUser: r.creator_name ? `${r.creator_name}/${r.creator_account}` : '',
      lastModifyTime: r.updated_at === null ? null : Number(r.updated_at),
    })),
    query,
    Number(counted.total),
  );
}

/** Enabled interfaces for pickers (form designers choose one), by keyword and type. */
export async function enabledInterfaces(db: Db, dialect: Dialect, keyword: string, dataType?: number) {
  let q = db
    .selectFrom('data_interface')
    .select(['id', 'full_name', 'en_code', 'category_id', 'data_type', 'check_type'])
    .where('enabled', '=', 1);
  if (keyword) q = q.where((eb) => containsAny(eb, dialect, ['full_name', 'en_code'], keyword));
  if (dataType) q = q.where('data_type', '=', dataType);
  const rows = await q.orderBy('sort_code').orderBy('id').execute();
  return rows.map((r) => ({
    id: r.id,
    fullName: r.full_name,
    enCode: r.en_code,
    categoryId: r.category_id,
    dataType: r.data_type,
    checkType: r.check_type,
  }));
}

/** Categories as tree nodes with their enabled interfaces as leaves (GET /Selector). */
export async function interfaceTree(db: Db, dialect: Dialect) {
  const [categories, interfaces] = await Promise.all([listCategories(db), enabledInterfaces(db, dialect, '')]);
  return categories.map((c) => {
    const children = interfaces
      .filter((i) => i.categoryId === c.id)
      .map((i) => ({ ...i, parentId: c.id, type: 'interface', hasChildren: false, isLeaf: true, children: [] }));
    return {
      id: c.id,
      fullName: c.full_name,
      enCode: c.en_code,
      parentId: '-1',
      type: 'category',
      hasChildren: children.length > 0,
      isLeaf: false,
      children,
    };
  });
}

/** The declared parameters (GET /GetParam/{id}), for form widgets that fill them. */
export async function declaredParameters(db: Db, id: string) {
  const def = await loadDefinition(db, id);
  return def.requestParameters;
}

/** The definition as exported and imported: everything but the id, audit columns and version. */
export async function exportDefinition(db: Db, id: string) {
  const def = await loadDefinition(db, id);
  const { id: _id, version: _version, ...rest } = def;
  return rest;
}
