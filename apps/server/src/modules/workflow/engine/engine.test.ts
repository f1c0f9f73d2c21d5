import { describe, expect, it } from 'vitest';
import {
  FlowStatus,
  HandleStatus,
  TERMINAL_FLOW_STATUSES,
  flowNodeList,
  isApproverNode,
  type ApproverNode,
  type ConditionBranch,
  type FlowNode,
  type TriggerProperties,
} from '@atrium/shared/workflow';
import {
  addSign,
  approve,
  assign,
  cancel,
  cancelByParent,
  change,
  childEnded,
  recall,
  reject,
  rejectTargets,
  restore,
  submit,
  suspend,
  timerFired,
  transfer,
  triggerAnswered,
  triggerFailed,
  withdraw,
} from './commands.ts';
import { EngineError } from './errors.ts';
import type { EnginePorts } from './ports.ts';
import type { InstanceState, JobRequest, RecordRow } from './state.ts';
import { isApproval, Working, type Actor } from './working.ts';

const INITIATOR = 'init';
const POOL = ['u1', 'u2', 'u3', 'u4'];

let clock = 1_000_000;
let counter = 0;
const ports: EnginePorts = {
  now: () => clock,
  newId: () => `id${String(++counter).padStart(6, '0')}`,
  resolveAssignees: async (node) => node.properties.members?.users ?? [],
  resolveCopyRecipients: async (spec) => spec.users ?? [],
  delegateOf: async () => null,
  adminUserId: async () => 'admin',
  newCallbackToken: async () => ({ seed: `seed${++counter}`, hash: `hash${counter}` }),
};

function newState(tree: FlowNode, formData: Record<string, unknown> = {}): InstanceState {
  return {
    instance: {
      id: 'inst',
      template_id: 't',
      version_id: 'v',
      bill_no: '',
      title: 'test',
      urgent: 1,
      status: FlowStatus.draft,
      status_before_suspend: null,
      initiator_id: INITIATOR,
      delegated_by: null,
      submitted_at: null,
      finished_at: null,
      form_data: '{}',
      current_node_ids: '',
      current_node_names: '',
      completion: 0,
      choices: '{}',
      parent_instance_id: null,
      parent_node_instance_id: null,
      is_async: 0,
      return_to_node_id: null,
      last_record_at: null,
      version: 0,
      created_at: clock,
      updated_at: clock,
    },
    formData,
    choices: {},
    tree,
    template: { id: 't', enCode: 't', fullName: 'T', flowType: 0 },
    nodes: [],
    operators: [],
    condition: { system: {} },
  };
}

/** Runs a command like the runtime: a refusal leaves the state as it was (the transaction rolls back). */
class Harness {
  readonly records: RecordRow[] = [];
  constructor(readonly state: InstanceState) {}
  async run(actor: Actor | string, fn: (w: Working) => unknown): Promise<boolean> {
    const before = structuredClone({ ...this.state, condition: undefined });
    const w = new Working(this.state, ports, typeof actor === 'string' ? { userId: actor, source: 'user' } : actor);
    clock += 1000;
    try {
      await fn(w);
      w.finalize();
      this.records.push(...w.changes.records);
      for (const id of w.recalledRecordIds) this.records.find((r) => r.id === id)!.recalled = 1;
      return true;
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      Object.assign(this.state, { ...before, condition: this.state.condition });
      return false;
    }
  }
  pending(user?: string) {
    return this.state.operators.filter((o) => o.state === 'pending' && (!user || o.assignee_id === user));
  }
}

