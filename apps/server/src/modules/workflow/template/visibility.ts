import type { FlowNode, MemberSpec, StartNode } from '@atrium/shared/workflow';
import type { Authority } from '../../../core/authority.ts';
import type { Db } from '../../../db/index.ts';
import type { Tx } from '../../../db/tx.ts';

/** Who is launching: the ids a start node's `initiators` may name. */
export interface Launcher {
  userId: string;
  roleIds: readonly string[];
  positionIds: readonly string[];
  /** The caller's own organisations (not their parents: a rule naming a department means its members). */
  organizeIds: readonly string[];
  groupIds: readonly string[];
  /** The organisations the caller heads, for a rule that names organisations' heads. */
  headedOrganizeIds: readonly string[];
}

/** The launcher of a signed-in caller, from his authority (already loaded per request). */
export async function launcherOf(db: Db | Tx, authority: Authority): Promise<Launcher> {
  const headed = await db.selectFrom('organize').select('id').where('manager_id', '=', authority.user.id).execute();
  return {
    userId: authority.user.id,
    roleIds: authority.roleIds,
    positionIds: authority.positionIds,
    organizeIds: authority.organizeIds,
    groupIds: authority.groupIds,
    headedOrganizeIds: headed.map((o) => o.id),
  };
}

/**
 * The launcher of any user, read from his memberships as his authority reads them (enabled roles
 * only): for a launch made for someone else, and inside a command, whose transaction may not ask
 * the pool.
 */
export async function launcherOfUser(db: Db | Tx, userId: string): Promise<Launcher> {
  const relations = await db
    .selectFrom('user_relation')
    .leftJoin('role', (join) =>
      join.onRef('role.id', '=', 'user_relation.object_id').on('user_relation.object_type', '=', 'Role'),
    )
    .select(['user_relation.object_type', 'user_relation.object_id', 'role.enabled'])
    .where('user_relation.user_id', '=', userId)
    .execute();
  const idsOf = (type: string) => relations.filter((r) => r.object_type === type).map((r) => r.object_id);
  const headed = await db.selectFrom('organize').select('id').where('manager_id', '=', userId).execute();
  return {
    userId,
    roleIds: relations.filter((r) => r.object_type === 'Role' && r.enabled === 1).map((r) => r.object_id),
    positionIds: idsOf('Position'),
    organizeIds: idsOf('Organize'),
    groupIds: idsOf('Group'),
    headedOrganizeIds: headed.map((o) => o.id),
  };
}

const named = (list: readonly string[] | undefined) => (list ?? []).filter((id) => id !== '');
const meets = (wanted: readonly string[] | undefined, held: readonly string[]) =>
  named(wanted).some((id) => held.includes(id));

/** True when the spec names nobody (everyone may launch) or names the launcher one way or another. */
export function inMemberSpec(spec: MemberSpec | undefined, who: Launcher): boolean {
  if (!spec) return true;
  const lists = [spec.users, spec.roles, spec.positions, spec.orgs, spec.groups];
  if (lists.every((list) => named(list).length === 0)) return true;
  return (
    meets(spec.users, [who.userId]) ||
    meets(spec.roles, who.roleIds) ||
    meets(spec.positions, who.positionIds) ||
    meets(spec.orgs, spec.orgHeads ? who.headedOrganizeIds : who.organizeIds) ||
    meets(spec.groups, who.groupIds)
  );
}

/** Whether the launcher may launch a version whose tree starts with this node (its `initiators`). */
export function mayLaunch(tree: FlowNode, who: Launcher): boolean {
  return tree.type === 'start' && inMemberSpec((tree as StartNode).properties?.initiators, who);
}
