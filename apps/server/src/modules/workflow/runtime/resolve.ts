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
  type StartProperties,
} from '@atrium/shared/workflow';
import type { AdminSqlReader } from '../../../core/admin-sql/index.ts';
import type { SelectQueryBuilder } from 'kysely';
import type { Database, Db } from '../../../db/index.ts';
import type { Tx } from '../../../db/tx.ts';
import { newId } from '../../../core/ids.ts';
import { resolveRecipients } from '../../message/recipients.ts';
import { interfaceParamList } from '../engine/interface-params.ts';
import type { EnginePorts } from '../engine/ports.ts';
import type { InstanceState } from '../engine/state.ts';
import { isApproval } from '../engine/working.ts';
import { newCallbackToken } from './callback-token.ts';
import { callFlowInterface, userIdsOf } from './interfaces.ts';

const asIds = (value: unknown): string[] => {
  if (Array.isArray(value)) return value.flatMap(asIds);
  if (typeof value === 'string')
    return value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean);
  return [];
};

/**
 * Approval delegations (kind 0) of the users a command resolved, read in the same statement as
 * them: the engine asks who stands in for each new handler right after (`delegateOf`). Kept by
 * user with the time of the read: the delegations not ended then, whether they have begun or not.
 */
export type DelegationNotes = Map<string, { at: number; rows: DelegationRow[] }>;

/** Where a command notes the delegations of the users it resolves, and the time of the read. */
interface Notes {
  at: number;
  by: DelegationNotes;
}

interface DelegationRow {
  to_user_id: string;
  template_ids: string | null;
  start_at: number;
  end_at: number;
  created_at: number;
}

/** Where the users come from: a list of ids, or a one-column subquery naming them. */
type UserIds = string[] | SelectQueryBuilder<Database, keyof Database, Record<string, string | null>>;

/**
 * The enabled users among `ids` (only users who may still sign in handle or receive anything),
 * with their delegations noted in `notes` when given.
 */
async function enabledIds(trx: Db | Tx, ids: UserIds, notes?: Notes) {
  const users = trx.selectFrom('users').where('users.id', 'in', ids).where('users.enabled', '=', 1);
  if (!notes) return (await users.select('users.id').execute()).map((r) => r.id);
  const rows = await users
    .leftJoin('flow_delegation as d', (join) =>
      join
        .onRef('d.user_id', '=', 'users.id')
        .on('d.kind', '=', 0)
        .on('d.enabled', '=', 1)
        .on('d.end_at', '>=', notes.at),
    )
    .select(['users.id', 'd.to_user_id', 'd.template_ids', 'd.start_at', 'd.end_at', 'd.created_at'])
    .execute();
  const found = new Map<string, DelegationRow[]>();
  for (const { id, to_user_id, template_ids, start_at, end_at, created_at } of rows) {
    const list = found.get(id) ?? [];
    found.set(id, list);
    if (to_user_id !== null && start_at !== null && end_at !== null && created_at !== null)
      list.push({ to_user_id, template_ids, start_at, end_at, created_at });
  }
  for (const [id, list] of found) notes.by.set(id, { at: notes.at, rows: list });
  return [...found.keys()];
}

/** The enabled users among `ids`, in their order, once each. */
async function enabledUsers(trx: Db | Tx, ids: string[], notes?: Notes): Promise<string[]> {
  if (!ids.length) return [];
  const found = new Set(await enabledIds(trx, ids, notes));
  return [...new Set(ids)].filter((id) => found.has(id));
}

async function orgHeads(trx: Db | Tx, orgIds: string[]): Promise<string[]> {
  if (!orgIds.length) return [];
  const rows = await trx.selectFrom('organize').select('manager_id').where('id', 'in', orgIds).execute();
  return rows.map((r) => r.manager_id).filter((id): id is string => !!id);
}

/** The users a member specification names: users, roles, positions, groups, organisations (members or heads). */
export async function memberUsers(trx: Db | Tx, spec: MemberSpec | undefined, notes?: Notes): Promise<string[]> {
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
  return enabledUsers(trx, [...(spec.users ?? []), ...related, ...heads], notes);
}

/** Whether a member specification names anyone at all (an empty pool means "no limit"). */
export const hasPool = (spec: MemberSpec | undefined) =>
  !!spec && [spec.users, spec.roles, spec.positions, spec.orgs, spec.groups].some((l) => (l?.length ?? 0) > 0);

/** Users in a form field's value: user ids, or organisation ids standing for their heads. */
async function fieldUsers(trx: Db | Tx, value: unknown, notes?: Notes): Promise<string[]> {
  const ids = asIds(value).map((v) => v.split('--')[0]!);
  if (!ids.length) return [];
  const users = await enabledUsers(trx, ids);
  const rest = ids.filter((id) => !users.includes(id));
  return enabledUsers(trx, [...users, ...(await orgHeads(trx, rest))], notes);
}

