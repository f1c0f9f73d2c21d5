/**
 * Persistence of the engine's state: one instance read under its row lock, and the change set of a
 * command written back. Every changed runtime row has its `version` bumped with `WHERE version = ?`:
 * the row lock already serialises commands on one instance, the version check is the second line.
 */
import type { ExpressionBuilder } from 'kysely';
import {
  evaluateRule,
  flowNodeList,
  FlowStatus,
  isBranchingNode,
  type ConditionRule,
  type FlowNode,
} from '@atrium/shared/workflow';
import type { Database, Db } from '../../../db/index.ts';
import type { Tx } from '../../../db/tx.ts';
import { lockRow } from '../../../db/tx.ts';
import { subtreeIds } from '../../permission/users.ts';
import { rememberNames } from './names.ts';
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

/**
 * What a tree asks of its initiator beyond the instance row, so that a command reads only that:
 * the department (`@initiatorDept`, `belongsTo`, and the flow variables a data interface is given),
 * the roles and positions (`@initiatorRoles`, `@initiatorPositions`), and for `belongsTo` the
 * organisations its rules test against (`'any'` when a rule takes them from a field).
 */
export interface InitiatorNeeds {
  dept: boolean;
  relations: boolean;
  orgs: string[] | 'any';
}

export function initiatorNeeds(tree: FlowNode): InitiatorNeeds {
  const needs: InitiatorNeeds = { dept: false, relations: false, orgs: [] };
  const operand = (name: unknown) => {
    if (name === '@initiatorDept') needs.dept = true;
    if (name === '@initiatorRoles' || name === '@initiatorPositions') needs.relations = true;
  };
  for (const node of flowNodeList(tree)) {
    if ((node.properties as { interfaceId?: string }).interfaceId) needs.dept = true;
    if (!isBranchingNode(node)) continue;
    for (const rule of node.conditionNodes.flatMap((b) => b.when?.groups ?? []).flatMap((g) => g.rules)) {
      operand(rule.left);
      if (rule.rightIsField) operand(rule.right);
      if (rule.op !== 'belongsTo') continue;
      // The initiator's id as the value reads as his department.
      needs.dept = true;
      if (rule.rightIsField || needs.orgs === 'any') needs.orgs = 'any';
      else needs.orgs.push(...belongsToTargets(rule));
    }
  }
  return needs;
}

/** The organisations a literal `belongsTo` rule tests against, as the evaluator itself lists them. */
function belongsToTargets(rule: ConditionRule): string[] {
  const targets: string[] = [];
  const probe = { ...rule, left: '@value' };
  evaluateRule(probe, {
    formData: {},
    system: { value: 'value' },
    belongsTo: (_value, orgId) => {
      targets.push(orgId);
      return false;
    },
  });
  return targets;
}

/**
 * The condition variables of an initiator (docs/workflow.md), read as far as `tree` needs them:
 * a variable nothing in the tree reads is left out, and `belongsTo` knows the organisations under
 * the ones its rules name (every organisation when a rule takes them from a field).
 */
