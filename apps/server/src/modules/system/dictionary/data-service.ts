import {
  DICTIONARY_TOP_PARENT,
  type DictionaryAll,
  type DictionaryDataInfo,
  type DictionaryDataRow,
  type DictionaryEntry,
  type DictionaryOption,
} from '@atrium/shared';
import type { Db } from '../../../db/index.ts';
import type { DictionaryDataTable, DictionaryTypeTable } from '../../../db/schema.ts';
import { inTransaction, lockRow, type Tx } from '../../../db/tx.ts';
import { fail, notFound } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { createdColumns, updatedColumns, type Actor } from '../../../core/records.ts';
import { bumpRevision } from '../../../core/revisions.ts';
import { codeGuard } from '../../../core/unique-code.ts';
import { updateVersioned } from '../../../core/versioned.ts';
import { badField, type Translate } from '../../organize/common.ts';
import { buildTree } from '../../organize/organize-service.ts';
import type { DataBody } from './schema.ts';
import { childItemCount, findType, loadTypes } from './type-service.ts';
import { enabledPaths, isWithin, keywordMatcher, withAncestors, withoutSubtree } from './tree.ts';

type Item = DictionaryDataTable;

/** The items of one type (or of all types) in display order. */
function loadItems(db: Db | Tx, typeId?: string): Promise<Item[]> {
  let q = db.selectFrom('dictionary_data').selectAll();
  if (typeId) q = q.where('type_id', '=', typeId);
  return q.orderBy('sort_code').orderBy('created_at').orderBy('id').execute();
}

/** The type given by id or enCode; 404 when there is none. */
export async function typeOf(db: Db | Tx, idOrCode: string): Promise<DictionaryTypeTable> {
  const type = await findType(db, idOrCode);
  if (!type) throw notFound();
  return type;
}

function dataRow(r: Item): DictionaryDataRow {
  return {
    id: r.id,
    parentId: r.parent_id,
    fullName: r.full_name,
    enCode: r.en_code,
    simpleSpelling: r.simple_spelling,
    isDefault: r.is_default,
    sortCode: r.sort_code,
    enabledMark: r.enabled,
    description: r.description ?? '',
    creatorTime: r.created_at,
  };
}

const option = (r: Item): DictionaryOption => ({ id: r.id, enCode: r.en_code, fullName: r.full_name });

const markLeaf = (node: DictionaryDataRow) => {
  node.hasChildren = !!node.children?.length;
};

/**
 * The item list of the dictionary screen: a tree for tree types (unless isTree=0 asks for the flat
 * list), where a keyword keeps the matching items and their ancestors; a flat list otherwise.
 */
export async function listData(
  db: Db,
  typeIdOrCode: string,
  keyword: string,
  isTree: boolean | undefined,
): Promise<DictionaryDataRow[]> {
  const type = await typeOf(db, typeIdOrCode);
  const items = await loadItems(db, type.id);
  const matches = keywordMatcher(keyword);
  if (type.is_tree === 1 && isTree !== false) return buildTree(withAncestors(items, matches), dataRow, markLeaf);
  return items.filter(matches).map(dataRow);
}

/** The enabled items of a type as widgets show them: a tree for tree types, else a flat list. */
function optionsOf(type: DictionaryTypeTable, items: readonly Item[]): DictionaryOption[] {
  const enabled = enabledPaths(items);
  if (type.is_tree === 1) return buildTree(enabled, option);
  return enabled.map(option);
}

/** The options of one dictionary, named by type id or enCode (GET .../{typeId}/Data/Selector). */
export async function dataOptions(db: Db, typeIdOrCode: string): Promise<DictionaryOption[]> {
  const type = await typeOf(db, typeIdOrCode);
  return optionsOf(type, await loadItems(db, type.id));
}

/**
 * The parent picker of a tree type: every item except `excludeId` and its subtree (a tree unless
 * isTree=0 asks for a flat list).
 */
