/**
 * Who handles a node and who a copy goes to, from the organisation tables (docs/workflow.md): the
 * engine's ports, bound to the command's transaction.
 */
import {
  AssigneeType,
  findNode,
  isApproverNode,
  type ApproverNode,
  type CopySpec,
  type MemberSpec,
} from '@atrium/shared/workflow';
import type { Tx } from '../../../db/tx.ts';
import { newId } from '../../../core/ids.ts';
import { resolveRecipients } from '../../message/recipients.ts';
import type { EnginePorts } from '../engine/ports.ts';
import type { InstanceState } from '../engine/state.ts';
import { isApproval } from '../engine/working.ts';

const asIds = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(asIds);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  return [];
};

/** Only users who may still sign in handle or receive anything. */
async function enabledUsers(trx: Tx, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await trx.selectFrom('users').select('id').where('id', 'in', ids).where('enabled', '=', 1).execute();
  const found = new Set(rows.map((r) => r.id));
  return [...new Set(ids)].filter((id) => found.has(id));
}

async function orgHeads(trx: Tx, orgIds: string[]): Promise<string[]> {
  if (!orgIds.length) return [];
  const rows = await trx.selectFrom('organize').select('manager_id').where('id', 'in', orgIds).execute();
  return rows.map((r) => r.manager_id).filter((id): id is string => !!id);
}

/** The users a member specification names: users, roles, positions, groups, organisations (members or heads). */
export async function memberUsers(trx: Tx, spec: MemberSpec | undefined): Promise<string[]> {
  if (!spec) return [];
  const values = [
    ...(spec.roles ?? []).map((id) => `${id}--role`),
    ...(spec.positions ?? []).map((id) => `${id}--position`),
    ...(spec.groups ?? []).map((id) => `${id}--group`),
    ...(spec.orgHeads ? [] : (spec.orgs ?? []).map((id) => `${id}--organize`)),
  ];
  // resolveRecipients answers everyone for an empty list: only ask it for something.
  const related = values.length ? await resolveRecipients(trx, values) : [];
  const heads = spec.orgHeads ? await orgHeads(trx, spec.orgs ?? []) : [];
  return enabledUsers(trx, [...(spec.users ?? []), ...related, ...heads]);
}

/** Whether a member specification names anyone at all (an empty pool means "no limit"). */
export const hasPool = (spec: MemberSpec | undefined) =>
  !!spec && [spec.users, spec.roles, spec.positions, spec.orgs, spec.groups].some((l) => (l?.length ?? 0) > 0);

/** Users in a form field's value: user ids, or organisation ids standing for their heads. */
async function fieldUsers(trx: Tx, value: unknown): Promise<string[]> {
  const ids = asIds(value).map((v) => v.split('--')[0]!);
  if (!ids.length) return [];
  const users = await enabledUsers(trx, ids);
  const rest = ids.filter((id) => !users.includes(id));
  return enabledUsers(trx, [...users, ...(await orgHeads(trx, rest))]);
}

async function managerOf(trx: Tx, userId: string, levels: number): Promise<string | null> {
  let current: string | null = userId;
  for (let i = 0; i < Math.max(1, levels) && current; i++)
    current =
      (await trx.selectFrom('users').select('manager_id').where('id', '=', current).executeTakeFirst())?.manager_id ??
      null;
  return current;
}

async function departmentHead(trx: Tx, userId: string, level: number): Promise<string | null> {
  let orgId =
    (await trx.selectFrom('users').select('organize_id').where('id', '=', userId).executeTakeFirst())?.organize_id ??
    null;
  for (let i = 1; i < Math.max(1, level) && orgId; i++) {
    const parent: string | null =
      (await trx.selectFrom('organize').select('parent_id').where('id', '=', orgId).executeTakeFirst())?.parent_id ??
      null;
    orgId = parent && parent !== '-1' && parent !== '0' ? parent : null;
  }
  if (!orgId) return null;
  return (
    (await trx.selectFrom('organize').select('manager_id').where('id', '=', orgId).executeTakeFirst())?.manager_id ??
    null
  );
}

