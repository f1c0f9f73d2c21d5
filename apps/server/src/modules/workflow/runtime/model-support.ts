/**
 * Support of the runtime's model-based test (model.test.ts): a seeded random source, random node
 * trees that pass the publish checks, a snapshot of every workflow row, and the invariants and
 * change rules a snapshot must keep (docs/workflow.md; the engine's own seeded test checks the same
 * rules on its in-memory state, this one checks the stored rows).
 */
import { isDeepStrictEqual } from 'node:util';
import {
  CounterSign,
  FlowStatus,
  HandleStatus,
  TERMINAL_FLOW_STATUSES,
  type ApproverNode,
  type ConditionBranch,
  type ConditionNode,
  type FlowNode,
  type OverdueSettings,
  type StartNode,
} from '@atrium/shared/workflow';
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/index.ts';
import type { Database } from '../../../db/schema.ts';
import { chain } from './test-fixtures.ts';

/** A small seeded PRNG (mulberry32): the same seed gives the same sequence, so a failure replays. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks from a random source. */
export function picker(rand: () => number) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  return { rand, pick, int, chance: (p: number) => rand() < p };
}
export type Picker = ReturnType<typeof picker>;

/** The form field the random conditions read (the launch sets it to 0..9). */
export const CONDITION_FIELD = 'n';

/**
 * A random tree the publish checks accept: approval and handling nodes (any one, all or by ratio,
 * one after another; reject rules; some with reminders and overdue actions), copies, timers, and
 * parallel, exclusive and inclusive groups nested two deep. Approvers come from `pool` (user ids).
 */
export function randomFlowTree(p: Picker, pool: readonly string[]): StartNode {
  let n = 0;
  const users = () => {
    const chosen = pool.filter(() => p.chance(0.35)).slice(0, 3);
    return [...new Set([...chosen, p.pick(pool)])];
  };
  const rule = (right: number): ConditionBranch['when'] => ({
    logic: 'and',
    groups: [{ logic: 'and', rules: [{ left: CONDITION_FIELD, op: p.pick(['>', '<=', '=='] as const), right }] }],
  });
  const approver = (): ApproverNode => {
    const id = `ap${++n}`;
    const counterSign = p.pick([CounterSign.any, CounterSign.all, CounterSign.sequential] as const);
    const overdue: OverdueSettings | undefined = p.chance(0.25)
      ? { firstAfter: p.int(1, 2), autoAction: p.pick(['none', 'approve', 'reject'] as const) }
      : undefined;
    return {
      nodeId: id,
      type: p.chance(0.15) ? 'handle' : 'approver',
      name: id,
      properties: {
        assigneeType: 6,
        members: { users: users() },
        counterSign,
        ...(counterSign === CounterSign.all && p.chance(0.3) ? { countersignRatio: 50 } : {}),
        rejectTarget: p.pick(['any', 'start', 'previous'] as const),
        ...(p.chance(0.3) ? { rejectTypes: [1, 2] } : {}),
        ...(p.chance(0.2) ? { remind: { firstAfter: 1, interval: 1, maxCount: 2 } } : {}),
        ...(overdue ? { overdue } : {}),
      },
      childNode: null,
    };
  };
  const leaf = (): FlowNode => {
    const r = p.rand();
    if (r < 0.12) {
      const id = `cc${++n}`;
      return { nodeId: id, type: 'copy', name: id, properties: { users: [p.pick(pool)] }, childNode: null };
    }
    if (r < 0.2) {
      const id = `tm${++n}`;
      return { nodeId: id, type: 'timer', name: id, properties: { minutes: p.int(20, 90) }, childNode: null };
    }
    return approver();
  };
  const group = (depth: number): FlowNode => {
    const id = `g${++n}`;
    const kind = p.pick(['parallel', 'exclusive', 'inclusive'] as const);
    const count = p.int(2, 3);
    const branches: ConditionBranch[] = [];
    for (let i = 0; i < count; i++) {
      const last = i === count - 1;
      // Every condition group has a default branch, so that every form value routes somewhere.
      const isDefault = kind !== 'parallel' && last;
      branches.push({
        nodeId: `${id}b${i}`,
        name: `${id}b${i}`,
        priority: i + 1,
        ...(isDefault ? { isDefault: true } : {}),
        ...(kind !== 'parallel' && !isDefault ? { when: rule(p.int(0, 9)) } : {}),
        // An empty branch passes straight through to the join.
        childNode: p.chance(0.15) ? null : sequence(depth + 1),
      });
    }
    if (kind === 'parallel')
      return { nodeId: id, type: 'parallel', name: id, properties: {}, conditionNodes: branches, childNode: null };
    const node: ConditionNode = {
      nodeId: id,
      type: 'condition',
      name: id,
      properties: { mode: kind },
      conditionNodes: branches,
      childNode: null,
    };
    return node;
  };
  const sequence = (depth: number): FlowNode => {
    const nodes: FlowNode[] = [];
    for (let i = p.int(1, 3); i > 0; i--) nodes.push(depth < 2 && p.chance(0.3) ? group(depth) : leaf());
    return chain(nodes[0]!, ...nodes.slice(1));
  };
  const recallRule = p.pick([undefined, 'all', 'start', 'none'] as const);
  const start: StartNode = {
    nodeId: 'start',
    type: 'start',
    name: '发起',
    properties: recallRule ? { recallRule } : {},
    childNode: null,
  };
  // At least one approval at the top level, so that every flow waits somewhere.
  return chain(start, sequence(0), approver());
}

