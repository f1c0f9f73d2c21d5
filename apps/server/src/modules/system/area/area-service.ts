import { AREA_ROOT, AreaType, type AreaInfo, type AreaNode, type AreaRow } from '@atrium/shared';
import { sql, type Selectable } from 'kysely';
import type { Db, Dialect } from '../../../db/index.ts';
import type { AreaTable } from '../../../db/schema.ts';
import { inTransaction, type Tx } from '../../../db/tx.ts';
import { fail, notFound } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { createdColumns, namedRecordFields, updatedColumns, type Actor } from '../../../core/records.ts';
import { codeGuard } from '../../../core/unique-code.ts';
import { updateVersioned } from '../../../core/versioned.ts';
import { badField, type Translate } from '../../organize/common.ts';
import { areaSearch } from './area-search.ts';
import type { AreaBody } from './schema.ts';

type Area = Selectable<AreaTable>;
type AreaWithChildren = Area & { has_children: unknown };

/** A keyword search lists at most this many matches: the table holds some 45 000 areas. */
export const AREA_SEARCH_LIMIT = 200;

/** Areas with a flag saying whether each has children (one indexed lookup per row). */
function withChildFlag(db: Db) {
  return db
    .selectFrom('area')
    .selectAll('area')
    .select((eb) =>
      eb.exists(eb.selectFrom('area as c').select('c.id').whereRef('c.parent_id', '=', 'area.id')).as('has_children'),
    );
}

/** Every ancestor of the given areas, by id, read level by level (an area tree is at most 4 deep). */
async function ancestorsOf(db: Db, areas: readonly Pick<Area, 'parent_id'>[]): Promise<Map<string, Area>> {
  const known = new Map<string, Area>();
  let wanted = [...new Set(areas.map((a) => a.parent_id))].filter((id) => id !== AREA_ROOT);
  for (let depth = 0; wanted.length && depth < 8; depth++) {
    const rows = await db.selectFrom('area').selectAll().where('id', 'in', wanted).execute();
    for (const r of rows) known.set(r.id, r);
    wanted = [...new Set(rows.map((r) => r.parent_id))].filter((id) => id !== AREA_ROOT && !known.has(id));
  }
  return known;
}

/** The chain from the province down to (and including) the area. */
function chainOf(area: Area, ancestors: Map<string, Area>): Area[] {
  const chain = [area];
  for (let p = ancestors.get(area.parent_id); p && chain.length < 8; p = ancestors.get(p.parent_id)) chain.unshift(p);
  return chain;
}

const pathOf = (chain: readonly Area[]) => chain.map((a) => a.full_name).join('/');

function toRow(a: AreaWithChildren, fullPath: string): AreaRow {
  const hasChildren = Boolean(Number(a.has_children));
  return {
    ...namedRecordFields(a),
    creatorTime: a.created_at,
    parentId: a.parent_id,
    quickQuery: a.quick_query,
    type: a.type,
    hasChildren,
    isLeaf: !hasChildren,
    fullPath,
  };
}

/**
 * GET /{parentId}: the children of one parent in display order, for the lazy tree and the pickers.
 * With a keyword it searches every level instead (name, code or quick query, through areaSearch)
 * and answers the first matches, shallowest first, each with its full path so the place is clear.
 */
export async function listAreas(
  db: Db,
  dialect: Dialect,
  parentId: string,
  query: { keyword: string; enabledOnly: boolean },
): Promise<AreaRow[]> {
  let q = withChildFlag(db);
  if (query.enabledOnly) q = q.where('area.enabled', '=', 1);
  if (query.keyword) {
    // Areas are four levels deep (province to street): each match's three ancestors come with it,
    // so the paths need no further reads unless the tree is deeper somewhere.
    const rows = await q
      .leftJoin('area as p1', 'p1.id', 'area.parent_id')
      .leftJoin('area as p2', 'p2.id', 'p1.parent_id')
      .leftJoin('area as p3', 'p3.id', 'p2.parent_id')
      .select(['p1.full_name as p1_name', 'p2.full_name as p2_name', 'p3.full_name as p3_name'])
      .select('p3.parent_id as p3_parent')
      .where(await areaSearch.condition(db, dialect, query.keyword))
      .orderBy('area.type')
      .orderBy('area.sort_code')
      .orderBy('area.en_code')
      .limit(AREA_SEARCH_LIMIT)
      .execute();
    if (rows.some((r) => r.p3_parent !== null && r.p3_parent !== AREA_ROOT)) {
      const ancestors = await ancestorsOf(db, rows);
      return rows.map((r) => toRow(r, pathOf(chainOf(r, ancestors))));
    }
    return rows.map((r) =>
      toRow(r, [r.p3_name, r.p2_name, r.p1_name, r.full_name].filter((name) => name !== null).join('/')),
    );
  }
  const rows = await q
    .where('area.parent_id', '=', parentId)
    .orderBy('area.sort_code')
    .orderBy('area.en_code')
    .execute();
  if (!rows.length) return [];
  const parentPath = pathOf(chainOf(rows[0]!, await ancestorsOf(db, rows)).slice(0, -1));
  return rows.map((r) => toRow(r, parentPath ? `${parentPath}/${r.full_name}` : r.full_name));
}

