import {
  ORGANIZE_TOP_PARENT,
  type OrganizeCategory,
  type OrganizeInfo,
  type OrganizeListItem,
  type PickerTreeNode,
} from '@atrium/shared';
import type { Db } from '../../db/index.ts';
import type { OrganizeTable } from '../../db/schema.ts';
import { inTransaction } from '../../db/tx.ts';
import { fail, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import {
  createdColumns,
  namedRecordFields,
  removeUnreferenced,
  updatedColumns,
  type Actor,
} from '../../core/records.ts';
import { insertWithUniqueCode, writeWithUniqueCode } from '../../core/unique-code.ts';
import { updateVersioned } from '../../core/versioned.ts';
import { authorityKeys, bumpAuthorityRevision } from '../../core/authority.ts';
import { badField, countOf, matchesKeyword, type Translate } from './common.ts';
import type { OrganizeBody } from './schema.ts';

export type OrganizeRow = OrganizeTable & { manager_name: string | null; manager_account: string | null };

/** Icons of the original client for company and department nodes. */
export const ORGANIZE_ICONS: Record<OrganizeCategory, string> = {
  company: 'icon-ym icon-ym-tree-organization3',
  department: 'icon-ym icon-ym-tree-department1',
};

/** Every organisation with its manager's name, in tree order (sort code, then creation). */
export async function loadOrganizes(db: Db): Promise<OrganizeRow[]> {
  return db
    .selectFrom('organize')
    .leftJoin('users', 'users.id', 'organize.manager_id')
    .selectAll('organize')
    .select(['users.real_name as manager_name', 'users.account as manager_account'])
    .orderBy('organize.sort_code')
    .orderBy('organize.created_at')
    .orderBy('organize.id')
    .execute();
}

const pathIds = (row: Pick<OrganizeTable, 'organize_id_tree'>) => row.organize_id_tree.split(',');
const managerName = (r: OrganizeRow) => (r.manager_name ? `${r.manager_name}/${r.manager_account}` : '');

/**
 * Builds a tree from a subset of rows: a row whose parent is not in the subset becomes a root, so a
 * caller limited to some branches gets those branches as its top level.
 */
export function buildTree<R extends { id: string; parent_id: string }, N extends { children?: N[] }>(
  rows: readonly R[],
  toNode: (row: R) => N,
  leaf?: (node: N) => void,
): N[] {
  const nodes = new Map<string, N>();
  for (const r of rows) nodes.set(r.id, toNode(r));
  const roots: N[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = nodes.get(r.parent_id);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  if (leaf) for (const node of nodes.values()) leaf(node);
  return roots;
}

/** The wire fields the tree-table row and the detail form share. */
const organizeFields = (r: OrganizeRow) => ({
  ...namedRecordFields(r),
  parentId: r.parent_id,
  category: r.category,
  managerId: r.manager_id,
  managerName: managerName(r),
  organizeIdTree: r.organize_id_tree,
});

function listItem(r: OrganizeRow): OrganizeListItem {
  return { ...organizeFields(r), creatorTime: r.created_at, hasChildren: false };
}

/** The picker node for an organisation. */
export function pickerNode(r: OrganizeTable, names: Map<string, string>): PickerTreeNode {
  const ids = pathIds(r);
  const lastFullName = ids.map((id) => names.get(id) ?? '').join('/');
  return {
    id: r.id,
    parentId: r.parent_id,
    fullName: r.full_name,
    enCode: r.en_code,
    type: r.category,
    isLeaf: true,
    hasChildren: false,
    icon: ORGANIZE_ICONS[r.category],
    organize: lastFullName,
    organizeIds: ids,
    lastFullName,
    sortCode: r.sort_code,
  };
}

function markLeaf(node: { isLeaf?: boolean; hasChildren: boolean; children?: unknown[] }): void {
  const has = !!node.children?.length;
  node.hasChildren = has;
  if ('isLeaf' in node) node.isLeaf = !has;
}

export function namesOf(rows: readonly OrganizeTable[]): Map<string, string> {
  return new Map(rows.map((r) => [r.id, r.full_name]));
}

export function pickerTree(rows: readonly OrganizeTable[], all: readonly OrganizeTable[] = rows): PickerTreeNode[] {
  const names = namesOf(all);
  return buildTree<OrganizeTable, PickerTreeNode>(rows, (r) => pickerNode(r, names), markLeaf);
}

/** Rows matching the keyword plus their ancestors, so the matches show in place in the tree. */
export function withAncestors<R extends OrganizeTable>(rows: readonly R[], keyword: string): R[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...rows];
  const keep = new Set<string>();
  for (const r of rows) if (matchesKeyword(r, needle)) for (const id of pathIds(r)) keep.add(id);
  return rows.filter((r) => keep.has(r.id));
}

/** The tree-table of the organisation screen. */
export async function organizeList(db: Db, keyword: string): Promise<OrganizeListItem[]> {
  const rows = withAncestors(await loadOrganizes(db), keyword);
  return buildTree<OrganizeRow, OrganizeListItem>(rows, listItem, markLeaf);
}

/** Enabled organisations whose whole path is enabled (a disabled company hides its departments). */
export function enabledOnly<R extends OrganizeTable>(rows: readonly R[]): R[] {
  const disabled = new Set(rows.filter((r) => r.enabled !== 1).map((r) => r.id));
  return rows.filter((r) => !pathIds(r).some((id) => disabled.has(id)));
}

/** Drops the organisation `id` and its subtree: a node cannot become its own parent. */
export function withoutSubtree<R extends OrganizeTable>(rows: readonly R[], id: string): R[] {
  if (!id || id === '0' || id === ORGANIZE_TOP_PARENT) return [...rows];
  return rows.filter((r) => !pathIds(r).includes(id));
}

/** Rows inside the subtrees of the given roots. */
export function withinSubtrees<R extends OrganizeTable>(rows: readonly R[], roots: Iterable<string>): R[] {
  const set = new Set(roots);
  return rows.filter((r) => pathIds(r).some((id) => set.has(id)));
}

/** Organisations a user belongs to: the major one and every Organize relation. */
export async function userOrganizeIds(db: Db, userId: string): Promise<string[]> {
  const [user, rel] = await Promise.all([
    db.selectFrom('users').select('organize_id').where('id', '=', userId).executeTakeFirst(),
    db
      .selectFrom('user_relation')
      .select('object_id')
      .where('user_id', '=', userId)
      .where('object_type', '=', 'Organize')
      .execute(),
  ]);
  const ids = new Set(rel.map((r) => r.object_id));
  if (user?.organize_id) ids.add(user.organize_id);
  return [...ids];
}

export async function organizeInfo(db: Db, id: string): Promise<OrganizeInfo> {
  const r = await db
    .selectFrom('organize')
    .leftJoin('users', 'users.id', 'organize.manager_id')
    .selectAll('organize')
    .select(['users.real_name as manager_name', 'users.account as manager_account'])
    .where('organize.id', '=', id)
    .executeTakeFirst();
  if (!r) throw notFound();
  return { ...organizeFields(r), version: r.version };
}

async function parentOf(db: Db, t: Translate, parentId: string) {
  if (parentId === ORGANIZE_TOP_PARENT) return null;
  const parent = await db
    .selectFrom('organize')
    .select(['id', 'category', 'organize_id_tree'])
    .where('id', '=', parentId)
    .executeTakeFirst();
  if (!parent) throw badField(t, 'parentId', 'organizeParentMissing');
  return parent;
}

function checkPlacement(t: Translate, category: OrganizeCategory, parent: { category: OrganizeCategory } | null): void {
  if (category === 'department' && !parent) throw badField(t, 'parentId', 'organizeDepartmentAtTop');
  if (category === 'company' && parent?.category === 'department')
    throw badField(t, 'parentId', 'organizeCompanyUnderDepartment');
}

async function checkManager(db: Db, t: Translate, managerId: string | null) {
  if (!managerId) return;
  const user = await db.selectFrom('users').select('id').where('id', '=', managerId).executeTakeFirst();
  if (!user) throw badField(t, 'managerId', 'managerMissing');
}

/** The columns an organisation form writes, with its category and stored id path. */
const columns = (body: OrganizeBody, category: OrganizeCategory, tree: string) => ({
  parent_id: body.parentId,
  category,
  en_code: body.enCode,
  full_name: body.fullName,
  manager_id: body.managerId,
  organize_id_tree: tree,
  description: body.description || null,
  enabled: body.enabledMark,
  sort_code: body.sortCode,
});

export async function createOrganize(
  db: Db,
  t: Translate,
  body: OrganizeBody,
  category: OrganizeCategory,
  actor: Actor,
): Promise<string> {
  return inTransaction(db, async (trx) => {
    const parent = await parentOf(trx, t, body.parentId);
    checkPlacement(t, category, parent);
    await checkManager(trx, t, body.managerId);
    const id = newId(actor.now);
    const tree = parent ? `${parent.organize_id_tree},${id}` : id;
    await insertWithUniqueCode(trx, 'organize', { id, ...columns(body, category, tree), ...createdColumns(actor) });
    return id;
  });
}

/**
 * Saves an organisation. Moving it (a new parent) rewrites the stored id path of the whole subtree;
 * a move under itself or its own descendant is refused. Renames, moves and enabling/disabling
 * change what CurrentUser shows, so they bump the authority revision in the same transaction.
 */
export async function updateOrganize(
  db: Db,
  t: Translate,
  id: string,
  body: OrganizeBody & { version: number },
  actor: Actor,
  onlyCategory?: OrganizeCategory,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await trx.selectFrom('organize').selectAll().where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound();
    if (onlyCategory && current.category !== onlyCategory) throw fail('organizeNotDepartment');
    const category = body.category ?? current.category;
    const parent = await parentOf(trx, t, body.parentId);
    if (body.parentId === id || parent?.organize_id_tree.split(',').includes(id))
      throw badField(t, 'parentId', 'organizeMoveIntoSelf');
    checkPlacement(t, category, parent);
    if (category === 'department' && current.category === 'company') {
      const companies = await trx
        .selectFrom('organize')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('organize_id_tree', 'like', `${current.organize_id_tree},%`)
        .where('category', '=', 'company')
        .executeTakeFirst();
      if (countOf(companies) > 0) throw badField(t, 'category', 'organizeCategoryLocked');
    }
    await checkManager(trx, t, body.managerId);
    const tree = parent ? `${parent.organize_id_tree},${id}` : id;
    await writeWithUniqueCode(trx, 'organize', body.enCode, id, () =>
      updateVersioned(trx, 'organize', id, body.version, {
        ...columns(body, category, tree),
        ...updatedColumns(actor),
      }),
    );
    if (tree !== current.organize_id_tree) {
      const oldPrefix = `${current.organize_id_tree},`;
      const descendants = await trx
        .selectFrom('organize')
        .select(['id', 'organize_id_tree'])
        .where('organize_id_tree', 'like', `${oldPrefix}%`)
        .execute();
      for (const d of descendants) {
        await trx
          .updateTable('organize')
          .set({ organize_id_tree: `${tree},${d.organize_id_tree.slice(oldPrefix.length)}` })
          .where('id', '=', d.id)
          .execute();
      }
    }
    if (
      tree !== current.organize_id_tree ||
      body.fullName !== current.full_name ||
      body.enabledMark !== current.enabled ||
      body.managerId !== current.manager_id
    )
      // Users below it carry it on their organisation paths, so its key reaches them too.
      await bumpAuthorityRevision(trx, authorityKeys.holder('organize', id));
  });
}

