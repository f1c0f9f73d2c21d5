import type { PickerTreeNode, UserOption } from '@atrium/shared';
import { sql, type ExpressionBuilder, type SqlBool, type Expression } from 'kysely';
import type { Db, Dialect } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { countedPage, pageOf } from '../../core/paging.ts';
import {
  membersOfSubtree,
  organizeNames,
  toUserOption,
  userOptionColumns,
  userSearch,
  type OrganizeName,
} from './users.ts';
import { scoped, type PickerScope } from './picker-scope.ts';

const UNRESTRICTED: PickerScope = { users: null, organizeIds: null };
const everyone = () => sql<SqlBool>`1 = 1`;

/** The organisations of the tree that the scope allows (all when it does not restrict them). */
function allowedOrganizes(orgs: Map<string, OrganizeName>, scope: PickerScope): Map<string, OrganizeName> {
  const allowed = scope.organizeIds;
  return allowed ? new Map([...orgs].filter(([id]) => allowed.has(id))) : orgs;
}

export const USER_ICON = 'icon-ym icon-ym-tree-user2';
const ORG_ICON = { company: 'icon-ym icon-ym-tree-organization3', department: 'icon-ym icon-ym-tree-department1' };

export interface Scope {
  departIds?: string[];
  positionIds?: string[];
  roleIds?: string[];
  groupIds?: string[];
  userIds?: string[];
}

/** Splits picker values (`id--type`) into a scope; a bare id is a user. */
export function scopeOfMixedIds(values: string[]): Scope {
  const scope: Required<Scope> = { departIds: [], positionIds: [], roleIds: [], groupIds: [], userIds: [] };
  for (const value of values) {
    const [id, type = 'user'] = value.split('--') as [string, string?];
    if (!id) continue;
    if (type === 'company' || type === 'department' || type === 'organize') scope.departIds.push(id);
    else if (type === 'position') scope.positionIds.push(id);
    else if (type === 'role') scope.roleIds.push(id);
    else if (type === 'group') scope.groupIds.push(id);
    else scope.userIds.push(id);
  }
  return scope;
}

type UsersEb = ExpressionBuilder<Database, 'users'>;

function relationMembers(db: Db, type: 'Position' | 'Role' | 'Group', ids: string[]) {
  return db.selectFrom('user_relation').select('user_id').where('object_type', '=', type).where('object_id', 'in', ids);
}

/** Users inside any part of the scope: departments with their subtrees, positions, roles, groups, users. */
function inScope(db: Db, eb: UsersEb, scope: Scope): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (scope.userIds?.length) parts.push(eb('users.id', 'in', scope.userIds));
  for (const id of scope.departIds ?? []) parts.push(eb('users.id', 'in', membersOfSubtree(db, id)));
  if (scope.positionIds?.length) parts.push(eb('users.id', 'in', relationMembers(db, 'Position', scope.positionIds)));
  if (scope.roleIds?.length) parts.push(eb('users.id', 'in', relationMembers(db, 'Role', scope.roleIds)));
  if (scope.groupIds?.length) parts.push(eb('users.id', 'in', relationMembers(db, 'Group', scope.groupIds)));
  return parts.length ? eb.or(parts) : sql<SqlBool>`1 = 0`;
}

/** One page of enabled users inside the scope, filtered by keyword. */
export function pageUsersInScope(
  db: Db,
  dialect: Dialect,
  scope: Scope,
  query: { keyword: string; currentPage: number; pageSize: number },
  picker: PickerScope = UNRESTRICTED,
) {
  return pageUserOptions(
    db,
    dialect,
    scoped((eb) => inScope(db, eb, scope), picker),
    query,
  );
}

/** One page of enabled users matching a filter and the keyword, as picker options. */
export async function pageUserOptions(
  db: Db,
  dialect: Dialect,
  filter: (eb: UsersEb) => Expression<SqlBool>,
  query: { keyword: string; currentPage: number; pageSize: number },
) {
  let base = db.selectFrom('users').where('users.enabled', '=', 1).where(filter);
  if (query.keyword) base = base.where(await userSearch.condition(db, dialect, query.keyword));
  const [orgs, { total, rows }] = await Promise.all([
    organizeNames(db),
    countedPage(
      query,
      base.select((eb) => eb.fn.countAll<number>().as('total')),
      base.select(userOptionColumns).orderBy('users.sort_code').orderBy('users.id'),
    ),
  ]);
  return pageOf(
    rows.map((r) => toUserOption(r, orgs)),
    query,
    total,
  );
}

