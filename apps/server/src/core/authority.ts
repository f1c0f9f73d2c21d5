import type { Db } from '../db/index.ts';
import type { AppSystemTable, MenuElementTable, MenuResourceTable, MenuTable, UsersTable } from '../db/schema.ts';
import type { Tx } from '../db/tx.ts';
import { reuse } from '../db/reuse.ts';
import { createRowMemo, type TableChanges } from '../db/table-changes.ts';
import { bumpRevision, type Revisions } from './revisions.ts';

/** What one user may see and do: the union of the grants to the user and to each of the user's
 * roles, positions and organisations. Administrators hold everything. */
export interface Authority {
  user: UsersTable;
  roleIds: string[];
  positionIds: string[];
  organizeIds: string[];
  groupIds: string[];
  systems: AppSystemTable[];
  menus: MenuTable[];
  elements: Map<string, MenuElementTable[]>;
  resources: Map<string, MenuResourceTable[]>;
  /** `menuEnCode` and `menuEnCode:elementEnCode` for quick route checks. */
  codes: Set<string>;
  /** Names of the user's organisations (with the company path), positions and roles. */
  names: {
    organizes: Map<string, { fullName: string; tree: string }>;
    positions: Map<string, string>;
    roles: { id: string; fullName: string }[];
  };
  /** The revisions this authority was checked against, for caches that hang off it. */
  revisions: Revisions;
}

/** Called in the same transaction as any change to grants, menus, roles, memberships or the
 * names of organisations, positions and roles. */
export function bumpAuthorityRevision(trx: Tx): Promise<void> {
  return bumpRevision(trx, 'authority');
}

async function computeAuthority(db: Db, user: UsersTable, revisions: Revisions): Promise<Authority> {
  const relations = await db
    .selectFrom('user_relation')
    .select(['object_type', 'object_id'])
    .where('user_id', '=', user.id)
    .orderBy('sort_code')
    .execute();
  const idsOf = (type: string) => relations.filter((r) => r.object_type === type).map((r) => r.object_id);
  const positionIds = idsOf('Position');
  const organizeIds = idsOf('Organize');
  const groupIds = idsOf('Group');
  const relatedRoles = idsOf('Role');
  const roleIds = relatedRoles.length
    ? (await db.selectFrom('role').select('id').where('id', 'in', relatedRoles).where('enabled', '=', 1).execute()).map(
        (r) => r.id,
      )
    : [];

  const admin = user.is_administrator === 1;
  const granted = new Map<string, Set<string>>();
  if (!admin) {
    const rows = await db
      .selectFrom('authorize')
      .select(['item_type', 'item_id'])
      .where((eb) => {
        const holders = [eb.and([eb('object_type', '=', 'user'), eb('object_id', '=', user.id)])];
        if (roleIds.length) holders.push(eb.and([eb('object_type', '=', 'role'), eb('object_id', 'in', roleIds)]));
        if (positionIds.length)
          holders.push(eb.and([eb('object_type', '=', 'position'), eb('object_id', 'in', positionIds)]));
        if (organizeIds.length)
          holders.push(eb.and([eb('object_type', '=', 'organize'), eb('object_id', 'in', organizeIds)]));
        return eb.or(holders);
      })
      .execute();
    for (const { item_type, item_id } of rows) {
      let set = granted.get(item_type);
      if (!set) granted.set(item_type, (set = new Set()));
      set.add(item_id);
    }
  }
  const allows = (type: string, id: string) => admin || (granted.get(type)?.has(id) ?? false);

  const systems = (
    await db.selectFrom('app_system').selectAll().where('enabled', '=', 1).orderBy('sort_code').orderBy('id').execute()
  ).filter((s) => allows('system', s.id));
  const systemIds = new Set(systems.map((s) => s.id));
  const allMenus = await db
    .selectFrom('menu')
    .selectAll()
    .where('enabled', '=', 1)
    .orderBy('sort_code')
    .orderBy('id')
    .execute();
  const menus = allMenus.filter((m) => systemIds.has(m.system_id) && allows('module', m.id));
  const menuIds = menus.map((m) => m.id);
  const menuById = new Map(menus.map((m) => [m.id, m]));

  const elements = new Map<string, MenuElementTable[]>();
  const resources = new Map<string, MenuResourceTable[]>();
  const codes = new Set<string>();
  for (const m of menus) codes.add(m.en_code);
  if (menuIds.length) {
    const elementRows = await db
      .selectFrom('menu_element')
      .selectAll()
      .where('menu_id', 'in', menuIds)
      .where('enabled', '=', 1)
      .orderBy('sort_code')
      .execute();
    for (const e of elementRows) {
      if (!allows(e.kind, e.id)) continue;
      const list = elements.get(e.menu_id) ?? [];
      list.push(e);
      elements.set(e.menu_id, list);
      codes.add(`${menuById.get(e.menu_id)!.en_code}:${e.en_code}`);
    }
    const resourceRows = await db
      .selectFrom('menu_resource')
      .selectAll()
      .where('menu_id', 'in', menuIds)
      .where('enabled', '=', 1)
      .orderBy('sort_code')
      .execute();
    for (const r of resourceRows) {
      if (!allows('resource', r.id)) continue;
      const list = resources.get(r.menu_id) ?? [];
      list.push(r);
      resources.set(r.menu_id, list);
    }
  }
  return {
    user,
    roleIds,
    positionIds,
    organizeIds,
    groupIds,
    systems,
    menus,
    elements,
    resources,
    codes,
    names: await loadNames(
      db,
      [...new Set([...(user.organize_id ? [user.organize_id] : []), ...organizeIds])],
      positionIds,
      roleIds,
    ),
    revisions,
  };
}