export async function dataSelector(
  db: Db,
  typeIdOrCode: string,
  excludeId: string,
  isTree: boolean | undefined,
): Promise<DictionaryOption[]> {
  const type = await typeOf(db, typeIdOrCode);
  const rows = withoutSubtree(await loadItems(db, type.id), excludeId);
  return isTree === false ? rows.map(option) : buildTree(rows, option);
}

/**
 * The client cache: every enabled type with its enabled items, and the revision they were read at.
 * The revision is read first, so a change racing this read can only make the answer newer than
 * its revision (the client then re-reads once more), never older.
 */
export async function allDictionaries(db: Db): Promise<DictionaryAll> {
  const revision = await dictionaryRevision(db);
  const [types, items] = [await loadTypes(db), await loadItems(db)];
  const byType = new Map<string, Item[]>();
  for (const item of items) {
    const list = byType.get(item.type_id);
    if (list) list.push(item);
    else byType.set(item.type_id, [item]);
  }
  const list: DictionaryEntry[] = types
    .filter((type) => type.enabled === 1)
    .map((type) => ({
      id: type.id,
      enCode: type.en_code,
      fullName: type.full_name,
      isTree: type.is_tree,
      dictionaryList: optionsOf(type, byType.get(type.id) ?? []),
    }));
  return { revision, list };
}

/** The counter every dictionary write bumps (0 before the first write). */
export async function dictionaryRevision(db: Db): Promise<number> {
  const row = await db.selectFrom('revision').select('value').where('name', '=', 'dictionary').executeTakeFirst();
  return Number(row?.value ?? 0);
}

export async function dataInfo(db: Db, id: string): Promise<DictionaryDataInfo> {
  const r = await db.selectFrom('dictionary_data').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound();
  const { creatorTime: _created, ...row } = dataRow(r);
  void _created;
  return { ...row, dictionaryTypeId: r.type_id, version: r.version };
}

/** 400 unless the type exists; locks it so a concurrent delete of the type waits for this write. */
async function lockedType(trx: Tx, t: Translate, typeId: string): Promise<DictionaryTypeTable> {
  if (!(await lockRow(trx, 'dictionary_type', typeId))) throw badField(t, 'dictionaryTypeId', 'dictionaryTypeMissing');
  return await trx.selectFrom('dictionary_type').selectAll().where('id', '=', typeId).executeTakeFirstOrThrow();
}

/** A parent must be an item of the same tree type (locked against a concurrent delete). */
async function checkParent(trx: Tx, t: Translate, type: DictionaryTypeTable, parentId: string): Promise<void> {
  if (parentId === DICTIONARY_TOP_PARENT) return;
  if (type.is_tree !== 1) throw badField(t, 'parentId', 'dictionaryNotTree');
  const parent = await trx
    .selectFrom('dictionary_data')
    .select('type_id')
    .where('id', '=', parentId)
    .executeTakeFirst();
  if (!parent || parent.type_id !== type.id || !(await lockRow(trx, 'dictionary_data', parentId)))
    throw badField(t, 'parentId', 'dictionaryParentMissing');
}

async function assertCodeFree(trx: Tx, typeId: string, code: string, exceptId?: string): Promise<void> {
  let q = trx.selectFrom('dictionary_data').select('id').where('type_id', '=', typeId).where('en_code', '=', code);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw fail('codeTaken', { code });
}

const columns = (body: DataBody) => ({
  parent_id: body.parentId,
  full_name: body.fullName,
  en_code: body.enCode,
  simple_spelling: body.simpleSpelling,
  is_default: body.isDefault,
  enabled: body.enabledMark,
  sort_code: body.sortCode,
  description: body.description || null,
});