export async function conditionOf(
  trx: Db | Tx,
  instance: Pick<InstanceRow, 'initiator_id' | 'urgent' | 'submitted_at' | 'created_at'>,
  tree: FlowNode,
) {
  const needs = initiatorNeeds(tree);
  const { orgs: targets } = needs;
  const [user, relations, orgs] = await Promise.all([
    needs.dept
      ? trx.selectFrom('users').select(['organize_id']).where('id', '=', instance.initiator_id).executeTakeFirst()
      : undefined,
    needs.relations
      ? trx
          .selectFrom('user_relation')
          .select(['object_type', 'object_id'])
          .where('user_id', '=', instance.initiator_id)
          .execute()
      : [],
    targets === 'any' || targets.length
      ? trx
          .selectFrom('organize')
          .select(['id', 'organize_id_tree'])
          .$if(targets !== 'any', (q) =>
            q.where((eb) => eb.or([...new Set(targets)].map((id) => eb('id', 'in', subtreeIds(trx, id))))),
          )
          .execute()
      : [],
  ]);
  const trees = new Map(orgs.map((o) => [o.id, o.organize_id_tree.split(',')]));
  // belongsTo is synchronous: organisations and the initiator are known ahead; other users read
  // false, and so does an organisation outside every one the rules name.
  const userOrgs = new Map<string, string | null>([[instance.initiator_id, user?.organize_id ?? null]]);
  const ofType = (type: string) => relations.filter((r) => r.object_type === type).map((r) => r.object_id);
  return {
    system: {
      initiator: instance.initiator_id,
      initiatorId: instance.initiator_id,
      ...(needs.dept ? { initiatorDept: user?.organize_id ?? null } : {}),
      ...(needs.relations ? { initiatorRoles: ofType('Role'), initiatorPositions: ofType('Position') } : {}),
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
 * instance run one after another. Null when the instance does not exist. The lock answers the row
 * with what it names (`besideInstance`), so the lock, the instance, its tree and template are one
 * round trip.
 */
export async function loadState(trx: Tx, instanceId: string): Promise<InstanceState | null> {
  for (const id of await waitingAncestors(trx, instanceId)) await lockRow(trx, 'flow_instance', id);
  const row = await trx
    .updateTable('flow_instance')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', instanceId)
    .returningAll()
    .returning((eb) => [
      ...besideInstance(eb),
      eb
        .selectFrom('users')
        .select('real_name')
        .whereRef('users.id', '=', 'flow_instance.initiator_id')
        .as('initiator_name'),
    ])
    .executeTakeFirst();
  if (!row) return null;
  const { initiator_name, ...rest } = row;
  if (initiator_name !== null) rememberNames(trx, [[row.initiator_id, initiator_name]]);
  return stateOf(trx, rest);
}

/** The same state read without a lock, for previews that change nothing. */
export async function readState(trx: Db | Tx, instanceId: string): Promise<InstanceState | null> {
  const row = await trx
    .selectFrom('flow_instance')
    .selectAll()
    .select(besideInstance)
    .where('id', '=', instanceId)
    .executeTakeFirst();
  return row ? stateOf(trx, row) : null;
}

/** What an instance row names, read with it: its version's tree and its template. */
function besideInstance(eb: ExpressionBuilder<Database, 'flow_instance'>) {
  const template = () => eb.selectFrom('flow_template').whereRef('flow_template.id', '=', 'flow_instance.template_id');
  return [
    eb
      .selectFrom('flow_template_version')
      .select('node_tree')
      .whereRef('flow_template_version.id', '=', 'flow_instance.version_id')
      .as('node_tree'),
    template().select('en_code').as('template_en_code'),
    template().select('full_name').as('template_full_name'),
    template().select('flow_type').as('template_flow_type'),
  ];
}

/** An instance row with what `besideInstance` reads for it. */
type InstanceWithBeside = InstanceRow & {
  node_tree: string | null;
  template_en_code: string | null;
  template_full_name: string | null;
  template_flow_type: number | null;
};

async function stateOf(trx: Db | Tx, row: InstanceWithBeside): Promise<InstanceState | null> {
  const { node_tree, template_en_code, template_full_name, template_flow_type, ...instance } = row;
  rememberLinks(instance);
  if (node_tree === null) return null;
  const tree = JSON.parse(node_tree) as FlowNode;
  const [nodes, operators, condition] = await Promise.all([
    trx
      .selectFrom('flow_node_instance')
      .selectAll()
      .where('instance_id', '=', instance.id)
      .orderBy('entered_at')
      .orderBy('id')
      .execute(),
    trx
      .selectFrom('flow_operator')
      .selectAll()
      .where('instance_id', '=', instance.id)
      .orderBy('received_at')
      .orderBy('id')
      .execute(),
    conditionOf(trx, instance, tree),
  ]);
  return {
    instance,
    formData: parse<Record<string, unknown>>(instance.form_data, {}),
    choices: parse<Choices>(instance.choices, {}),
    tree,
    template: {
      id: instance.template_id,
      enCode: template_en_code ?? '',
      fullName: template_full_name ?? '',
      flowType: template_flow_type ?? 0,
    },
    nodes,
    operators,
    condition: { system: condition.system, belongsTo: condition.belongsTo },
  };
}

/**
 * The parents that wait for an instance (a sync sub-flow's parent, its own parent if it waits too,
 * ...), outermost first. They are locked before the instance: a child's end moves its parent and a
 * parent's withdraw cancels its children, so with one order (parent before child) two commands on
 * one family of flows never wait for each other in a circle.
 */
async function waitingAncestors(trx: Tx, instanceId: string): Promise<string[]> {
  const chain: string[] = [];
  let at = instanceId;
  while (chain.length < MAX_NESTING) {
    let parent = waitingParents.get(at);
    if (parent === undefined) {
      const row = await trx
        .selectFrom('flow_instance')
        .select(['id', 'parent_instance_id', 'is_async'])
        .where('id', '=', at)
        .executeTakeFirst();
      if (!row) break;
      parent = rememberLinks(row);
    }
    if (!parent) break;
    chain.unshift(parent);
    at = parent;
  }
  return chain;
}

/** Sub-flows nest at most this deep for locking (deeper chains are not designed in practice). */
const MAX_NESTING = 10;

/**
 * The parent each instance seen lately waits for (null: none). The link columns are written with
 * the instance and never change, and ids are never reused, so what was read once holds for good:
 * kept without a revision, at most `MAX_LINKS` of them, the oldest dropped first.
 */
const waitingParents = new Map<string, string | null>();
const MAX_LINKS = 20_000;

/** Keeps an instance's links (from any read of its row); answers the parent it waits for. */
export function rememberLinks(row: Pick<InstanceRow, 'id' | 'parent_instance_id' | 'is_async'>): string | null {
  const parent = row.parent_instance_id && !row.is_async ? row.parent_instance_id : null;
  if (!waitingParents.has(row.id)) {
    if (waitingParents.size >= MAX_LINKS) waitingParents.delete(waitingParents.keys().next().value!);
    waitingParents.set(row.id, parent);
  }
  return parent;
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
  } else {
    await trx.insertInto('flow_instance').values(instance).execute();
    rememberLinks(instance);
  }

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