/** The candidate pool of an assignee type 7 node: its members, or anyone when none are named. */
export async function candidatePool(trx: Tx, node: ApproverNode): Promise<string[] | null> {
  return hasPool(node.properties.members) ? memberUsers(trx, node.properties.members) : null;
}

export async function resolveAssignees(trx: Tx, node: ApproverNode, state: InstanceState): Promise<string[]> {
  const props = node.properties;
  const initiator = state.instance.initiator_id;
  switch (props.assigneeType) {
    case AssigneeType.initiatorManager: {
      const manager = await managerOf(trx, initiator, props.managerLevel ?? 1);
      return enabledUsers(trx, manager ? [manager] : []);
    }
    case AssigneeType.deptHead: {
      const head = await departmentHead(trx, initiator, props.departmentLevel ?? 1);
      return enabledUsers(trx, head ? [head] : []);
    }
    case AssigneeType.initiator:
      return [initiator];
    case AssigneeType.formField:
      return props.formField ? fieldUsers(trx, state.formData[props.formField]) : [];
    case AssigneeType.previousNodeApprover: {
      const target = props.approverNodeId;
      const ni = [...state.nodes].reverse().find((n) => n.node_id === target && n.state !== 'void');
      if (!ni) return [];
      const ops = state.operators.filter((o) => o.node_instance_id === ni.id && o.parent_operator_id === null);
      const approved = ops.filter((o) => isApproval(o.handle_status)).map((o) => o.assignee_id);
      return approved.length ? approved : ops.filter((o) => o.state !== 'void').map((o) => o.assignee_id);
    }
    case AssigneeType.members:
      return memberUsers(trx, props.members);
    case AssigneeType.candidates: {
      const picked = await enabledUsers(trx, state.choices.candidates?.[node.nodeId] ?? []);
      const pool = await candidatePool(trx, node);
      return pool ? picked.filter((id) => pool.includes(id)) : picked;
    }
    default:
      // Data interfaces (9) answer nothing here: the node's empty policy decides.
      return [];
  }
}

export async function copyRecipients(trx: Tx, spec: CopySpec, state: InstanceState): Promise<string[]> {
  const users = await memberUsers(trx, spec);
  const fromField = spec.formField ? await fieldUsers(trx, state.formData[spec.formField]) : [];
  return [...new Set([...users, ...fromField, ...(spec.toInitiator ? [state.instance.initiator_id] : [])])];
}

/** Who handles for `userId` now: his enabled approval delegation (kind 0) covering the template. */
export async function delegateOf(
  trx: Tx,
  userId: string,
  templateId: string,
  now: number,
  kind = 0,
): Promise<string | null> {
  const rows = await trx
    .selectFrom('flow_delegation')
    .select(['to_user_id', 'template_ids'])
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('enabled', '=', 1)
    .where('start_at', '<=', now)
    .where('end_at', '>=', now)
    .orderBy('created_at', 'desc')
    .execute();
  const row = rows.find((r) => !r.template_ids || r.template_ids.split(',').includes(templateId));
  if (!row || row.to_user_id === userId) return null;
  return (await enabledUsers(trx, [row.to_user_id]))[0] ?? null;
}

/** The engine's ports bound to a transaction and the clock. */
export function enginePorts(trx: Tx, now: () => number): EnginePorts {
  return {
    now,
    newId: () => newId(now()),
    resolveAssignees: (node, state) => resolveAssignees(trx, node, state),
    resolveCopyRecipients: (spec, state) => copyRecipients(trx, spec, state),
    delegateOf: (userId, state) => delegateOf(trx, userId, state.template.id, now()),
    adminUserId: async () =>
      (await trx.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirst())?.id ?? null,
  };
}

/** The approver node of a tree by id, or null. */
export function approverNodeOf(tree: InstanceState['tree'], nodeId: string): ApproverNode | null {
  const node = findNode(tree, nodeId);
  return node && isApproverNode(node) ? node : null;
}
