import type { Db } from '../db/index.ts';
import type { AppSystemTable, MenuElementTable, MenuResourceTable, MenuTable, UsersTable } from '../db/schema.ts';
import type { Tx } from '../db/tx.ts';
import { reuse } from '../db/reuse.ts';
import { createRowMemo, type TableChanges } from '../db/table-changes.ts';
import { ANY_REVISION, bumpRevision, readRevisionValues, type RevisionName, type Revisions } from './revisions.ts';

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

/**
 * Called in the same transaction as any change to grants, menus, roles, memberships or the names of
 * organisations, positions and roles. With keys (`authorityKeys`), only the authorities that depend
 * on them recompute; without, every cached authority does.
 */
export function bumpAuthorityRevision(trx: Tx, ...keys: RevisionName[]): Promise<void> {
  return bumpRevision(trx, ...(keys.length ? keys : ['authority' as const]));
}

/** The revision keys an authority depends on, by what changed. */
export const authorityKeys = {
  /** The user's memberships, major organisation, state or grants made to the user. */
  user: (id: string) => `authority:${id}` as const,
  /** Grants, name or state of a holder of grants. */
  holder: (type: 'user' | 'role' | 'position' | 'organize', id: string): RevisionName =>
    type === 'user' ? `authority:${id}` : `${type}:${id}`,
  /** The menus of one system; per-menu facts move with them. */
  menus: (systemId: string): RevisionName[] => [`menu:${systemId}`, 'menus'],
};

/** Every key a computed authority depends on: its user, each holder it unions, each system it shows. */
function dependencies(authority: Omit<Authority, 'revisions'>, relatedRoles: readonly string[]): string[] {
  return [
    'authority',
    'menus',
    'settings',
    authorityKeys.user(authority.user.id),
    ...relatedRoles.map((id) => `role:${id}`),
    ...authority.positionIds.map((id) => `position:${id}`),
    // The user's organisations and every organisation on their paths, whose names it carries.
    ...[...new Set([...authority.organizeIds, ...authority.names.organizes.keys()])].map((id) => `organize:${id}`),
    ...authority.systems.map((s) => `menu:${s.id}`),
  ];
}

const revisionsOf = (values: ReadonlyMap<string, number>): Revisions => ({
  authority: (values.get('authority') ?? 0) + (values.get('menus') ?? 0),
  settings: values.get('settings') ?? 0,
});

async function computeAuthority(
  db: Db,
  user: UsersTable,
): Promise<{ authority: Omit<Authority, 'revisions'>; relatedRoles: string[] }> {
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
  const authority = {
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
  };
  return { authority, relatedRoles };
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
  userVersion: number;
  majorOrganize: string | null;
  /** The revision keys this authority depends on (as one memo key) and their values when computed. */
  keys: readonly string[];
  keyText: string;
  values: ReadonlyMap<string, number>;
  authority: Omit<Authority, 'revisions'>;
  /** The rows the last answer was made from, and that answer: the same rows get it again. */
  lastRow?: object;
  lastValues?: object;
  lastAnswer?: Authority;
}

const sameValues = (a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>) => {
  for (const [name, value] of a) if (b.get(name) !== value) return false;
  return true;
};

/**
 * Caches each user's authority until one of the revisions it depends on or the user's own row
 * changes. A warm request reads nothing while no write touched `users` or `revision` (the memos,
 * on both databases while `changes` is live); otherwise it reads the user row and its revisions,
 * and recomputes only when one of its own keys moved.
 */
export function createAuthorityService(
  db: Db,
  { maxEntries = 2000, changes = null }: { maxEntries?: number; changes?: TableChanges | null } = {},
) {
  const cache = new Map<string, CacheEntry>();
  // Runs on every signed-in request whose user row is not in memory.
  const readUser = async (userId: string): Promise<UsersTable | undefined> => {
    const [row] = await reuse(db, 'user-by-id', () => db.selectFrom('users').selectAll().where('id', '=', userId), [
      userId,
    ]);
    return row;
  };
  const userRows = createRowMemo<UsersTable>(changes, { name: 'authority.user', tables: ['users'], maxEntries });
  // Keyed by the joined key list: users with the same holders share one entry.
  const revisionRows = createRowMemo<{ values: Map<string, number> }>(changes, {
    name: 'authority.revisions',
    tables: ['revision'],
    maxEntries,
  });
  const valuesOf = async (keys: readonly string[], keyText: string) =>
    (await revisionRows.get(keyText, async () => ({ values: await readRevisionValues(db, keys) })))!.values;

  return {
    async load(userId: string): Promise<Authority | undefined> {
      const user = await userRows.get(userId, () => readUser(userId));
      if (!user) return undefined;
      const hit = cache.get(userId);
      if (hit && hit.userVersion === user.version && hit.majorOrganize === user.organize_id) {
        const values = await valuesOf(hit.keys, hit.keyText);
        if (hit.lastRow === user && hit.lastValues === values) return hit.lastAnswer;
        if (sameValues(hit.values, values)) {
          hit.lastRow = user;
          hit.lastValues = values;
          return (hit.lastAnswer = { ...hit.authority, user, revisions: revisionsOf(values) });
        }
      }
      // A change that commits while this computes must not be stamped as seen: the values are
      // trusted only when no bump at all happened between the two reads of ANY_REVISION.
      const [before] = await reuse(
        db,
        'revision-any',
        () => db.selectFrom('revision').select('value').where('name', '=', ANY_REVISION),
        [ANY_REVISION],
      );
      const { authority, relatedRoles } = await computeAuthority(db, user);
      const keys = dependencies(authority, relatedRoles);
      const values = await readRevisionValues(db, [...keys, ANY_REVISION]);
      const moved = (before?.value ?? 0) !== values.get(ANY_REVISION);
      values.delete(ANY_REVISION);
      const answer: Authority = { ...authority, revisions: revisionsOf(values) };
      if (!hit && cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(userId, {
        userVersion: user.version,
        majorOrganize: user.organize_id,
        keys,
        keyText: keys.join('|'),
        // No real value is negative: an entry computed across a change is recomputed next time.
        values: moved ? new Map([...values, ['authority', -1]]) : values,
        authority,
      });
      return answer;
    },
    /** True when the user holds `menuEnCode` or `menuEnCode:elementEnCode`. */
    allows(authority: Authority, permission: string): boolean {
      return authority.user.is_administrator === 1 || authority.codes.has(permission);
    },
  };
}

export type AuthorityService = ReturnType<typeof createAuthorityService>;
