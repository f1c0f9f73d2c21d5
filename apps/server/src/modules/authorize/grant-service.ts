import {
  AUTHORIZE_ITEM_TYPES,
  ResultCode,
  type AuthorizeData,
  type AuthorizeItemType,
  type AuthorizeNode,
  type AuthorizeObjectType,
  type AuthorizeSaveResult,
  type GrantedIds,
} from '@atrium/shared';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import { inTransaction } from '../../db/tx.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { SessionEnd } from '../../core/session.ts';
import type { Language } from '../../core/messages.ts';
import { localizedFrame } from '../../core/push.ts';
import type { Services } from '../../core/types.ts';
import { containsAny } from '../../core/sql.ts';
import { authorityKeys, bumpAuthorityRevision, type Authority } from '../../core/authority.ts';
import { badField, type Translate } from './menu-service.ts';
import { nameIn } from './names.ts';
import type { authorizeSaveBody } from './schema.ts';

/** Sessions ended because their user lost a right; the token then answers 601. */

const RELATION_TYPE = { role: 'Role', position: 'Position', organize: 'Organize' } as const;

/** The name of the object grants are given to, or 404. */
async function objectName(db: Db, type: AuthorizeObjectType, id: string): Promise<string> {
  if (type === 'user') {
    const user = await db.selectFrom('users').select(['real_name', 'account']).where('id', '=', id).executeTakeFirst();
    if (!user) throw notFound();
    return `${user.real_name}/${user.account}`;
  }
  const row = await db
    .selectFrom(type === 'organize' ? 'organize' : type)
    .select('full_name as name')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row.name;
}

/** Candidates for the editor's object picker. */
export async function listObjects(db: Db, dialect: 'sqlite' | 'postgres', type: AuthorizeObjectType, keyword: string) {
  if (type === 'user') {
    let q = db
      .selectFrom('users')
      .leftJoin('organize', 'organize.id', 'users.organize_id')
      .select(['users.id', 'users.real_name', 'users.account', 'organize.full_name as organize_name'])
      .orderBy('users.sort_code')
      .orderBy('users.id')
      .limit(200);
    if (keyword) q = q.where((eb) => containsAny(eb, dialect, ['users.account', 'users.real_name'], keyword));
    const rows = await q.execute();
    return {
      list: rows.map((r) => ({
        id: r.id,
        fullName: `${r.real_name}/${r.account}`,
        enCode: r.account,
        parentId: '',
        description: r.organize_name ?? '',
      })),
    };
  }
  const table = type === 'organize' ? 'organize' : type;
  let q = db.selectFrom(table).select(['id', 'full_name', 'en_code']).orderBy('sort_code').orderBy('id').limit(500);
  if (keyword) q = q.where((eb) => containsAny(eb, dialect, ['full_name', 'en_code'], keyword));
  const rows = await q.execute();
  const parents =
    type === 'organize'
      ? new Map((await db.selectFrom('organize').select(['id', 'parent_id']).execute()).map((o) => [o.id, o.parent_id]))
      : null;
  return {
    list: rows.map((r) => ({
      id: r.id,
      fullName: r.full_name,
      enCode: r.en_code,
      parentId: parents?.get(r.id) ?? '',
      description: '',
    })),
  };
}

async function objectVersion(db: Db, type: AuthorizeObjectType, id: string): Promise<number> {
  const row = await db
    .selectFrom('authorize_object')
    .select('version')
    .where('object_type', '=', type)
    .where('object_id', '=', id)
    .executeTakeFirst();
  return row?.version ?? 0;
}