// ---------------------------------------------------------------------------------------------
// Snapshots
// ---------------------------------------------------------------------------------------------

type Row<T extends keyof Database> = Selectable<Database[T]>;

/** Row count and version sum of a whole table: any insert, delete or version bump moves them. */
export interface TableTotal {
  rows: number;
  versions: number;
}

/**
 * The stored rows of some instances in every workflow table, the workflow's jobs, and totals of the
 * whole tables and of the message centre, so that a write anywhere else shows too.
 */
export interface FlowRows {
  instances: Row<'flow_instance'>[];
  nodes: Row<'flow_node_instance'>[];
  operators: Row<'flow_operator'>[];
  records: Row<'flow_record'>[];
  circulates: Row<'flow_circulate'>[];
  comments: Row<'flow_comment'>[];
  jobs: Row<'job'>[];
  totals: Record<string, TableTotal>;
}

const VERSIONED = ['flow_instance', 'flow_node_instance', 'flow_operator'] as const;
const UNVERSIONED = ['flow_record', 'flow_circulate', 'flow_comment', 'message', 'message_receive'] as const;

export async function readFlowRows(db: Db, instanceIds: readonly string[]): Promise<FlowRows> {
  // `in ()` is not SQL: an impossible id stands in for no instance.
  const ids = instanceIds.length ? [...instanceIds] : [''];
  const totals: Record<string, TableTotal> = {};
  const [instances, nodes, operators, records, circulates, comments, jobs] = await Promise.all([
    db.selectFrom('flow_instance').selectAll().where('id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('flow_node_instance').selectAll().where('instance_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('flow_operator').selectAll().where('instance_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('flow_record').selectAll().where('instance_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('flow_circulate').selectAll().where('instance_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('flow_comment').selectAll().where('instance_id', 'in', ids).orderBy('id').execute(),
    db.selectFrom('job').selectAll().where('kind', 'like', 'workflow.%').orderBy('id').execute(),
    ...VERSIONED.map(async (table) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => [eb.fn.countAll<number>().as('rows'), eb.fn.sum<number>('version').as('versions')])
        .executeTakeFirstOrThrow();
      totals[table] = { rows: Number(row.rows), versions: Number(row.versions ?? 0) };
    }),
    ...UNVERSIONED.map(async (table) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('rows'))
        .executeTakeFirstOrThrow();
      totals[table] = { rows: Number(row.rows), versions: 0 };
    }),
  ]);
  return { instances, nodes, operators, records, circulates, comments, jobs, totals };
}