const approver = (
  nodeId: string,
  users: string[],
  counterSign: 0 | 1 | 2 = 0,
  extra: Partial<ApproverNode['properties']> = {},
): ApproverNode => ({
  nodeId,
  type: 'approver',
  name: nodeId,
  properties: { assigneeType: 6, members: { users }, counterSign, rejectTarget: 'any', ...extra },
  childNode: null,
});
function chain<T extends FlowNode>(head: T, ...rest: FlowNode[]): T {
  let at: FlowNode = head;
  for (const n of rest) {
    at.childNode = n;
    at = n;
  }
  return head;
}
const start = (recallRule: 'all' | 'start' = 'all'): FlowNode => ({
  nodeId: 'start',
  type: 'start',
  name: 'start',
  properties: { recallRule },
  childNode: null,
});
const br = (
  nodeId: string,
  priority: number,
  child: FlowNode | null,
  extra: Partial<ConditionBranch> = {},
): ConditionBranch => ({
  nodeId,
  name: nodeId,
  priority,
  childNode: child,
  ...extra,
});

/** The invariants every state must keep after every command. */
function checkInvariants(h: Harness): void {
  const { instance, nodes, operators } = h.state;
  expect([0, 1, 2, 3, 4, 5, 6]).toContain(instance.status);
  const open = operators.filter((o) => o.state === 'pending' || o.state === 'waiting');
  if (TERMINAL_FLOW_STATUSES.includes(instance.status)) {
    expect(open).toEqual([]);
    expect(nodes.filter((n) => n.state === 'active')).toEqual([]);
  }
  for (const op of operators.filter((o) => o.state === 'pending')) {
    expect(nodes.find((n) => n.id === op.node_instance_id)?.state).toBe('active');
    expect(instance.status).toBe(FlowStatus.wait);
  }
  for (const ni of nodes.filter((n) => n.node_type === 'approver' || n.node_type === 'handle')) {
    const main = operators.filter((o) => o.node_instance_id === ni.id && o.parent_operator_id === null);
    expect(ni.total_count).toBe(main.filter((o) => o.state !== 'void').length);
    expect(ni.approved_count).toBe(main.filter((o) => isApproval(o.handle_status)).length);
    expect(ni.rejected_count).toBe(main.filter((o) => o.handle_status === HandleStatus.returned).length);
  }
  const ids = h.records.map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  const times = h.records.map((r) => r.created_at);
  expect([...times].sort((a, b) => a - b)).toEqual(times);
}