/** Creates an item; its code is unique within its type (the constraint settles concurrent creates). */
export async function createData(db: Db, t: Translate, body: DataBody, actor: Actor): Promise<string> {
  return inTransaction(db, async (trx) => {
    const type = await lockedType(trx, t, body.dictionaryTypeId);
    await checkParent(trx, t, type, body.parentId);
    await assertCodeFree(trx, type.id, body.enCode);
    const id = newId(actor.now);
    await codeGuard(body.enCode, () =>
      trx
        .insertInto('dictionary_data')
        .values({ id, type_id: type.id, ...columns(body), ...createdColumns(actor) })
        .execute(),
    );
    await bumpRevision(trx, 'dictionary');
    return id;
  });
}

/** Saves an item with the version its editor loaded; it stays in its type and cannot move under itself. */
export async function updateData(
  db: Db,
  t: Translate,
  id: string,
  body: DataBody & { version: number },
  actor: Actor,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await trx.selectFrom('dictionary_data').selectAll().where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound();
    if (body.dictionaryTypeId !== current.type_id) throw badField(t, 'dictionaryTypeId', 'fieldValue');
    const type = await lockedType(trx, t, current.type_id);
    await checkParent(trx, t, type, body.parentId);
    if (body.parentId !== DICTIONARY_TOP_PARENT && isWithin(await loadItems(trx, type.id), body.parentId, id))
      throw badField(t, 'parentId', 'dictionaryMoveIntoSelf');
    await assertCodeFree(trx, type.id, body.enCode, id);
    await codeGuard(body.enCode, () =>
      updateVersioned(trx, 'dictionary_data', id, body.version, { ...columns(body), ...updatedColumns(actor) }),
    );
    await bumpRevision(trx, 'dictionary');
  });
}

/** Deletes an item without children (a concurrent create beneath it waits on its row lock). */
export async function removeData(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await lockRow(trx, 'dictionary_data', id))) throw notFound();
    const children = await childItemCount(trx, id);
    if (children) throw fail('dictionaryDataHasChildren', { count: children });
    await trx.deleteFrom('dictionary_data').where('id', '=', id).execute();
    await bumpRevision(trx, 'dictionary');
  });
}

/** Flips an item's state (bumping its version) and answers the new one. */
export async function toggleData(db: Db, id: string, actor: Actor): Promise<number> {
  return inTransaction(db, async (trx) => {
    const current = await trx.selectFrom('dictionary_data').select('enabled').where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound();
    const enabled = current.enabled === 1 ? 0 : 1;
    await trx
      .updateTable('dictionary_data')
      .set((eb) => ({ enabled, ...updatedColumns(actor), version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .execute();
    await bumpRevision(trx, 'dictionary');
    return enabled;
  });
}

interface ExportNode {
  row: Item;
  children?: ExportNode[];
}

/** Every item of a type, parents before their children, for the export. */
export async function exportItems(db: Db, typeIdOrCode: string): Promise<{ type: DictionaryTypeTable; items: Item[] }> {
  const type = await typeOf(db, typeIdOrCode);
  const ordered: Item[] = [];
  const walk = (nodes: ExportNode[]) => {
    for (const node of nodes) {
      ordered.push(node.row);
      walk(node.children ?? []);
    }
  };
  walk(buildTree<Item, ExportNode>(await loadItems(db, type.id), (row) => ({ row })));
  return { type, items: ordered };
}

/**
 * Whether `itemId` is an item of the dictionary whose enCode is `typeCode`, for records (such as
 * users) that store a dictionary item id. An empty value is fine: the field is optional.
 */
export async function isDictionaryItem(
  db: Db | Tx,
  typeCode: string,
  itemId: string | null | undefined,
): Promise<boolean> {
  if (!itemId) return true;
  const found = await db
    .selectFrom('dictionary_data')
    .innerJoin('dictionary_type', 'dictionary_type.id', 'dictionary_data.type_id')
    .select('dictionary_data.id')
    .where('dictionary_data.id', '=', itemId)
    .where('dictionary_type.en_code', '=', typeCode)
    .executeTakeFirst();
  return !!found;
}