/** Where two snapshots differ, one line per changed, added or removed row (empty when equal). */
export function rowDifferences(before: FlowRows, after: FlowRows): string[] {
  const out: string[] = [];
  for (const key of Object.keys(before) as (keyof FlowRows)[]) {
    if (key === 'totals') {
      for (const [table, total] of Object.entries(before.totals))
        if (!isDeepStrictEqual(total, after.totals[table]))
          out.push(`${table} totals ${JSON.stringify(total)} -> ${JSON.stringify(after.totals[table])}`);
      continue;
    }
    const a = before[key];
    const b = after[key];
    const byId = new Map<string, unknown>(a.map((r) => [r.id, r]));
    const seen = new Set<string>();
    for (const row of b) {
      seen.add(row.id);
      const old = byId.get(row.id);
      if (!old) out.push(`${key} ${row.id} added`);
      else if (!isDeepStrictEqual(old, row)) out.push(`${key} ${row.id} changed: ${changedColumns(old, row)}`);
    }
    for (const id of byId.keys()) if (!seen.has(id)) out.push(`${key} ${id} removed`);
  }
  return out;
}

function changedColumns(a: unknown, b: unknown): string {
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  return Object.keys(y)
    .filter((k) => !isDeepStrictEqual(x[k], y[k]))
    .map((k) => `${k} ${JSON.stringify(x[k])} -> ${JSON.stringify(y[k])}`)
    .join(', ');
}

/**
 * What a successful command may do to what was there: records and copies are only appended (a
 * recall only flags its record, a reader only marks his copy read), no runtime row disappears, and a
 * row of a versioned table that changed has a higher version, none a lower one.
 */
export function changeProblems(before: FlowRows, after: FlowRows): string[] {
  const out: string[] = [];
  const versioned = ['instances', 'nodes', 'operators'] as const;
  for (const key of versioned) {
    const now = new Map<string, { version: number }>(after[key].map((r) => [r.id, r]));
    for (const old of before[key]) {
      const row = now.get(old.id);
      if (!row) out.push(`${key} ${old.id} removed`);
      else if (row.version < old.version)
        out.push(`${key} ${old.id} version went back ${old.version} -> ${row.version}`);
      else if (row.version === old.version && !isDeepStrictEqual(old, row))
        out.push(`${key} ${old.id} changed without a new version: ${changedColumns(old, row)}`);
    }
  }
  const appendOnly = (key: 'records' | 'circulates' | 'comments', mayChange: string) => {
    const now = new Map<string, Record<string, unknown>>(after[key].map((r) => [r.id, r]));
    if (after[key].length < before[key].length) out.push(`${key} fewer: ${before[key].length} -> ${after[key].length}`);
    for (const old of before[key] as unknown as Record<string, unknown>[]) {
      const row = now.get(old.id as string);
      if (!row) {
        out.push(`${key} ${String(old.id)} removed`);
        continue;
      }
      const { [mayChange]: was, ...rest } = old;
      const { [mayChange]: is, ...restNow } = row;
      if (!isDeepStrictEqual(rest, restNow))
        out.push(`${key} ${String(old.id)} rewritten: ${changedColumns(old, row)}`);
      if (key === 'records' && was === 1 && is !== 1) out.push(`records ${String(old.id)} un-recalled`);
      if (key === 'circulates' && was !== null && is !== was) out.push(`circulates ${String(old.id)} read again`);
    }
  };
  for (const [table, total] of Object.entries(before.totals)) {
    const now = after.totals[table]!;
    if (now.rows < total.rows) out.push(`${table}: fewer rows ${total.rows} -> ${now.rows}`);
    if (now.versions < total.versions) out.push(`${table}: versions went back ${total.versions} -> ${now.versions}`);
  }
  appendOnly('records', 'recalled');
  appendOnly('circulates', 'read_at');
  appendOnly('comments', 'deleted');
  return out;
}

const isApproverType = (type: string) => type === 'approver' || type === 'handle';
const isApproval = (status: number | null) => status === HandleStatus.approved || status === HandleStatus.autoApproved;
const open = (state: string) => state === 'pending' || state === 'waiting';

