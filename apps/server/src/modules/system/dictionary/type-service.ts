import { DICTIONARY_TOP_PARENT, type DictionaryTypeInfo, type DictionaryTypeNode } from '@atrium/shared';
import type { Db } from '../../../db/index.ts';
import type { DictionaryTypeTable } from '../../../db/schema.ts';
import { inTransaction, lockRow, type Tx } from '../../../db/tx.ts';
import { fail, notFound } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { createdColumns, updatedColumns, type Actor } from '../../../core/records.ts';
import { bumpRevision } from '../../../core/revisions.ts';
import { codeGuard } from '../../../core/unique-code.ts';
import { updateVersioned } from '../../../core/versioned.ts';
import { badField, countOf, type Translate } from '../../organize/common.ts';
import { buildTree } from '../../organize/organize-service.ts';
import type { TypeBody } from './schema.ts';
import { isWithin, keywordMatcher, withAncestors, withoutSubtree } from './tree.ts';

/** Every dictionary type in tree order (sort code, then creation). */
export function loadTypes(db: Db | Tx): Promise<DictionaryTypeTable[]> {
  return db
    .selectFrom('dictionary_type')
    .selectAll()
    .orderBy('sort_code')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

function typeNode(r: DictionaryTypeTable): DictionaryTypeNode {
  return {
    id: r.id,
    parentId: r.parent_id,
    fullName: r.full_name,
    enCode: r.en_code,
    isTree: r.is_tree,
    sortCode: r.sort_code,
    enabledMark: r.enabled,
    hasChildren: false,
  };
}

const markLeaf = (node: DictionaryTypeNode) => {
  node.hasChildren = !!node.children?.length;
};

const tree = (rows: readonly DictionaryTypeTable[]) => buildTree(rows, typeNode, markLeaf);

/** The type tree of the dictionary screen; a keyword keeps the matches and their ancestors. */
export async function typeTree(db: Db, keyword: string): Promise<DictionaryTypeNode[]> {
  return tree(withAncestors(await loadTypes(db), keywordMatcher(keyword)));
}

/** The parent picker: every type except `id` and its subtree. */
export async function typeSelector(db: Db, id: string): Promise<DictionaryTypeNode[]> {
  return tree(withoutSubtree(await loadTypes(db), id));
}

export async function typeInfo(db: Db, id: string): Promise<DictionaryTypeInfo> {
  const r = await db.selectFrom('dictionary_type').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound();
  return { ...typeNode(r), description: r.description ?? '', version: r.version };
}

/** The type given by id or, failing that, by enCode (widgets may name a dictionary either way). */
export async function findType(db: Db | Tx, idOrCode: string): Promise<DictionaryTypeTable | undefined> {
  const byId = await db.selectFrom('dictionary_type').selectAll().where('id', '=', idOrCode).executeTakeFirst();
  return byId ?? db.selectFrom('dictionary_type').selectAll().where('en_code', '=', idOrCode).executeTakeFirst();
}

async function assertCodeFree(trx: Tx, code: string, exceptId?: string): Promise<void> {
  let q = trx.selectFrom('dictionary_type').select('id').where('en_code', '=', code);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw fail('codeTaken', { code });
}

async function assertParent(trx: Tx, t: Translate, parentId: string): Promise<void> {
  if (parentId === DICTIONARY_TOP_PARENT) return;
  // Locked: a concurrent delete of the parent waits, and then sees this new child.
  if (!(await lockRow(trx, 'dictionary_type', parentId))) throw badField(t, 'parentId', 'dictionaryParentMissing');
}

const columns = (body: TypeBody) => ({
  parent_id: body.parentId,
  full_name: body.fullName,
  en_code: body.enCode,
  is_tree: body.isTree,
  enabled: body.enabledMark,
  sort_code: body.sortCode,
  description: body.description || null,
});

/** Creates a type; its code is unique over all types (the constraint settles concurrent creates). */
export async function createType(db: Db, t: Translate, body: TypeBody, actor: Actor): Promise<string> {
  return inTransaction(db, async (trx) => {
    await assertParent(trx, t, body.parentId);
    await assertCodeFree(trx, body.enCode);
    const id = newId(actor.now);
    await codeGuard(body.enCode, () =>
      trx
        .insertInto('dictionary_type')
        .values({ id, ...columns(body), ...createdColumns(actor) })
        .execute(),
    );
    await bumpRevision(trx, 'dictionary');
    return id;
  });
}

/**
 * Saves a type with the version its editor loaded. It cannot move under itself, and a tree type
 * whose items are nested cannot become flat (the nesting would be lost silently).
 */
export async function updateType(
  db: Db,
  t: Translate,
  id: string,
  body: TypeBody & { version: number },
  actor: Actor,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await trx.selectFrom('dictionary_type').selectAll().where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound();
    await assertParent(trx, t, body.parentId);
    if (body.parentId !== DICTIONARY_TOP_PARENT && isWithin(await loadTypes(trx), body.parentId, id))
      throw badField(t, 'parentId', 'dictionaryMoveIntoSelf');
    if (current.is_tree === 1 && body.isTree === 0) {
      const nested = await trx
        .selectFrom('dictionary_data')
        .select('id')
        .where('type_id', '=', id)
        .where('parent_id', '!=', DICTIONARY_TOP_PARENT)
        .executeTakeFirst();
      if (nested) throw badField(t, 'isTree', 'dictionaryTreeHasLevels');
    }
    await assertCodeFree(trx, body.enCode, id);
    await codeGuard(body.enCode, () =>
      updateVersioned(trx, 'dictionary_type', id, body.version, { ...columns(body), ...updatedColumns(actor) }),
    );
    await bumpRevision(trx, 'dictionary');
  });
}

const countWhere = async (
  trx: Tx,
  table: 'dictionary_type' | 'dictionary_data',
  column: 'parent_id' | 'type_id',
  id: string,
) =>
  countOf(
    await trx
      .selectFrom(table as 'dictionary_data')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(column, '=', id)
      .executeTakeFirst(),
  );

/** Deletes a type that has neither sub-types nor items (the message says which to remove first). */
export async function removeType(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    if (!(await lockRow(trx, 'dictionary_type', id))) throw notFound();
    const children = await countWhere(trx, 'dictionary_type', 'parent_id', id);
    if (children) throw fail('dictionaryTypeHasChildren', { count: children });
    const items = await countWhere(trx, 'dictionary_data', 'type_id', id);
    if (items) throw fail('dictionaryTypeHasItems', { count: items });
    await trx.deleteFrom('dictionary_type').where('id', '=', id).execute();
    await bumpRevision(trx, 'dictionary');
  });
}

/** Item children of an item (for the data service's delete). */
export const childItemCount = (trx: Tx, id: string) => countWhere(trx, 'dictionary_data', 'parent_id', id);
