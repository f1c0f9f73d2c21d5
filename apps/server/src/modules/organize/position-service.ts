import type { Expression, SqlBool } from 'kysely';
import type { PickerTreeNode, PositionInfo, PositionListItem } from '@atrium/shared';
import type { Db, Dialect } from '../../db/index.ts';
import { inTransaction } from '../../db/tx.ts';
import { notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { countedPage, pageOf, type PageQuery } from '../../core/paging.ts';
import {
  createdColumns,
  namedRecordFields,
  removeUnreferenced,
  updatedColumns,
  type Actor,
} from '../../core/records.ts';
import { containsAny } from '../../core/sql.ts';
import { insertWithUniqueCode, writeWithUniqueCode } from '../../core/unique-code.ts';
import { updateVersioned } from '../../core/versioned.ts';
import { authorityKeys, bumpAuthorityRevision } from '../../core/authority.ts';
import { badField, matchesKeyword, type Translate } from './common.ts';
import { enabledOnly, loadOrganizes, namesOf, pickerNode, buildTree } from './organize-service.ts';
import type { PositionBody } from './schema.ts';
import { checkGrade } from './grade-service.ts';

export const POSITION_ICON = 'icon-ym icon-ym-tree-position1';

/** Users holding a position: the major position and every Position relation. */
function positionUserCounts(db: Db, ids: string[]) {
  if (!ids.length) return Promise.resolve(new Map<string, number>());
  return Promise.all([
    db
      .selectFrom('user_relation')
      .select(['object_id', 'user_id'])
      .where('object_type', '=', 'Position')
      .where('object_id', 'in', ids)
      .execute(),
    db.selectFrom('users').select(['position_id', 'id']).where('position_id', 'in', ids).execute(),
  ]).then(([rel, major]) => {
    const sets = new Map<string, Set<string>>();
    const add = (pos: string, user: string) => {
      if (!sets.has(pos)) sets.set(pos, new Set());
      sets.get(pos)!.add(user);
    };
    for (const r of rel) add(r.object_id, r.user_id);
    for (const u of major) if (u.position_id) add(u.position_id, u.id);
    return new Map([...sets].map(([k, v]) => [k, v.size]));
  });
}

/**
 * One page of positions, by keyword and organisation (the organisation and its sub-organisations),
 * within the caller's data scheme on permission.position (null = unrestricted).
 */
export async function listPositions(
  db: Db,
  dialect: Dialect,
  query: PageQuery & { organizeId?: string },
  scope: Expression<SqlBool> | null = null,
) {
  let base = db
    .selectFrom('position')
    .innerJoin('organize', 'organize.id', 'position.organize_id')
    .leftJoin('job_grade', 'job_grade.id', 'position.grade_id');
  if (scope) base = base.where(scope);
  if (query.keyword)
    base = base.where((eb) => containsAny(eb, dialect, ['position.full_name', 'position.en_code'], query.keyword));
  if (query.organizeId) {
    const org = await db
      .selectFrom('organize')
      .select('organize_id_tree')
      .where('id', '=', query.organizeId)
      .executeTakeFirst();
    const tree = org?.organize_id_tree ?? query.organizeId;
    base = base.where((eb) =>
      eb.or([eb('organize.id', '=', query.organizeId!), eb('organize.organize_id_tree', 'like', `${tree},%`)]),
    );
  }
  const { total, rows } = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    base
      .selectAll('position')
      .select(['organize.full_name as organize_name', 'job_grade.full_name as grade_name'])
      .orderBy('position.sort_code')
      .orderBy('position.created_at')
      .orderBy('position.id'),
  );
  const counts = await positionUserCounts(
    db,
    rows.map((r) => r.id),
  );
  const list: PositionListItem[] = rows.map((r) => ({
    ...namedRecordFields(r),
    organizeId: r.organize_id,
    organizeName: r.organize_name,
    creatorTime: r.created_at,
    userCount: counts.get(r.id) ?? 0,
    gradeId: r.grade_id,
    gradeName: r.grade_name ?? '',
  }));
  return pageOf(list, query, total);
}

export async function positionInfo(db: Db, id: string): Promise<PositionInfo> {
  const r = await db.selectFrom('position').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound();
  return { ...namedRecordFields(r), organizeId: r.organize_id, gradeId: r.grade_id, version: r.version };
}

/** Enabled positions, optionally limited to some organisations or ids, with their organisation. */
async function enabledPositions(db: Db, filter: { organizeIds?: string[]; ids?: string[]; keyword?: string }) {
  let q = db
    .selectFrom('position')
    .innerJoin('organize', 'organize.id', 'position.organize_id')
    .selectAll('position')
    .select('organize.full_name as organize_name')
    .where('position.enabled', '=', 1);
  if (filter.organizeIds) {
    if (!filter.organizeIds.length) return [];
    q = q.where('position.organize_id', 'in', filter.organizeIds);
  }
  if (filter.ids) {
    if (!filter.ids.length) return [];
    q = q.where('position.id', 'in', filter.ids);
  }
  const rows = await q.orderBy('position.sort_code').orderBy('position.created_at').orderBy('position.id').execute();
  const needle = filter.keyword?.trim().toLowerCase();
  return needle ? rows.filter((r) => matchesKeyword(r, needle)) : rows;
}