describe('engine', () => {
  it('runs a condition, a copy, a trigger and a parallel group to the end', async () => {
    const tree = chain(
      start(),
      {
        nodeId: 'set',
        type: 'trigger',
        name: 'set',
        properties: { setFields: [{ field: 'flag', value: 'y' }] },
        childNode: null,
      },
      {
        nodeId: 'cond',
        type: 'condition',
        name: 'cond',
        properties: { mode: 'exclusive' },
        conditionNodes: [
          br('big', 1, approver('fin', ['u1']), {
            when: { logic: 'and', groups: [{ logic: 'and', rules: [{ left: 'n', op: '>', right: 10 }] }] },
          }),
          br('small', 2, approver('hr', ['u2']), { isDefault: true }),
        ],
        childNode: null,
      },
      { nodeId: 'cc', type: 'copy', name: 'cc', properties: { users: ['u4'] }, childNode: null },
      {
        nodeId: 'par',
        type: 'parallel',
        name: 'par',
        properties: {},
        conditionNodes: [br('p1', 1, approver('x', ['u3'])), br('p2', 2, null)],
        childNode: null,
      },
    );
    const h = new Harness(newState(tree, { n: 50 }));
    expect(await h.run(INITIATOR, (w) => submit(w, {}))).toBe(true);
    expect(h.state.formData.flag).toBe('y');
    expect(h.pending().map((o) => o.node_id)).toEqual(['fin']);
    await h.run('u1', (w) => approve(w, h.pending('u1')[0]!.id, {}));
    expect(h.pending().map((o) => o.node_id)).toEqual(['x']);
    await h.run('u3', (w) => approve(w, h.pending('u3')[0]!.id, {}));
    expect(h.state.instance.status).toBe(FlowStatus.adopt);
    checkInvariants(h);
  });

  it('waits on a timer node until its job fires, and on a sub-flow until its child ends', async () => {
    const tree = chain(
      start(),
      { nodeId: 'wait', type: 'timer', name: 'wait', properties: { minutes: 30 }, childNode: null },
      {
        nodeId: 'sub',
        type: 'subFlow',
        name: 'sub',
        properties: {
          templateCode: 'child',
          initiator: { mode: 'initiator' },
          wait: true,
          mapIn: [{ from: 'a', to: 'b' }],
          mapOut: [{ from: 'r', to: 'result' }],
        },
        childNode: null,
      },
    );
    const h = new Harness(newState(tree, { a: 7 }));
    let jobs: unknown[] = [];
    await h.run(INITIATOR, async (w) => {
      await submit(w, {});
      jobs = w.changes.jobs;
    });
    expect(jobs).toMatchObject([{ kind: 'workflow.timer', runAt: clock + 30 * 60_000 }]);
    const timer = h.state.nodes.find((n) => n.node_id === 'wait')!;
    let children: { formData: Record<string, unknown> }[] = [];
    await h.run({ userId: INITIATOR, source: 'system-timer' }, async (w) => {
      expect(await timerFired(w, timer.id)).toBe(true);
      children = w.changes.childStarts;
    });
    expect(children.map((c) => c.formData)).toEqual([{ b: 7 }]);
    // Firing twice does nothing.
    await h.run({ userId: INITIATOR, source: 'system-timer' }, async (w) =>
      expect(await timerFired(w, timer.id)).toBe(false),
    );
    const sub = h.state.nodes.find((n) => n.node_id === 'sub')!;
    await h.run({ userId: INITIATOR, source: 'system-rule' }, (w) =>
      childEnded(w, sub.id, FlowStatus.adopt, { r: 'done' }),
    );
    expect(h.state.instance.status).toBe(FlowStatus.adopt);
    expect(h.state.formData.result).toBe('done');
    checkInvariants(h);
  });

  it('queues a trigger call as a job: async goes on, wait holds until answered (mapped) or failed (rejected)', async () => {
    const trigger = (nodeId: string, properties: TriggerProperties): FlowNode => ({
      nodeId,
      type: 'trigger',
      name: nodeId,
      properties,
      childNode: null,
    });
    const tree = chain(
      start(),
      trigger('fire', {
        interfaceId: 'i1',
        interfaceParams: [{ field: 'who', source: 'system', value: 'initiatorId' }],
      }),
      trigger('ask', {
        interfaceId: 'i2',
        mode: 'wait',
        maxAttempts: 3,
        responseMap: [{ from: 'data.code', to: 'code' }],
      }),
      approver('a', ['u1']),
    );
    const h = new Harness(newState(tree, { amount: 5, initiatorId: 'forged' }));
    let jobs: JobRequest[] = [];
    await h.run(INITIATOR, async (w) => {
      await submit(w, {});
      jobs = w.changes.jobs;
    });
    const [fire, ask] = jobs;
    expect([fire?.kind, fire?.payload.wait, ask?.payload.wait, ask?.maxAttempts]).toEqual([
      'workflow.trigger',
      false,
      true,
      3,
    ]);
    // Form fields, then flow variables (a forged one loses), then the node's own mapping.
    const params = new Map(
      (fire!.payload.params as { field: string; value: unknown }[]).map((p) => [p.field, p.value]),
    );
    expect([params.get('amount'), params.get('initiatorId'), params.get('who')]).toEqual([5, INITIATOR, INITIATOR]);
    const waiting = h.state.nodes.find((n) => n.node_id === 'ask')!;
    expect([waiting.state, h.state.instance.current_node_ids]).toEqual(['active', 'ask']);
    await h.run({ userId: INITIATOR, source: 'system-rule' }, async (w) =>
      expect(await triggerAnswered(w, waiting.id, { data: { code: 'C7' } })).toBe(true),
    );
    expect(h.state.formData.code).toBe('C7');
    expect(h.pending().map((o) => o.node_id)).toEqual(['a']);
    // An answer arriving twice, or a failure after it, changes nothing.
    await h.run({ userId: INITIATOR, source: 'system-rule' }, async (w) => {
      expect(await triggerAnswered(w, waiting.id, { data: { code: 'C8' } })).toBe(false);
      expect(await triggerFailed(w, waiting.id, 'down')).toBe(false);
    });
    expect(h.state.formData.code).toBe('C7');
    checkInvariants(h);

    const failing = new Harness(newState(chain(start(), trigger('ask', { interfaceId: 'i2', mode: 'wait' }))));
    await failing.run(INITIATOR, (w) => submit(w, {}));
    const node = failing.state.nodes.find((n) => n.node_id === 'ask')!;
    await failing.run({ userId: INITIATOR, source: 'system-rule' }, (w) => triggerFailed(w, node.id, 'down'));
    expect([failing.state.instance.status, node.state]).toEqual([FlowStatus.reject, 'rejected']);
    expect(failing.records.at(-1)).toMatchObject({ handle_status: HandleStatus.returned, opinion: 'down' });
    checkInvariants(failing);
  });

  it('asks for the children of a voided sub-flow step, or of an instance ended without approval, to be cancelled', async () => {
    const tree = chain(start(), approver('a', ['u1']), {
      nodeId: 'sub',
      type: 'subFlow',
      name: 'sub',
      properties: { templateCode: 'child', initiator: { mode: 'initiator' }, wait: true },
      childNode: null,
    });
    const h = new Harness(newState(tree));
    await h.run(INITIATOR, (w) => submit(w, {}));
    await h.run('u1', (w) => approve(w, h.pending('u1')[0]!.id, {}));
    const sub = h.state.nodes.find((n) => n.node_id === 'sub')!;
    const approval = h.records.find((r) => r.handle_status === HandleStatus.approved)!;
    let cancelled: string[] = [];
    await h.run('u1', async (w) => {
      await recall(w, approval);
      cancelled = [...w.changes.cancelChildrenOf];
      expect(w.changes.cancelAllChildren).toBe(false);
    });
    expect([cancelled, sub.state]).toEqual([[sub.id], 'void']);
    await h.run(INITIATOR, (w) => {
      withdraw(w, null);
      expect(w.changes.cancelAllChildren).toBe(true);
    });
    // The child side: cancelled once, with a terminated record; an ended child is left alone.
    const child = new Harness(newState(chain(start(), approver('c', ['u2']))));
    await child.run(INITIATOR, (w) => submit(w, {}));
    await child.run({ userId: INITIATOR, source: 'system-rule' }, (w) => {
      expect(cancelByParent(w)).toBe(true);
      expect(w.changes.cancelledByParent).toBe(true);
    });
    expect([child.state.instance.status, child.pending()]).toEqual([FlowStatus.cancel, []]);
    expect(child.records.at(-1)).toMatchObject({ handle_status: HandleStatus.terminated, source: 'system-rule' });
    await child.run({ userId: INITIATOR, source: 'system-rule' }, (w) => expect(cancelByParent(w)).toBe(false));
    checkInvariants(child);
  });

  it('auto-approves by the dedup rules and by an empty autoApprove node, and blocks a blocking one', async () => {
    const tree = chain(
      start(),
      approver('self', [INITIATOR, 'u1'], 1, { dedup: { skipIfInitiator: true } }),
      approver('nobody', [], 0, { emptyPolicy: 'autoApprove' }),
      approver('again', ['u1'], 0, { dedup: { skipIfAlreadyApproved: true } }),
    );
    const h = new Harness(newState(tree));
    await h.run(INITIATOR, (w) => submit(w, {}));
    expect(h.pending().map((o) => o.assignee_id)).toEqual(['u1']);
    await h.run('u1', (w) => approve(w, h.pending('u1')[0]!.id, {}));
    expect(h.state.instance.status).toBe(FlowStatus.adopt);
    expect(h.records.filter((r) => r.handle_status === HandleStatus.autoApproved).map((r) => r.node_id)).toEqual([
      'self',
      'nobody',
      'again',
    ]);
    const blocked = new Harness(newState(chain(start(), approver('b', [], 0, { emptyPolicy: 'block' }))));
    expect(await blocked.run(INITIATOR, (w) => submit(w, {}))).toBe(false);
    expect(blocked.state.instance.status).toBe(FlowStatus.draft);
  });

  it('runs every matching branch of an inclusive condition and joins them', async () => {
    const rule = (right: number) => ({
      logic: 'and' as const,
      groups: [{ logic: 'and' as const, rules: [{ left: 'n', op: '>' as const, right }] }],
    });
    const tree = chain(start(), {
      nodeId: 'inc',
      type: 'condition',
      name: 'inc',
      properties: { mode: 'inclusive' },
      conditionNodes: [
        br('gt1', 1, approver('a', ['u1']), { when: rule(1) }),
        br('gt5', 2, approver('b', ['u2']), { when: rule(5) }),
        br('gt9', 3, approver('c', ['u3']), { when: rule(9) }),
      ],
      childNode: approver('after', ['u4']),
    } as FlowNode);
    const h = new Harness(newState(tree, { n: 7 }));
    await h.run(INITIATOR, (w) => submit(w, {}));
    expect(
      h
        .pending()
        .map((o) => o.node_id)
        .sort(),
    ).toEqual(['a', 'b']);
    await h.run('u1', (w) => approve(w, h.pending('u1')[0]!.id, {}));
    expect(h.pending().map((o) => o.node_id)).toEqual(['b']);
    await h.run('u2', (w) => approve(w, h.pending('u2')[0]!.id, {}));
    expect(h.pending().map((o) => o.node_id)).toEqual(['after']);
    checkInvariants(h);
  });

  it('returns to the rejecting node after a reject with rejectType 2', async () => {
    const tree = chain(
      start(),
      approver('a', ['u1']),
      approver('b', ['u2']),
      approver('c', ['u3'], 0, { rejectTypes: [1, 2] }),
    );
    const h = new Harness(newState(tree));
    await h.run(INITIATOR, (w) => submit(w, {}));
    await h.run('u1', (w) => approve(w, h.pending('u1')[0]!.id, {}));
    await h.run('u2', (w) => approve(w, h.pending('u2')[0]!.id, {}));
    expect(await h.run('u3', (w) => reject(w, h.pending('u3')[0]!.id, { rejectStep: 'a', rejectType: 2 }))).toBe(true);
    await h.run('u1', (w) => approve(w, h.pending('u1')[0]!.id, {}));
    // b is skipped: the flow jumps straight back to c.
    expect(h.pending().map((o) => o.node_id)).toEqual(['c']);
    checkInvariants(h);
  });
});

