/**
 * Persistence of the engine's state: one instance read under its row lock, and the change set of a
 * command written back. Every changed runtime row has its `version` bumped with `WHERE version = ?`:
 * the row lock already serialises commands on one instance, the version check is the second line.
 */
import { FlowStatus, type FlowNode } from '@atrium/shared/workflow';
import type { Db } from '../../../db/index.ts';
import type { Tx } from '../../../db/tx.ts';
import { lockRow } from '../../../db/tx.ts';
import type { Choices, InstanceRow, InstanceState } from '../engine/state.ts';
import type { Working } from '../engine/working.ts';

/** A write lost to a concurrent change (should not happen under the lock). */
export class StaleRowError extends Error {
  constructor(table: string, id: string) {
    super(`${table} ${id} changed under a command`);
    this.name = 'StaleRowError';
  }
}

const parse = <T>(text: string | null | undefined, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export async function versionTree(
  trx: Db | Tx,
  versionId: string,
): Promise<{ tree: FlowNode; formSnapshot: string | null } | null> {
  const row = await trx
    .selectFrom('flow_template_version')
    .select(['node_tree', 'form_snapshot'])
    .where('id', '=', versionId)
    .executeTakeFirst();
  return row ? { tree: JSON.parse(row.node_tree) as FlowNode, formSnapshot: row.form_snapshot } : null;
}

/** The condition variables of an initiator: department, roles, positions (docs/workflow.md). */
export async function conditionOf(
  trx: Db | Tx,
  instance: Pick<InstanceRow, 'initiator_id' | 'urgent' | 'submitted_at' | 'created_at'>,
) {
  const [user, relations, orgs] = await Promise.all([
    trx.selectFrom('users').select(['organize_id']).where('id', '=', instance.initiator_id).executeTakeFirst(),
    trx
      .selectFrom('user_relation')
      .select(['object_type', 'object_id'])
      .where('user_id', '=', instance.initiator_id)
      .execute(),
    trx.selectFrom('organize').select(['id', 'organize_id_tree']).execute(),
  ]);
  const trees = new Map(orgs.map((o) => [o.id, o.organize_id_tree.split(',')]));
  // belongsTo is synchronous: organisations and the initiator are known ahead; other users read false.
  const userOrgs = new Map<string, string | null>([[instance.initiator_id, user?.organize_id ?? null]]);
  const ofType = (type: string) => relations.filter((r) => r.object_type === type).map((r) => r.object_id);
  return {
    system: {
      initiator: instance.initiator_id,
      initiatorId: instance.initiator_id,
      initiatorDept: user?.organize_id ?? null,
      initiatorRoles: ofType('Role'),
      initiatorPositions: ofType('Position'),
      flowUrgent: instance.urgent,
      urgent: instance.urgent,
      launchTime: instance.submitted_at ?? instance.created_at,
    },
    belongsTo: (value: unknown, orgId: string) => {
      const org = typeof value === 'string' ? (trees.has(value) ? value : (userOrgs.get(value) ?? null)) : null;
      return org ? (trees.get(org) ?? [org]).includes(orgId) : false;
    },
  };
}

/**
 * Reads an instance with its rows, taking the instance's row lock first so that commands on one
 * instance run one after another. Null when the instance does not exist.
 */
export async function loadState(trx: Tx, instanceId: string): Promise<InstanceState | null> {
  for (const id of await waitingAncestors(trx, instanceId)) await lockRow(trx, 'flow_instance', id);
  if (!(await lockRow(trx, 'flow_instance', instanceId))) return null;
  return readState(trx, instanceId);
}

/**
 * The parents that wait for an instance (a sync sub-flow's parent, its own parent if it waits too,
 * ...), outermost first. They are locked before the instance: a child's end moves its parent and a
 * parent's withdraw cancels its children, so with one order (parent before child) two commands on
 * one family of flows never wait for each other in a circle. The link columns never change.
 */
async function waitingAncestors(trx: Tx, instanceId: string): Promise<string[]> {
  const chain: string[] = [];
  let at = instanceId;
  while (chain.length < MAX_NESTING) {
    const row = await trx
      .selectFrom('flow_instance')
      .select(['parent_instance_id', 'is_async'])
      .where('id', '=', at)
      .executeTakeFirst();
    if (!row?.parent_instance_id || row.is_async) break;
    chain.unshift(row.parent_instance_id);
    at = row.parent_instance_id;
  }
  return chain;
}

/** Sub-flows nest at most this deep for locking (deeper chains are not designed in practice). */
const MAX_NESTING = 10;

/** The same state read without a lock, for previews that change nothing. */
export async function readState(trx: Db | Tx, instanceId: string): Promise<InstanceState | null> {
  const instance = await trx.selectFrom('flow_instance').selectAll().where('id', '=', instanceId).executeTakeFirst();
  if (!instance) return null;
  const [version, template, nodes, operators, condition] = await Promise.all([
    versionTree(trx, instance.version_id),
    trx
      .selectFrom('flow_template')
      .select(['id', 'en_code', 'full_name', 'flow_type'])
      .where('id', '=', instance.template_id)
      .executeTakeFirst(),
    trx
      .selectFrom('flow_node_instance')
      .selectAll()
      .where('instance_id', '=', instanceId)
      .orderBy('entered_at')
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('flow_operator')
      .selectAll()
      .where('instance_id', '=', instanceId)
      .orderBy('received_at')
      .orderBy('id')
      .execute(),
    conditionOf(trx, instance),
  ]);
  if (!version) return null;
  return {
    instance,
    formData: parse<Record<string, unknown>>(instance.form_data, {}),
    choices: parse<Choices>(instance.choices, {}),
    tree: version.tree,
    template: {
      id: template?.id ?? instance.template_id,
      enCode: template?.en_code ?? '',
      fullName: template?.full_name ?? '',
      flowType: template?.flow_type ?? 0,
    },
    nodes,
    operators,
    condition: { system: condition.system, belongsTo: condition.belongsTo },
  };
}

/** A new instance row (status 0) not yet stored: the start command fills and inserts it. */
export function newInstanceRow(
  values: Omit<
    InstanceRow,
    | 'version'
    | 'status'
    | 'status_before_suspend'
    | 'finished_at'
    | 'current_node_ids'
    | 'current_node_names'
    | 'completion'
    | 'return_to_node_id'
    | 'last_record_at'
  >,
): InstanceRow {
  return {
    ...values,
    status: FlowStatus.draft,
    status_before_suspend: null,
    finished_at: null,
    current_node_ids: '',
    current_node_names: '',
    completion: 0,
    return_to_node_id: null,
    last_record_at: null,
    version: 0,
  };
}

/**
 * Writes what a command changed: new rows inserted, changed rows updated with their version
 * checked and bumped, records and copies appended, recalled records flagged. `stored` says whether
 * the instance row already exists (false for a launch, which inserts it).
 */
export async function saveWorking(trx: Tx, w: Working, stored: boolean): Promise<void> {
  const { state, changes } = w;
  w.finalize();
  const instance = state.instance;
  if (stored) {
    const { id, version, ...rest } = instance;
    const result = await trx
      .updateTable('flow_instance')
      .set({ ...rest, version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new StaleRowError('flow_instance', id);
    instance.version = version + 1;
  } else await trx.insertInto('flow_instance').values(instance).execute();

  const newNodes = state.nodes.filter((n) => changes.newNodeIds.has(n.id));
  if (newNodes.length) await trx.insertInto('flow_node_instance').values(newNodes).execute();
  for (const node of state.nodes.filter((n) => changes.touchedNodeIds.has(n.id))) {
    const { id, version, ...rest } = node;
    const result = await trx
      .updateTable('flow_node_instance')
      .set({ ...rest, version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new StaleRowError('flow_node_instance', id);
    node.version = version + 1;
  }
  const newOperators = state.operators.filter((o) => changes.newOperatorIds.has(o.id));
  if (newOperators.length) await trx.insertInto('flow_operator').values(newOperators).execute();
  for (const op of state.operators.filter((o) => changes.touchedOperatorIds.has(o.id))) {
    const { id, version, ...rest } = op;
    const result = await trx
      .updateTable('flow_operator')
      .set({ ...rest, version: version + 1 })
      .where('id', '=', id)
      .where('version', '=', version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new StaleRowError('flow_operator', id);
    op.version = version + 1;
  }
  if (changes.records.length) await trx.insertInto('flow_record').values(changes.records).execute();
  if (w.recalledRecordIds.length)
    await trx.updateTable('flow_record').set({ recalled: 1 }).where('id', 'in', w.recalledRecordIds).execute();
  if (changes.circulates.length) await trx.insertInto('flow_circulate').values(changes.circulates).execute();
  changes.newNodeIds.clear();
  changes.touchedNodeIds.clear();
  changes.newOperatorIds.clear();
  changes.touchedOperatorIds.clear();
}