/** The user's manager `levels` up, if enabled: the last step is read with the check. */
async function managerOf(trx: Db | Tx, userId: string, levels: number, notes?: Notes): Promise<string[]> {
  let current: string | null = userId;
  for (let i = 1; i < Math.max(1, levels) && current; i++)
    current =
      (await trx.selectFrom('users').select('manager_id').where('id', '=', current).executeTakeFirst())?.manager_id ??
      null;
  return current ? enabledIds(trx, trx.selectFrom('users').select('manager_id').where('id', '=', current), notes) : [];
}

/** The head of the user's department (`level` 2: of its parent, ...), if enabled: the last step is read with the check. */
async function departmentHead(trx: Db | Tx, userId: string, level: number, notes?: Notes): Promise<string[]> {
  const userOrg = trx.selectFrom('users').select('organize_id').where('id', '=', userId);
  if (Math.max(1, level) === 1)
    return enabledIds(trx, trx.selectFrom('organize').select('manager_id').where('id', 'in', userOrg), notes);
  let orgId = (await userOrg.executeTakeFirst())?.organize_id ?? null;
  for (let i = 1; i < level && orgId; i++) {
    const parent: string | null =
      (await trx.selectFrom('organize').select('parent_id').where('id', '=', orgId).executeTakeFirst())?.parent_id ??
      null;
    orgId = parent && parent !== '-1' && parent !== '0' ? parent : null;
  }
  return orgId ? enabledIds(trx, trx.selectFrom('organize').select('manager_id').where('id', '=', orgId), notes) : [];
}

/** The candidate pool of an assignee type 7 node: its members, or anyone when none are named. */
export async function candidatePool(trx: Db | Tx, node: ApproverNode): Promise<string[] | null> {
  return hasPool(node.properties.members) ? memberUsers(trx, node.properties.members) : null;
}

/** What running a node's data interface needs; previews that must not call anything go without. */
export interface InterfaceEnv {
  reader: AdminSqlReader;
  now: () => number;
}

/**
 * The handlers a type 9 node's data interface answers, enabled users only. A failing interface
 * answers nobody, so the node's empty policy decides; the failure is in the interface's call log.
 */
async function interfaceUsers(
  trx: Db | Tx,
  env: InterfaceEnv,
  node: ApproverNode,
  state: InstanceState,
  notes?: Notes,
): Promise<string[]> {
  const { interfaceId, interfaceParams } = node.properties;
  if (!interfaceId) return [];
  const dept = state.condition.system.initiatorDept;
  let data: unknown;
  try {
    data = await callFlowInterface(trx, env.reader, env.now, {
      interfaceId,
      params: interfaceParamList(state, interfaceParams),
      caller: { userId: state.instance.initiator_id, organizeId: typeof dept === 'string' ? dept : null },
      action: 'flowAssignee',
    });
  } catch {
    // A broken transaction is not hidden by this: the command's next write fails and rolls it back.
    return [];
  }
  return enabledUsers(trx, userIdsOf(data), notes);
}

/**
 * The users an approver node's rule names. `interfaces` absent: a data interface (type 9) is not
 * called and answers nobody. With `notes`, the delegations of the users found are noted there.
 */
export async function resolveAssignees(
  trx: Db | Tx,
  node: ApproverNode,
  state: InstanceState,
  interfaces?: InterfaceEnv,
  notes?: Notes,
): Promise<string[]> {
  const props = node.properties;
  const initiator = state.instance.initiator_id;
  switch (props.assigneeType) {
    case AssigneeType.initiatorManager:
      return managerOf(trx, initiator, props.managerLevel ?? 1, notes);
    case AssigneeType.deptHead:
      return departmentHead(trx, initiator, props.departmentLevel ?? 1, notes);
    case AssigneeType.initiator:
      return [initiator];
    case AssigneeType.formField:
      return props.formField ? fieldUsers(trx, state.formData[props.formField], notes) : [];
    case AssigneeType.previousNodeApprover: {
      const target = props.approverNodeId;
      const ni = [...state.nodes].reverse().find((n) => n.node_id === target && n.state !== 'void');
      if (!ni) return [];
      const ops = state.operators.filter((o) => o.node_instance_id === ni.id && o.parent_operator_id === null);
      const approved = ops.filter((o) => isApproval(o.handle_status)).map((o) => o.assignee_id);
      return approved.length ? approved : ops.filter((o) => o.state !== 'void').map((o) => o.assignee_id);
    }
    case AssigneeType.members:
      return memberUsers(trx, props.members, notes);
    case AssigneeType.candidates: {
      const picked = await enabledUsers(trx, state.choices.candidates?.[node.nodeId] ?? [], notes);
      const pool = await candidatePool(trx, node);
      return pool ? picked.filter((id) => pool.includes(id)) : picked;
    }
    case AssigneeType.dataInterface:
      return interfaces ? interfaceUsers(trx, interfaces, node, state, notes) : [];
    default:
      return [];
  }
}