/** The invariants of the stored rows of some instances (docs/workflow.md, Statuses; the contract's list). */
export function flowProblems(rows: FlowRows, instanceIds: readonly string[]): string[] {
  const out: string[] = [];
  for (const id of instanceIds) {
    const instance = rows.instances.find((i) => i.id === id);
    if (!instance) {
      out.push(`instance ${id} missing`);
      continue;
    }
    const say = (text: string) => out.push(`instance ${id} (status ${instance.status}): ${text}`);
    const nodes = rows.nodes.filter((n) => n.instance_id === id);
    const operators = rows.operators.filter((o) => o.instance_id === id);
    const status = instance.status;
    const terminal = TERMINAL_FLOW_STATUSES.includes(status);
    const active = nodes.filter((n) => n.state === 'active');

    if (![FlowStatus.wait, FlowStatus.suspended, ...TERMINAL_FLOW_STATUSES].includes(status)) say('status unknown');
    if (terminal !== (instance.finished_at !== null)) say(`finished_at ${String(instance.finished_at)}`);
    if (status === FlowStatus.adopt && instance.completion !== 100) say(`completion ${instance.completion}`);
    if (status === FlowStatus.wait && instance.completion > 99) say(`completion ${instance.completion} while running`);
    if ((status === FlowStatus.suspended) !== (instance.status_before_suspend !== null))
      say(`status_before_suspend ${String(instance.status_before_suspend)}`);
    if (terminal) {
      const left = operators.filter((o) => open(o.state));
      if (left.length) say(`open operators on an ended flow: ${left.map((o) => `${o.node_id}:${o.state}`).join(' ')}`);
      if (active.length) say(`active nodes on an ended flow: ${active.map((n) => n.node_id).join(' ')}`);
      if (instance.current_node_ids !== '') say(`current nodes "${instance.current_node_ids}" on an ended flow`);
    } else {
      if (!active.length) say('running with no active node');
      const current = active.filter((n) => n.node_type !== 'condition' && n.node_type !== 'parallel');
      const listed = instance.current_node_ids ? instance.current_node_ids.split(',') : [];
      if (!isDeepStrictEqual([...listed].sort(), current.map((n) => n.node_id).sort()))
        say(`current nodes "${instance.current_node_ids}" but active ${current.map((n) => n.node_id).join(',')}`);
    }
    if (status === FlowStatus.suspended && operators.some((o) => o.state === 'pending'))
      say('pending operator while suspended');

    for (const op of operators.filter((o) => open(o.state))) {
      const node = nodes.find((n) => n.id === op.node_instance_id);
      if (!node) say(`operator ${op.id} on a missing node instance`);
      else if (node.state !== 'active') say(`${op.state} operator ${op.node_id} on a ${node.state} node instance`);
      if (op.state === 'pending' && status !== FlowStatus.wait) say(`pending operator ${op.node_id}`);
    }
    const openKeys = operators.filter((o) => open(o.state)).map((o) => `${o.node_instance_id}/${o.assignee_id}`);
    const twice = openKeys.filter((k, i) => openKeys.indexOf(k) !== i);
    if (twice.length) say(`one assignee open twice on a node instance: ${twice.join(' ')}`);

    const activeIds = active.map((n) => n.node_id);
    if (new Set(activeIds).size !== activeIds.length) say(`a node active twice: ${activeIds.join(',')}`);
    const rounds = nodes.map((n) => `${n.node_id}#${n.round}`);
    if (new Set(rounds).size !== rounds.length) say('a node entered twice in one round');

    for (const ni of nodes.filter((n) => isApproverType(n.node_type))) {
      const main = operators.filter((o) => o.node_instance_id === ni.id && o.parent_operator_id === null);
      const counts = [
        main.filter((o) => o.state !== 'void').length,
        main.filter((o) => isApproval(o.handle_status)).length,
        main.filter((o) => o.handle_status === HandleStatus.returned).length,
      ];
      if (!isDeepStrictEqual([ni.total_count, ni.approved_count, ni.rejected_count], counts))
        say(
          `${ni.node_id} counters ${ni.total_count}/${ni.approved_count}/${ni.rejected_count} but rows ${counts.join('/')}`,
        );
      if (ni.state === 'active' && !operators.some((o) => o.node_instance_id === ni.id && open(o.state)))
        say(`${ni.node_id} active with nobody left to act`);
      if (ni.multi_mode === CounterSign.sequential && main.filter((o) => o.state === 'pending').length > 1)
        say(`${ni.node_id} one after another, but several pending`);
    }
  }
  return out;
}