async function loadNames(
  db: Db,
  organizeIds: string[],
  positionIds: string[],
  roleIds: string[],
): Promise<Authority['names']> {
  const direct = organizeIds.length
    ? await db.selectFrom('organize').select(['id', 'organize_id_tree']).where('id', 'in', organizeIds).execute()
    : [];
  // Every organisation on the paths up from the user's own, so company names need no further query.
  const pathIds = [...new Set(direct.flatMap((o) => o.organize_id_tree.split(',')))];
  const [organizes, positions, roles] = await Promise.all([
    pathIds.length
      ? db.selectFrom('organize').select(['id', 'full_name', 'organize_id_tree']).where('id', 'in', pathIds).execute()
      : [],
    positionIds.length
      ? db.selectFrom('position').select(['id', 'full_name']).where('id', 'in', positionIds).execute()
      : [],
    roleIds.length
      ? db.selectFrom('role').select(['id', 'full_name']).where('id', 'in', roleIds).orderBy('sort_code').execute()
      : [],
  ]);
  return {
    organizes: new Map(organizes.map((o) => [o.id, { fullName: o.full_name, tree: o.organize_id_tree }])),
    positions: new Map(positions.map((p) => [p.id, p.full_name])),
    roles: roles.map((r) => ({ id: r.id, fullName: r.full_name })),
  };
}

interface CacheEntry {
  revision: number;
  userVersion: number;
  majorOrganize: string | null;
  authority: Authority;
  /** The row the last answer was made from, and that answer: the same row object gets it again. */
  lastRow?: object;
  lastAnswer?: Authority;
}

/**
 * Caches each user's authority until the authority revision or the user's own row changes, so
 * CurrentUser and permission checks cost two indexed reads instead of a dozen, and none at all
 * while no write touched the user or the revisions (`changes`, SQLite only).
 */
export function createAuthorityService(
  db: Db,
  { maxEntries = 2000, changes = null }: { maxEntries?: number; changes?: TableChanges | null } = {},
) {
  const cache = new Map<string, CacheEntry>();
  // One statement reads the user with the revisions: this runs on every signed-in request.
  const readUser = async (userId: string) => {
    const [row] = await reuse(
      db,
      'user-with-revisions',
      () =>
        db
          .selectFrom('users')
          .selectAll('users')
          .select((eb) => [
            eb.selectFrom('revision').select('value').where('name', '=', 'authority').as('revision_authority'),
            eb.selectFrom('revision').select('value').where('name', '=', 'settings').as('revision_settings'),
          ])
          .where('id', '=', userId),
      ['authority', 'settings', userId],
    );
    return row;
  };
  const userRows = createRowMemo<NonNullable<Awaited<ReturnType<typeof readUser>>>>(
    changes,
    ['users', 'revision'],
    maxEntries,
  );
  return {
    async load(userId: string): Promise<Authority | undefined> {
      const row = await userRows.get(userId, () => readUser(userId));
      if (!row) return undefined;
      const hit = cache.get(userId);
      if (hit && hit.lastRow === row) return hit.lastAnswer;
      const { revision_authority, revision_settings, ...user } = row;
      const revisions: Revisions = { authority: revision_authority ?? 0, settings: revision_settings ?? 0 };
      if (
        hit &&
        hit.revision === revisions.authority &&
        hit.userVersion === user.version &&
        hit.majorOrganize === user.organize_id
      ) {
        hit.lastRow = row;
        return (hit.lastAnswer = { ...hit.authority, user, revisions });
      }
      const authority = await computeAuthority(db, user, revisions);
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(userId, {
        revision: revisions.authority,
        userVersion: user.version,
        majorOrganize: user.organize_id,
        authority,
        lastRow: row,
        lastAnswer: authority,
      });
      return authority;
    },
    /** True when the user holds `menuEnCode` or `menuEnCode:elementEnCode`. */
    allows(authority: Authority, permission: string): boolean {
      return authority.user.is_administrator === 1 || authority.codes.has(permission);
    },
  };
}

export type AuthorityService = ReturnType<typeof createAuthorityService>;