/** A small seeded PRNG (mulberry32), so a failing sequence can be replayed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function randomTree(rand: () => number): FlowNode {
  let n = 0;
  const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
  const users = () =>
    POOL.filter(() => rand() < 0.5)
      .slice(0, 3)
      .concat(pick(POOL))
      .filter((u, i, l) => l.indexOf(u) === i);
  const leaf = (): FlowNode => {
    const r = rand();
    if (r < 0.15)
      return { nodeId: `cc${++n}`, type: 'copy', name: `cc${n}`, properties: { users: [pick(POOL)] }, childNode: null };
    return approver(`ap${++n}`, users(), pick([0, 1, 2] as const));
  };
  const seq = (depth: number): FlowNode => {
    const len = 1 + Math.floor(rand() * 3);
    const nodes: FlowNode[] = [];
    for (let i = 0; i < len; i++) {
      if (depth < 1 && rand() < 0.3) {
        const id = ++n;
        const kind = rand() < 0.5 ? 'parallel' : 'condition';
        const branches = [
          br(
            `b${id}a`,
            1,
            seq(depth + 1),
            kind === 'condition'
              ? { when: { logic: 'and', groups: [{ logic: 'and', rules: [{ left: 'n', op: '>', right: 5 }] }] } }
              : {},
          ),
          br(`b${id}b`, 2, seq(depth + 1), kind === 'condition' ? { isDefault: true } : {}),
        ];
        nodes.push(
          kind === 'parallel'
            ? {
                nodeId: `g${id}`,
                type: 'parallel',
                name: `g${id}`,
                properties: {},
                conditionNodes: branches,
                childNode: null,
              }
            : {
                nodeId: `g${id}`,
                type: 'condition',
                name: `g${id}`,
                properties: { mode: 'exclusive' },
                conditionNodes: branches,
                childNode: null,
              },
        );
      } else nodes.push(leaf());
    }
    return chain(nodes[0]!, ...nodes.slice(1));
  };
  return chain(start(rand() < 0.5 ? 'all' : 'start'), seq(0));
}

describe('engine invariants', () => {
  it('hold after every step of random action sequences over random trees (seeded)', async () => {
    for (let seed = 1; seed <= 60; seed++) {
      const rand = prng(seed);
      const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)]!;
      const tree = randomTree(rand);
      const approvers = flowNodeList(tree).filter(isApproverNode);
      const h = new Harness(newState(tree, { n: Math.floor(rand() * 10) }));
      await h.run(INITIATOR, (w) => submit(w, {}));
      checkInvariants(h);
      for (let step = 0; step < 40; step++) {
        const pending = h.pending();
        const op = pending.length ? pick(pending) : undefined;
        const r = rand();
        const ended = TERMINAL_FLOW_STATUSES.includes(h.state.instance.status);
        if (ended && approvers.length && r < 0.5)
          // Ended flows come back through a revive, so the sequence keeps exercising the running states.
          await h.run({ userId: 'admin', source: 'admin' }, (w) => change(w, pick(approvers).nodeId, true, null));
        else if (op && r < 0.45) await h.run(op.assignee_id, (w) => approve(w, op.id, {}));
        else if (op && r < 0.55)
          await h.run(op.assignee_id, (w) =>
            reject(w, op.id, { rejectStep: pick(rejectTargets(w, op.node_id)).nodeId }),
          );
        else if (op && r < 0.6) await h.run(op.assignee_id, (w) => transfer(w, op.id, pick(POOL), {}));
        else if (op && r < 0.65) await h.run(op.assignee_id, (w) => addSign(w, op.id, [pick(POOL)], pick([1, 2]), {}));
        else if (r < 0.72) {
          const approved = h.records.filter((x) => x.handle_status === HandleStatus.approved && !x.recalled);
          if (approved.length) {
            const record = pick(approved);
            await h.run(record.handler_id, (w) => recall(w, record));
          }
        } else if (r < 0.75) await h.run(INITIATOR, (w) => withdraw(w, null));
        else if (r < 0.77) await h.run({ userId: 'admin', source: 'admin' }, (w) => cancel(w, null));
        else if (r < 0.8) await h.run({ userId: 'admin', source: 'admin' }, (w) => suspend(w));
        else if (r < 0.83) await h.run({ userId: 'admin', source: 'admin' }, (w) => restore(w));
        else if (r < 0.87 && approvers.length)
          await h.run({ userId: 'admin', source: 'admin' }, (w) =>
            change(w, pick(approvers).nodeId, rand() < 0.5, null),
          );
        else if (op && r < 0.9)
          await h.run({ userId: 'admin', source: 'admin' }, (w) => assign(w, op.node_id, pick(POOL), null));
        else if (h.state.instance.status === FlowStatus.reject || h.state.instance.status === FlowStatus.revoke)
          await h.run(INITIATOR, (w) => submit(w, {}));
        try {
          checkInvariants(h);
        } catch (error) {
          throw new Error(`seed ${seed} step ${step}: ${(error as Error).message}`, { cause: error });
        }
      }
    }
  });
});