export async function allPositions(db: Db) {
  return (await enabledPositions(db, {})).map((r) => ({
    id: r.id,
    fullName: r.full_name,
    enCode: r.en_code,
    organizeId: r.organize_id,
    organizeName: r.organize_name,
  }));
}

/**
 * Organisation -> positions tree of the pickers: enabled organisations that hold (directly or
 * below) one of the given positions, each position a leaf of type 'position'.
 */
export async function positionTree(
  db: Db,
  filter: { organizeIds?: string[]; ids?: string[]; keyword?: string; within?: ReadonlySet<string> | null } = {},
): Promise<PickerTreeNode[]> {
  const [orgs, positions] = await Promise.all([loadOrganizes(db), enabledPositions(db, filter)]);
  // `within` (a picker scope) keeps only those organisations, with their positions.
  const live = enabledOnly(orgs).filter((o) => !filter.within || filter.within.has(o.id));
  const byId = new Map(live.map((o) => [o.id, o]));
  const names = namesOf(orgs);
  const used = new Set<string>();
  for (const p of positions) {
    const org = byId.get(p.organize_id);
    if (org) for (const id of org.organize_id_tree.split(',')) used.add(id);
  }
  const orgNodes = new Map<string, PickerTreeNode>();
  const roots = buildTree(
    live.filter((o) => used.has(o.id)),
    (o) => {
      const node = pickerNode(o, names);
      orgNodes.set(o.id, node);
      return node;
    },
  );
  for (const p of positions) {
    const parent = orgNodes.get(p.organize_id);
    if (!parent) continue;
    (parent.children ??= []).push({
      id: p.id,
      parentId: p.organize_id,
      fullName: p.full_name,
      enCode: p.en_code,
      type: 'position',
      isLeaf: true,
      hasChildren: false,
      icon: POSITION_ICON,
      organize: parent.lastFullName,
      organizeIds: parent.organizeIds,
      lastFullName: `${parent.lastFullName}/${p.full_name}`,
      sortCode: p.sort_code,
    });
  }
  for (const node of orgNodes.values()) {
    node.hasChildren = !!node.children?.length;
    node.isLeaf = !node.hasChildren;
  }
  return roots;
}

/** Positions of the given organisations, grouped under each organisation (getListByOrgIds). */
export async function positionsByOrganizes(db: Db, organizeIds: string[]) {
  const [orgs, positions] = await Promise.all([
    organizeIds.length
      ? db
          .selectFrom('organize')
          .select(['id', 'full_name', 'organize_id_tree', 'category'])
          .where('id', 'in', organizeIds)
          .execute()
      : [],
    enabledPositions(db, { organizeIds }),
  ]);
  const byId = new Map(orgs.map((o) => [o.id, o]));
  return organizeIds
    .filter((id) => byId.has(id))
    .map((id) => {
      const o = byId.get(id)!;
      const children = positions
        .filter((p) => p.organize_id === id)
        .map((p) => ({
          id: p.id,
          fullName: p.full_name,
          enCode: p.en_code,
          organizeId: id,
          type: 'position' as const,
        }));
      return { id, fullName: o.full_name, type: o.category, children, hasChildren: children.length > 0 };
    });
}

async function checkOrganize(db: Db, t: Translate, organizeId: string) {
  const org = await db.selectFrom('organize').select('id').where('id', '=', organizeId).executeTakeFirst();
  if (!org) throw badField(t, 'organizeId', 'positionOrganizeMissing');
}

/** The columns a position form writes. */
const columns = (body: PositionBody) => ({
  organize_id: body.organizeId,
  full_name: body.fullName,
  en_code: body.enCode,
  description: body.description || null,
  enabled: body.enabledMark,
  sort_code: body.sortCode,
  grade_id: body.gradeId,
});

export async function createPosition(db: Db, t: Translate, body: PositionBody, actor: Actor) {
  return inTransaction(db, async (trx) => {
    await checkOrganize(trx, t, body.organizeId);
    await checkGrade(trx, t, body.gradeId);
    const id = newId(actor.now);
    await insertWithUniqueCode(trx, 'position', { id, ...columns(body), ...createdColumns(actor) });
    return id;
  });
}

export async function updatePosition(
  db: Db,
  t: Translate,
  id: string,
  body: PositionBody & { version: number },
  actor: Actor,
) {
  await inTransaction(db, async (trx) => {
    const current = await trx.selectFrom('position').selectAll().where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound();
    await checkOrganize(trx, t, body.organizeId);
    await checkGrade(trx, t, body.gradeId, current.grade_id);
    await writeWithUniqueCode(trx, 'position', body.enCode, id, () =>
      updateVersioned(trx, 'position', id, body.version, { ...columns(body), ...updatedColumns(actor) }),
    );
    if (
      body.fullName !== current.full_name ||
      body.organizeId !== current.organize_id ||
      body.enabledMark !== current.enabled
    )
      await bumpAuthorityRevision(trx, authorityKeys.holder('position', id));
  });
}

export async function removePosition(db: Db, id: string) {
  await inTransaction(db, async (trx) => {
    await removeUnreferenced(trx, 'position', id, async () => [
      ['positionHasUsers', (await positionUserCounts(trx, [id])).get(id) ?? 0],
    ]);
    await trx.deleteFrom('authorize').where('object_type', '=', 'position').where('object_id', '=', id).execute();
    await bumpAuthorityRevision(trx, authorityKeys.holder('position', id));
  });
}