/** What still refers to an organisation; deleting it is refused while anything does. */
export async function organizeReferences(db: Db, id: string) {
  const [children, relUsers, majorUsers, positions, roles] = await Promise.all([
    db
      .selectFrom('organize')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('parent_id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('user_relation')
      .select('user_id')
      .where('object_type', '=', 'Organize')
      .where('object_id', '=', id)
      .execute(),
    db.selectFrom('users').select('id').where('organize_id', '=', id).execute(),
    db
      .selectFrom('position')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('organize_id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('role')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('organize_id', '=', id)
      .executeTakeFirst(),
  ]);
  const users = new Set([...relUsers.map((r) => r.user_id), ...majorUsers.map((u) => u.id)]);
  return { children: countOf(children), users: users.size, positions: countOf(positions), roles: countOf(roles) };
}

export async function removeOrganize(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await removeUnreferenced(trx, 'organize', id, async () => {
      const refs = await organizeReferences(trx, id);
      return [
        ['organizeHasChildren', refs.children],
        ['organizeHasUsers', refs.users],
        ['organizeHasPositions', refs.positions],
        ['organizeHasRoles', refs.roles],
      ];
    });
    await trx.deleteFrom('authorize').where('object_type', '=', 'organize').where('object_id', '=', id).execute();
    await bumpAuthorityRevision(trx, authorityKeys.holder('organize', id));
  });
}