/** Enabled users matching a filter, as picker options (unpaged; callers narrow the filter). */
export async function userOptions(
  db: Db,
  dialect: Dialect,
  filter: (eb: UsersEb) => Expression<SqlBool>,
  keyword = '',
  limit = 1000,
): Promise<UserOption[]> {
  let q = db.selectFrom('users').select(userOptionColumns).where('users.enabled', '=', 1).where(filter);
  if (keyword) q = q.where(await userSearch.condition(db, dialect, keyword));
  const [orgs, rows] = await Promise.all([
    organizeNames(db),
    q.orderBy('users.sort_code').orderBy('users.id').limit(limit).execute(),
  ]);
  return rows.map((r) => toUserOption(r, orgs));
}

export function organizeNode(o: OrganizeName, hasChildren = true): PickerTreeNode {
  return {
    id: o.id,
    parentId: o.parentId,
    fullName: o.fullName,
    type: o.category,
    isLeaf: false,
    hasChildren,
    icon: ORG_ICON[o.category],
    organize: o.path,
    organizeIds: o.tree,
    lastFullName: o.path,
    sortCode: o.sortCode,
  };
}

export function userNode(u: UserOption, parent: OrganizeName | undefined): PickerTreeNode {
  return {
    id: u.id,
    parentId: parent?.id ?? '0',
    fullName: u.fullName,
    type: 'user',
    isLeaf: true,
    hasChildren: false,
    icon: USER_ICON,
    organize: parent?.path ?? u.organize,
    organizeIds: parent?.tree ?? [],
    lastFullName: parent?.path ?? u.organize,
    headIcon: u.headIcon,
  };
}

/**
 * One level of the user picker's tree: the organisations under a node and the
 * users who belong to it. Node '0' (or '-1') is the top. With a keyword: a flat list of matching users.
 * `roots` replaces the top level (the caller's own organisations for an authorised view).
 * `scope` (the caller's picker scope) hides the people and organisations outside it; an allowed
 * organisation whose parent is not allowed shows at the top.
 */
export async function organizationLevel(
  db: Db,
  dialect: Dialect,
  nodeId: string,
  keyword: string,
  roots?: string[],
  scope: PickerScope = UNRESTRICTED,
): Promise<PickerTreeNode[]> {
  if (keyword) {
    const users = await userOptions(db, dialect, scoped(everyone, scope), keyword, 100);
    return users.map((u) => userNode(u, undefined));
  }
  const orgs = allowedOrganizes(await organizeNames(db), scope);
  const top = nodeId === '0' || nodeId === '-1' || nodeId === '';
  if (!top && !orgs.has(nodeId)) return [];
  const all = [...orgs.values()];
  const childOrgs = top
    ? roots
      ? all.filter((o) => roots.includes(o.id))
      : all.filter((o) => !orgs.has(o.parentId))
    : all.filter((o) => o.parentId === nodeId);
  const nodes: PickerTreeNode[] = childOrgs.map((o) => organizeNode(o));
  if (!top) {
    const parent = orgs.get(nodeId);
    const users = await userOptions(
      db,
      dialect,
      scoped(
        (eb) =>
          eb(
            'users.id',
            'in',
            db
              .selectFrom('user_relation')
              .select('user_id')
              .where('object_type', '=', 'Organize')
              .where('object_id', '=', nodeId),
          ),
        scope,
      ),
    );
    nodes.push(...users.map((u) => userNode(u, parent)));
  }
  return nodes;
}

/** The whole organisation tree with users as leaves (Users/Selector). */
export async function organizationTree(
  db: Db,
  dialect: Dialect,
  scope: PickerScope = UNRESTRICTED,
): Promise<PickerTreeNode[]> {
  const names = await organizeNames(db);
  const orgs = allowedOrganizes(names, scope);
  let query = db
    .selectFrom('user_relation')
    .innerJoin('users', 'users.id', 'user_relation.user_id')
    .select([...userOptionColumns, 'user_relation.object_id'])
    .where('user_relation.object_type', '=', 'Organize')
    .where('users.enabled', '=', 1);
  if (scope.users) query = query.where(scope.users);
  const relations = await query.orderBy('users.sort_code').orderBy('users.id').execute();
  void dialect;
  const nodes = new Map<string, PickerTreeNode>();
  for (const o of orgs.values()) nodes.set(o.id, { ...organizeNode(o), children: [] });
  const roots: PickerTreeNode[] = [];
  for (const o of orgs.values()) {
    const node = nodes.get(o.id)!;
    const parent = nodes.get(o.parentId);
    if (parent) parent.children!.push(node);
    else roots.push(node);
  }
  for (const r of relations) {
    const parent = nodes.get(r.object_id);
    if (parent) parent.children!.push(userNode(toUserOption(r, names), orgs.get(r.object_id)));
  }
  for (const node of nodes.values()) node.hasChildren = (node.children?.length ?? 0) > 0;
  return roots;
}