/** Every system, menu, element and data scheme as one tree, whether enabled or not. */
async function grantTree(db: Db, language: Language): Promise<AuthorizeNode[]> {
  const [systems, menus, elements, resources] = await Promise.all([
    db.selectFrom('app_system').selectAll().orderBy('sort_code').orderBy('id').execute(),
    db.selectFrom('menu').selectAll().orderBy('sort_code').orderBy('id').execute(),
    db.selectFrom('menu_element').selectAll().orderBy('sort_code').orderBy('id').execute(),
    db.selectFrom('menu_resource').selectAll().orderBy('sort_code').orderBy('id').execute(),
  ]);
  const menuNodes = new Map<string, AuthorizeNode>();
  for (const m of menus)
    menuNodes.set(m.id, {
      id: m.id,
      itemType: 'module',
      fullName: nameIn(m, language),
      enCode: m.en_code,
      icon: m.icon,
      type: m.type,
      enabledMark: m.enabled,
      children: [],
    });
  const systemNodes = new Map<string, AuthorizeNode>(
    systems.map((s) => [
      s.id,
      {
        id: s.id,
        itemType: 'system',
        fullName: nameIn(s, language),
        enCode: s.en_code,
        icon: s.icon,
        enabledMark: s.enabled,
        children: [],
      },
    ]),
  );
  for (const m of menus) {
    const parent = menuNodes.get(m.parent_id) ?? systemNodes.get(m.system_id);
    parent?.children!.push(menuNodes.get(m.id)!);
  }
  // Each menu's own items follow its sub-menus: buttons, columns, forms, then data schemes.
  for (const kind of ['button', 'column', 'form'] as const)
    for (const e of elements)
      if (e.kind === kind)
        menuNodes.get(e.menu_id)?.children!.push({
          id: e.id,
          itemType: kind,
          fullName: e.full_name,
          enCode: e.en_code,
          enabledMark: e.enabled,
        });
  for (const r of resources)
    menuNodes.get(r.menu_id)?.children!.push({
      id: r.id,
      itemType: 'resource',
      fullName: r.full_name,
      enCode: r.en_code,
      enabledMark: r.enabled,
    });
  const prune = (n: AuthorizeNode) => {
    if (n.children && n.children.length === 0) delete n.children;
    n.children?.forEach(prune);
  };
  const tree = [...systemNodes.values()];
  tree.forEach(prune);
  return tree;
}

function emptyGranted(): GrantedIds {
  return { system: [], module: [], button: [], column: [], form: [], resource: [] };
}

export async function authorizeData(
  db: Db,
  type: AuthorizeObjectType,
  id: string,
  language: Language,
): Promise<AuthorizeData> {
  const objectNameValue = await objectName(db, type, id);
  const [version, tree, rows] = await Promise.all([
    objectVersion(db, type, id),
    grantTree(db, language),
    db
      .selectFrom('authorize')
      .select(['item_type', 'item_id'])
      .where('object_type', '=', type)
      .where('object_id', '=', id)
      .orderBy('item_type')
      .orderBy('item_id')
      .execute(),
  ]);
  const granted = emptyGranted();
  for (const r of rows) if (r.item_type in granted) granted[r.item_type as AuthorizeItemType].push(r.item_id);
  return { objectType: type, objectId: id, objectName: objectNameValue, version, tree, granted };
}

/** Users whose rights follow from this object's grants. */
async function affectedUsers(db: Db, type: AuthorizeObjectType, id: string): Promise<string[]> {
  if (type === 'user') return [id];
  const rows = await db
    .selectFrom('user_relation')
    .select('user_id')
    .where('object_type', '=', RELATION_TYPE[type])
    .where('object_id', '=', id)
    .execute();
  return [...new Set(rows.map((r) => r.user_id))];
}

/** Everything a user may see, as comparable strings. */
function rightsOf(a: Authority): Set<string> {
  const rights = new Set<string>();
  for (const s of a.systems) rights.add(`system:${s.id}`);
  for (const m of a.menus) rights.add(`module:${m.id}`);
  for (const list of a.elements.values()) for (const e of list) rights.add(`${e.kind}:${e.id}`);
  for (const list of a.resources.values()) for (const r of list) rights.add(`resource:${r.id}`);
  return rights;
}

/**
 * Whether a user lost a right between `old` and `now` that still exists. A right whose item was
 * deleted meanwhile (a menu removed by another administrator while this save ran) went for everyone
 * and says nothing about this save: counted as lost, it signed users out for no change of theirs.
 */
async function lostExistingRight(db: Db, old: Set<string>, now: Set<string>): Promise<boolean> {
  const missing = new Map<string, string[]>();
  for (const right of old) {
    if (now.has(right)) continue;
    const cut = right.indexOf(':');
    const kind = right.slice(0, cut);
    missing.set(kind, [...(missing.get(kind) ?? []), right.slice(cut + 1)]);
  }
  for (const [kind, ids] of missing) {
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const row =
        kind === 'system'
          ? await db.selectFrom('app_system').select('id').where('id', 'in', chunk).executeTakeFirst()
          : kind === 'module'
            ? await db.selectFrom('menu').select('id').where('id', 'in', chunk).executeTakeFirst()
            : kind === 'resource'
              ? await db.selectFrom('menu_resource').select('id').where('id', 'in', chunk).executeTakeFirst()
              : await db.selectFrom('menu_element').select('id').where('id', 'in', chunk).executeTakeFirst();
      if (row) return true;
    }
  }
  return false;
}