/**
 * GET /{id}/Selector/{x}: the children of `id` as picker nodes for choosing a parent, without the
 * area being edited (`x`), so it cannot become its own parent. Streets can hold nothing, so they
 * are not offered and districts are leaves here.
 */
export async function parentSelector(db: Db, parentId: string, excludeId: string): Promise<AreaNode[]> {
  const rows = await withChildFlag(db)
    .where('area.parent_id', '=', parentId)
    .where('area.id', '!=', excludeId)
    .where('area.type', '<', AreaType.street)
    .orderBy('area.sort_code')
    .orderBy('area.en_code')
    .execute();
  return rows.map((r) => {
    const hasChildren = r.type < AreaType.district && Boolean(Number(r.has_children));
    return {
      id: r.id,
      parentId: r.parent_id,
      fullName: r.full_name,
      enCode: r.en_code,
      type: r.type,
      hasChildren,
      isLeaf: !hasChildren,
    };
  });
}

/**
 * POST /GetAreaByIds: each address value (a path of ids) as the names of its areas. An id that no
 * longer exists is left out rather than failing the whole lookup, so old records still display.
 */
export async function areaNamesByIds(db: Db, idsList: readonly (readonly string[])[]): Promise<string[][]> {
  const ids = [...new Set(idsList.flat())];
  if (!ids.length) return idsList.map(() => []);
  const rows = await db.selectFrom('area').select(['id', 'full_name']).where('id', 'in', ids).execute();
  const names = new Map(rows.map((r) => [r.id, r.full_name]));
  return idsList.map((path) => path.flatMap((id) => names.get(id) ?? []));
}

async function loadArea(db: Db, id: string): Promise<Area> {
  const row = await db.selectFrom('area').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function areaInfo(db: Db, id: string): Promise<AreaInfo> {
  const a = await loadArea(db, id);
  const parents = chainOf(a, await ancestorsOf(db, [a])).slice(0, -1);
  return {
    ...namedRecordFields(a),
    parentId: a.parent_id,
    quickQuery: a.quick_query,
    type: a.type,
    parentIds: parents.map((p) => p.id),
    parentPath: pathOf(parents),
    version: a.version,
  };
}

async function assertCodeFree(db: Db, code: string, exceptId?: string): Promise<void> {
  let q = db.selectFrom('area').select('id').where('en_code', '=', code);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw fail('codeTaken', { code });
}

/** The level a child of this parent has: provinces at the top, nothing below streets. */
async function levelUnder(trx: Tx, t: Translate, parentId: string): Promise<number> {
  if (parentId === AREA_ROOT) return AreaType.province;
  const parent = await trx.selectFrom('area').select('type').where('id', '=', parentId).executeTakeFirst();
  if (!parent) throw badField(t, 'parentId', 'areaParentMissing');
  if (parent.type >= AreaType.street) throw badField(t, 'parentId', 'areaTooDeep');
  return parent.type + 1;
}

const columns = (body: AreaBody) => ({
  parent_id: body.parentId,
  en_code: body.enCode,
  full_name: body.fullName,
  quick_query: body.quickQuery,
  description: body.description || null,
  enabled: body.enabledMark,
  sort_code: body.sortCode,
});

export async function createArea(db: Db, t: Translate, body: AreaBody, actor: Actor): Promise<string> {
  return inTransaction(db, async (trx) => {
    const type = await levelUnder(trx, t, body.parentId);
    await assertCodeFree(trx, body.enCode);
    const id = newId(actor.now);
    // The unique index stays the final word when two administrators add the same code at once.
    await codeGuard(body.enCode, () =>
      trx
        .insertInto('area')
        .values({ id, ...columns(body), type, ...createdColumns(actor) })
        .execute(),
    );
    return id;
  });
}

/**
 * Saves an area with the version it was read at. It may move, but only under another parent of
 * the same level: its own level and its sub-areas' levels (province..street) then stay true, and
 * it can never land inside its own subtree (whose areas are all deeper than its parent).
 */
export async function updateArea(
  db: Db,
  t: Translate,
  id: string,
  body: AreaBody & { version: number },
  actor: Actor,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await loadArea(trx, id);
    if (body.parentId !== current.parent_id) {
      if ((await levelUnder(trx, t, body.parentId)) !== current.type) throw badField(t, 'parentId', 'areaLevelChange');
    }
    await assertCodeFree(trx, body.enCode, id);
    await codeGuard(body.enCode, () =>
      updateVersioned(trx, 'area', id, body.version, { ...columns(body), ...updatedColumns(actor) }),
    );
  });
}

/** Deletes an area without sub-areas: removing a whole branch by accident would orphan addresses. */
export async function removeArea(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await loadArea(trx, id);
    const children = await trx
      .selectFrom('area')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('parent_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(children.n)) throw fail('areaHasChildren', { count: Number(children.n) });
    await trx.deleteFrom('area').where('id', '=', id).execute();
  });
}

/**
 * Flips the area's state (pickers stop offering a disabled area) in one statement, so two toggles
 * at once flip it twice rather than both writing the same value; answers the new state.
 */
export async function toggleArea(db: Db, id: string, actor: Actor): Promise<number> {
  const row = await db
    .updateTable('area')
    .set((eb) => ({
      enabled: sql<number>`1 - ${eb.ref('enabled')}`,
      ...updatedColumns(actor),
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .returning('enabled')
    .executeTakeFirst();
  if (!row) throw notFound();
  return row.enabled;
}