/** The administrator account, for the empty policy "admin". */
async function adminUserId(trx: Db | Tx): Promise<string | null> {
  return (await trx.selectFrom('users').select('id').where('account', '=', 'admin').executeTakeFirst())?.id ?? null;
}

/**
 * Whether a node's handlers can be told before it is reached: not from a data interface (asked
 * only then), nor candidates nobody has picked yet, nor "same as node X" before X ran.
 */
function knowableAhead(node: ApproverNode, state: InstanceState): boolean {
  const props = node.properties;
  switch (props.assigneeType) {
    case AssigneeType.dataInterface:
      return false;
    case AssigneeType.candidates:
      return (state.choices.candidates?.[node.nodeId]?.length ?? 0) > 0;
    case AssigneeType.previousNodeApprover:
      return state.nodes.some((n) => n.node_id === props.approverNodeId && n.state !== 'void');
    default:
      return true;
  }
}

/**
 * Who will handle a node not reached yet, as far as can be told now (the detail page's future
 * nodes): the rule's users, else those its empty policy names. Reads only: no interface is called,
 * nothing is written. Empty when it cannot be told yet.
 */
export async function expectedHandlers(db: Db | Tx, node: ApproverNode, state: InstanceState): Promise<string[]> {
  if (!knowableAhead(node, state)) return [];
  const users = await resolveAssignees(db, node, state);
  if (users.length) return [...new Set(users)];
  const start = (state.tree.type === 'start' ? state.tree.properties : {}) as StartProperties;
  switch (node.properties.emptyPolicy ?? start.defaultEmptyPolicy ?? 'admin') {
    case 'initiator':
      return [state.instance.initiator_id];
    case 'users':
      return enabledUsers(db, node.properties.emptyUsers ?? []);
    case 'previousPicks':
      return enabledUsers(db, state.choices.errorRule?.[node.nodeId] ?? []);
    case 'admin': {
      const admin = await adminUserId(db);
      return admin ? [admin] : [];
    }
    default:
      return [];
  }
}

export async function copyRecipients(trx: Db | Tx, spec: CopySpec, state: InstanceState): Promise<string[]> {
  const users = await memberUsers(trx, spec);
  const fromField = spec.formField ? await fieldUsers(trx, state.formData[spec.formField]) : [];
  return [...new Set([...users, ...fromField, ...(spec.toInitiator ? [state.instance.initiator_id] : [])])];
}

/**
 * Who handles for `userId` now: his enabled approval delegation (kind 0) covering the template.
 * An approval delegation noted when the user was resolved (not before `now`) is not read again.
 */
export async function delegateOf(
  trx: Db | Tx,
  userId: string,
  templateId: string,
  now: number,
  kind = 0,
  notes?: DelegationNotes,
): Promise<string | null> {
  const noted = kind === 0 ? notes?.get(userId) : undefined;
  const rows =
    noted && noted.at <= now
      ? noted.rows.filter((r) => r.start_at <= now && r.end_at >= now).sort((a, b) => b.created_at - a.created_at)
      : await trx
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

/** The engine's ports bound to a transaction, the clock and the admin-SQL reader (for data interfaces). */
export function enginePorts(trx: Tx, services: { now: () => number; adminSql: AdminSqlReader }): EnginePorts {
  const { now } = services;
  const interfaces: InterfaceEnv = { reader: services.adminSql, now };
  // The engine asks for the delegate of each handler it resolved: read with them, for this command.
  const delegations: DelegationNotes = new Map();
  return {
    now,
    newId: () => newId(now()),
    resolveAssignees: (node, state) => resolveAssignees(trx, node, state, interfaces, { at: now(), by: delegations }),
    resolveCopyRecipients: (spec, state) => copyRecipients(trx, spec, state),
    delegateOf: (userId, state) => delegateOf(trx, userId, state.template.id, now(), 0, delegations),
    adminUserId: () => adminUserId(trx),
    newCallbackToken: () => newCallbackToken(trx),
  };
}

/** The approver node of a tree by id, or null. */
export function approverNodeOf(tree: InstanceState['tree'], nodeId: string): ApproverNode | null {
  const node = findNode(tree, nodeId);
  return node && isApproverNode(node) ? node : null;
}
