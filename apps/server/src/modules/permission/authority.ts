import type { Db } from '../../db/index.ts';
import type { AppSystemTable, MenuElementTable, MenuResourceTable, MenuTable, UsersTable } from '../../db/schema.ts';
import type { Tx } from '../../db/tx.ts';

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
}

const REVISION = 'authority';

/** Called in the same transaction as any change to grants, menus, roles or memberships. */
export async function bumpAuthorityRevision(trx: Tx): Promise<void> {
  const updated = await trx
    .updateTable('revision')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', REVISION)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) {
    await trx
      .insertInto('revision')
      .values({ name: REVISION, value: 1 })
      .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('revision.value', '+', 1) })))
      .execute();
  }
}

async function readRevision(db: Db): Promise<number> {
  const row = await db.selectFrom('revision').select('value').where('name', '=', REVISION).executeTakeFirst();
  return row?.value ?? 0;
}

async function computeAuthority(db: Db, user: UsersTable): Promise<Authority> {
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
  return { user, roleIds, positionIds, organizeIds, groupIds, systems, menus, elements, resources, codes };
}

interface CacheEntry {
  revision: number;
  userVersion: number;
  authority: Authority;
}

/**
 * Caches each user's authority until the authority revision or the user's own row changes, so
 * CurrentUser and permission checks cost two indexed reads instead of a dozen.
 */
export function createAuthorityService(db: Db, maxEntries = 2000) {
  const cache = new Map<string, CacheEntry>();
  return {
    async load(userId: string): Promise<Authority | undefined> {
      const [revision, user] = await Promise.all([
        readRevision(db),
        db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst(),
      ]);
      if (!user) return undefined;
      const hit = cache.get(userId);
      if (hit && hit.revision === revision && hit.userVersion === user.version) {
        return { ...hit.authority, user };
      }
      const authority = await computeAuthority(db, user);
      if (cache.size >= maxEntries) cache.delete(cache.keys().next().value!);
      cache.set(userId, { revision, userVersion: user.version, authority });
      return authority;
    },
    /** True when the user holds `menuEnCode` or `menuEnCode:elementEnCode`. */
    allows(authority: Authority, permission: string): boolean {
      return authority.user.is_administrator === 1 || authority.codes.has(permission);
    },
  };
}

export type AuthorityService = ReturnType<typeof createAuthorityService>;