/** Refuses ids that name nothing of their type, naming the list (400). */
async function checkIds(db: Db, t: Translate, body: GrantedIds) {
  for (const type of AUTHORIZE_ITEM_TYPES) {
    const ids = [...new Set(body[type])];
    if (!ids.length) continue;
    const found = new Set<string>();
    for (let i = 0; i < ids.length; i += 500) {
      const chunk = ids.slice(i, i + 500);
      const rows =
        type === 'system'
          ? await db.selectFrom('app_system').select('id').where('id', 'in', chunk).execute()
          : type === 'module'
            ? await db.selectFrom('menu').select('id').where('id', 'in', chunk).execute()
            : type === 'resource'
              ? await db.selectFrom('menu_resource').select('id').where('id', 'in', chunk).execute()
              : await db
                  .selectFrom('menu_element')
                  .select('id')
                  .where('id', 'in', chunk)
                  .where('kind', '=', type)
                  .execute();
      for (const r of rows) found.add(r.id);
    }
    const unknown = ids.filter((i) => !found.has(i));
    if (unknown.length) throw badField(t, type, 'problemUnknownIds', { ids: unknown.slice(0, 3).join(', ') });
  }
}

/**
 * Replaces one object's grants with the given lists in one transaction. The object's grant
 * version must be the one the editor read (409 otherwise). Afterwards every affected user is
 * compared before/after: whoever lost any right has their sessions ended and gets a `logout` push
 * in their language; whoever only gained rights gets `refresh`.
 */
export async function saveAuthorize(
  services: Pick<Services, 'db' | 'authority' | 'push' | 'now'>,
  t: Translate,
  objectId: string,
  body: z.infer<typeof authorizeSaveBody>,
  actorId: string,
): Promise<AuthorizeSaveResult> {
  const { db, authority, push } = services;
  const type = body.objectType;
  await objectName(db, type, objectId);
  await checkIds(db, t, body);
  const userIds = await affectedUsers(db, type, objectId);
  const before = new Map<string, Set<string>>();
  for (const userId of userIds) {
    const a = await authority.load(userId);
    if (a) before.set(userId, rightsOf(a));
  }

  const now = services.now();
  const version = await inTransaction(db, async (trx) => {
    const claimed =
      body.version === 0
        ? await trx
            .insertInto('authorize_object')
            .values({ object_type: type, object_id: objectId, version: 1, updated_at: now, updated_by: actorId })
            .onConflict((oc) => oc.columns(['object_type', 'object_id']).doNothing())
            .executeTakeFirst()
            .then((r) => Number(r.numInsertedOrUpdatedRows ?? 0))
        : await trx
            .updateTable('authorize_object')
            .set({ version: body.version + 1, updated_at: now, updated_by: actorId })
            .where('object_type', '=', type)
            .where('object_id', '=', objectId)
            .where('version', '=', body.version)
            .executeTakeFirst()
            .then((r) => Number(r.numUpdatedRows));
    if (claimed !== 1) {
      const current = await trx
        .selectFrom('authorize_object')
        .select('version')
        .where('object_type', '=', type)
        .where('object_id', '=', objectId)
        .executeTakeFirst();
      throw new AppError(ResultCode.conflict, 'versionConflict', undefined, { version: current?.version ?? 0 });
    }
    await trx
      .deleteFrom('authorize')
      .where('object_type', '=', type)
      .where('object_id', '=', objectId)
      .where('item_type', 'in', [...AUTHORIZE_ITEM_TYPES])
      .execute();
    const rows = AUTHORIZE_ITEM_TYPES.flatMap((itemType) =>
      [...new Set(body[itemType])].map((itemId) => ({
        id: newId(now),
        item_type: itemType,
        item_id: itemId,
        object_type: type,
        object_id: objectId,
        created_at: now,
        created_by: actorId,
      })),
    );
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto('authorize')
        .values(rows.slice(i, i + 200))
        .execute();
    // Only the users who hold grants through this object recompute.
    await bumpAuthorityRevision(trx, authorityKeys.holder(type, objectId));
    return body.version + 1;
  });

  const lost: string[] = [];
  const gained: string[] = [];
  for (const userId of userIds) {
    const old = before.get(userId);
    const a = await authority.load(userId);
    // Administrators see everything whatever their grants say: a save never takes a right of theirs.
    if (!old || !a || a.user.is_administrator === 1) continue;
    const now = rightsOf(a);
    if (await lostExistingRight(db, old, now)) lost.push(userId);
    else if (now.size !== old.size || [...now].some((r) => !old.has(r))) gained.push(userId);
  }
  if (lost.length) {
    await db
      .updateTable('session')
      .set({ ended_at: now, end_reason: SessionEnd.permissionChanged })
      .where('user_id', 'in', lost)
      .where('ended_at', 'is', null)
      .execute();
    // Each socket says it in its user's language.
    await push.toUsers(lost, localizedFrame('logout', 'permissionChanged'));
  }
  if (gained.length) await push.toUsers(gained, { method: 'refresh' });
  return { version, loggedOut: lost.length, refreshed: gained.length };
}
