/**
 * Model-based test of the workflow runtime over SQL: seeded random flows, published through the
 * template service, launched and driven by random actions over HTTP (as users who may or may not be
 * allowed to act), with the stored rows checked after every step (model-support.ts). The model
 * predicts which commands must be refused and which must pass; a refused command must leave every
 * workflow row, job and message as it was.
 *
 * WORKFLOW_MODEL_RUNS (flows, default 15), WORKFLOW_MODEL_STEPS (actions per flow, default 25) and
 * WORKFLOW_MODEL_SEED (the first flow's seed) make it longer or replay a failure: its message names
 * the seed and the command that replays it. WORKFLOW_MODEL_TRACE=1 prints every flow's steps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FlowStatus,
  HandleStatus,
  TERMINAL_FLOW_STATUSES,
  findNode,
  flowNodeList,
  isApproverNode,
  type ApproverNode,
  type FlowNode,
  type StartNode,
} from '@atrium/shared/workflow';
import type { JobQueue } from '../../../core/jobs/index.ts';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';
import { URGE_INTERVAL_MS } from './launcher.ts';
import {
  CONDITION_FIELD,
  changeProblems,
  flowProblems,
  picker,
  prng,
  randomFlowTree,
  readFlowRows,
  rowDifferences,
  type FlowRows,
  type Picker,
} from './model-support.ts';
import {
  ENGINE,
  approverNode,
  chain,
  keepSessions,
  publishTemplate,
  signIn,
  startNode,
  workflowJobRunner,
  workflowTestKit,
} from './test-fixtures.ts';

const RUNS = Number(process.env.WORKFLOW_MODEL_RUNS ?? 15);
const STEPS = Number(process.env.WORKFLOW_MODEL_STEPS ?? 25);
const FIRST_SEED = Number(process.env.WORKFLOW_MODEL_SEED ?? 1);

const MINUTE = 60_000;
const ACCOUNTS = ['admin', 'staff', 'manager', 'finance', 'hr', 'ceo', 'zhouya'] as const;
type Account = (typeof ACCOUNTS)[number];
/** The users the random flows name as handlers; staff launches, admin holds the monitor menu. */
const HANDLERS: Account[] = ['manager', 'finance', 'hr', 'ceo', 'zhouya'];
const INITIATOR: Account = 'staff';
const MONITOR: Account = 'admin';

/** What the model says of a command before it is sent. */
type Expectation = 'ok' | 'refused' | 'either';

interface Action {
  label: string;
  expect: Expectation;
  run(): Promise<{ code: number; msg: string }>;
  /** What must hold after it passed (problems, empty when fine). */
  after?(rows: FlowRows): string[];
}

const refusedUnless = (allowed: boolean): Expectation => (allowed ? 'ok' : 'refused');

describe.each(dbTargets())('workflow model on $name', (target) => {
  let server: TestServer;
  let jobs: JobQueue;
  let tokens: Record<string, string>;
  let ids: Record<Account, string>;
  let accountOf: Map<string, Account>;

  beforeAll(async () => {
    server = await createTestServer(target);
    jobs = workflowJobRunner(server);
    ({ tokens, ids } = await signIn(server, ACCOUNTS));
    accountOf = new Map(ACCOUNTS.map((a) => [ids[a], a]));
    await keepSessions(server);
  });
  afterAll(() => server.close());

  const {
    db,
    launch: launchOf,
    users,
    instance,
    operators,
    records,
    pendingOf,
    jobsOf,
  } = workflowTestKit(() => ({
    server,
    tokens,
    ids,
  }));
  /** A request as one of the model's accounts; unlike the shared `call`, it sends a body only when given one. */
  const call = (method: string, url: string, as: Account, body?: object) =>
    server
      .call(method, `${ENGINE}${url}`, { token: tokens[as], ...(body === undefined ? {} : { body }) })
      .then((r) => r.json());
  const who = (userId: string) => accountOf.get(userId) ?? userId;

  /** One random flow: published, launched, and driven through `STEPS` random actions. */
  async function runFlow(seed: number): Promise<void> {
    const p = picker(prng(seed));
    const tree = randomFlowTree(
      p,
      HANDLERS.map((a) => ids[a]),
    );
    const created = await call('POST', '/flowTemplate', MONITOR, {
      enCode: `model${seed}`,
      fullName: `model ${seed}`,
      formType: 2,
      nodeTree: tree,
    });
    expect(created.code, created.msg).toBe(200);
    const published = await call('POST', `/flowTemplate/${created.data.id}/Actions/Publish`, MONITOR);
    expect(published.code, published.msg).toBe(200);
    const flowId = published.data.flowId as string;
    const instances: string[] = [];
    const trail: string[] = [];
    const fail = (step: number, label: string, problems: string[]) => {
      throw new Error(
        [
          `workflow model, seed ${seed} on ${target.name}, step ${step}: ${label}`,
          `replay: WORKFLOW_MODEL_SEED=${seed} WORKFLOW_MODEL_RUNS=1 WORKFLOW_MODEL_STEPS=${STEPS}`,
          ...problems.map((x) => `  ! ${x}`),
          'steps before:',
          ...trail.map((x) => `  ${x}`),
          `tree: ${JSON.stringify(tree)}`,
        ].join('\n'),
      );
    };

    const launch: Action = {
      label: 'launch',
      expect: 'ok',
      run: async () => {
        const answer = await call('POST', '/FlowTask', INITIATOR, {
          flowId,
          formData: { [CONDITION_FIELD]: p.int(0, 9) },
        });
        if (answer.code === 200 && answer.data?.id) {
          instances.push(answer.data.id as string);
        }
        return answer;
      },
      after: (rows) => {
        const row = rows.instances.find((i) => i.id === instances.at(-1));
        return row && row.status === FlowStatus.wait ? [] : [`launched flow is not running: ${row?.status}`];
      },
    };

    for (let step = 0; step <= STEPS; step++) {
      server.clock.advance(p.int(1, 4) * MINUTE);
      const before = await readFlowRows(db(), instances);
      const action = step === 0 || !instances.length ? launch : chooseAction(p, before, tree, instances, launch);
      const answer = await action.run();
      const after = await readFlowRows(db(), instances);
      const label = action.label;
      const problems: string[] = [];
      if (![200, 400, 403, 404].includes(answer.code)) problems.push(`answered ${answer.code} ${answer.msg}`);
      if (answer.code === 200) {
        problems.push(...changeProblems(before, after));
        if (action.expect === 'refused') problems.push('passed, but the model says it must be refused');
        problems.push(...(action.after?.(after) ?? []));
      } else {
        problems.push(...rowDifferences(before, after).map((d) => `refused (${answer.msg}) yet changed ${d}`));
        if (action.expect === 'ok')
          problems.push(`refused (${answer.code} ${answer.msg}), but the model says it must pass`);
      }
      problems.push(...flowProblems(after, instances));
      if (problems.length) fail(step, label, problems);
      trail.push(`${step}: ${label} -> ${answer.code}${answer.code === 200 ? '' : ` ${answer.msg}`}`);
    }
    if (process.env.WORKFLOW_MODEL_TRACE) console.log(`seed ${seed} on ${target.name}:\n${trail.join('\n')}`);
    // Leave nothing running for the next flows' clock to move.
    for (const id of instances) {
      const row = await instance(id);
      if (row.status === FlowStatus.wait || row.status === FlowStatus.suspended)
        expect((await call('POST', `/FlowBefore/Cancel/${id}`, MONITOR, {})).code).toBe(200);
    }
  }

  /** A random action on one of the flow's instances, with what the model expects of it. */
  function chooseAction(p: Picker, rows: FlowRows, tree: StartNode, instances: string[], launch: Action): Action {
    const running = instances.filter((id) => rows.instances.find((i) => i.id === id)?.status === FlowStatus.wait);
    const id = running.length && p.chance(0.8) ? p.pick(running) : p.pick(instances);
    const instance = rows.instances.find((i) => i.id === id)!;
    const status = instance.status;
    const isRunning = status === FlowStatus.wait;
    const ended = TERMINAL_FLOW_STATUSES.includes(status);
    const recallRule = tree.properties.recallRule;
    // Sorted by what they are, not by their random ids, so that a seed replays the same choices.
    const operators = rows.operators
      .filter((o) => o.instance_id === id)
      .sort((a, b) =>
        `${a.received_at}|${a.node_id}|${a.sequence_index}|${who(a.assignee_id)}|${a.state}`.localeCompare(
          `${b.received_at}|${b.node_id}|${b.sequence_index}|${who(b.assignee_id)}|${b.state}`,
        ),
      );
    const records = rows.records
      .filter((r) => r.instance_id === id)
      .sort((a, b) =>
        `${a.created_at}|${a.handle_status}|${a.node_id}|${who(a.handler_id)}`.localeCompare(
          `${b.created_at}|${b.handle_status}|${b.node_id}|${who(b.handler_id)}`,
        ),
      );
    const pending = operators.filter((o) => o.state === 'pending');
    const op = pending.length && p.chance(0.85) ? p.pick(pending) : operators.length ? p.pick(operators) : undefined;
    const approverNodes = flowNodeList(tree).filter(isApproverNode);
    /** Mostly the one who may act, sometimes anybody. */
    const actorOr = (rightful: Account) => (p.chance(0.75) ? rightful : p.pick(ACCOUNTS));
    const anyone = () => ids[p.pick(HANDLERS)];
    const status2 = (after: FlowRows) => after.instances.find((i) => i.id === id)!.status;
    const hasRecord = (after: FlowRows, handleStatus: number, extra: (r: FlowRows['records'][number]) => boolean) =>
      after.records.some(
        (r) =>
          r.instance_id === id && r.handle_status === handleStatus && !records.some((o) => o.id === r.id) && extra(r),
      );
    const tag = id.slice(-4);

    // Below: 0.45 an operator's action, 0.55 recall, 0.6 withdraw, 0.64 urge, 0.72 suspend or restore,
    // 0.78 assign, 0.84 change or revive, 0.87 cancel, 0.92 resubmit, 0.94 launch, then time passes.
    let r = p.rand();
    // An ended flow mostly comes back (revive, resubmit) or makes room for a new one, so that the
    // sequence keeps exploring running states; the rest of the time it is poked at and must refuse.
    if (ended && p.chance(0.6))
      r = p.pick(status === FlowStatus.reject || status === FlowStatus.revoke ? [0.8, 0.88, 0.93] : [0.8, 0.93]);
    if (op && r < 0.45) {
      const actor = actorOr(who(op.assignee_id) as Account);
      const mine = isRunning && op.state === 'pending' && ids[actor] === op.assignee_id;
      const node = findNode(tree, op.node_id) as ApproverNode;
      /** Whether the user already holds an open task on the operator's node: one more is refused. */
      const holdsOpenTask = (userId: string) =>
        operators.some(
          (o) =>
            o.node_instance_id === op.node_instance_id &&
            o.assignee_id === userId &&
            ['pending', 'waiting'].includes(o.state),
        );
      const u = p.rand();
      if (u < 0.55)
        return {
          label: `${actor} approves ${op.node_id} (${op.state}, of ${who(op.assignee_id)}) on ${tag}`,
          expect: refusedUnless(mine),
          run: () => call('POST', `/FlowBefore/Audit/${op.id}`, actor, { handleOpinion: 'ok' }),
          after: (after) => {
            const now = after.operators.find((o) => o.id === op.id)!;
            const out: string[] = [];
            if (now.state !== 'done' || now.handle_status !== HandleStatus.approved)
              out.push(`approved operator is ${now.state}/${now.handle_status}`);
            if (!hasRecord(after, HandleStatus.approved, (x) => x.operator_id === op.id && x.handler_id === ids[actor]))
              out.push('no approval record');
            return out;
          },
        };
      if (u < 0.72) {
        // The targets are asked for first, as the detail page does: what the model expects follows them.
        const rejecting: Action = {
          label: `${actor} rejects ${op.node_id} (${op.state}) on ${tag}`,
          expect: 'either',
          run: async () => {
            const list = await call('GET', `/FlowBefore/RejectList/${op.id}`, actor);
            const targets: string[] = list.code === 200 ? list.data.list.map((t: { nodeId: string }) => t.nodeId) : [];
            const fromList = targets.length > 0 && p.chance(0.85);
            const step = fromList ? p.pick(targets) : p.pick(['bogus', '0', ...approverNodes.map((n) => n.nodeId)]);
            const type = node.properties.rejectTypes?.includes(2) && p.chance(0.4) ? 2 : 1;
            rejecting.label += ` to ${step} (type ${type})`;
            const refused = !mine || node.type === 'handle' || (targets.length > 0 && !targets.includes(step));
            rejecting.expect = refused
              ? 'refused'
              : node.type === 'approver' && targets.includes(step)
                ? 'ok'
                : 'either';
            return call('POST', `/FlowBefore/Reject/${op.id}`, actor, { rejectStep: step, rejectType: type });
          },
          after: (after) =>
            hasRecord(after, HandleStatus.returned, (x) => x.operator_id === op.id) ? [] : ['no return record'],
        };
        return rejecting;
      }
      if (u < 0.82) {
        const to = anyone();
        const taken = holdsOpenTask(to);
        return {
          label: `${actor} transfers ${op.node_id} (${op.state}) to ${who(to)} on ${tag}`,
          expect: refusedUnless(mine && !taken),
          run: () => call('POST', `/FlowBefore/Transfer/${op.id}`, actor, { freeApproverUserId: to }),
          after: (after) => {
            const now = after.operators.find((o) => o.id === op.id)!;
            const out = now.assignee_id === to && now.state === 'pending' ? [] : [`transferred operator ${now.state}`];
            if (!hasRecord(after, HandleStatus.transferred, (x) => x.operator_id === op.id))
              out.push('no transfer record');
            return out;
          },
        };
      }
      if (u < 0.94) {
        const to = anyone();
        const kind = p.pick([1, 2]);
        const taken = holdsOpenTask(to);
        return {
          label: `${actor} adds ${who(to)} ${kind === 1 ? 'before' : 'after'} on ${op.node_id} (${op.state}) on ${tag}`,
          expect: refusedUnless(mine && !taken && to !== op.assignee_id),
          run: () =>
            call('POST', `/FlowBefore/freeApprover/${op.id}`, actor, {
              freeApproverUserId: to,
              freeApproverType: kind,
            }),
          after: (after) =>
            after.operators.some((o) => o.parent_operator_id === op.id && o.assignee_id === to && o.state === 'pending')
              ? []
              : ['no pending added signer'],
        };
      }
      return {
        label: `${actor} saves a draft on ${op.node_id} (${op.state}) on ${tag}`,
        expect: refusedUnless(mine),
        run: () => call('POST', `/FlowBefore/SaveAudit/${op.id}`, actor, { formData: { note: p.int(0, 99) } }),
      };
    }
    if (r < 0.55) {
      const approvals = records.filter((x) => x.handle_status === HandleStatus.approved && x.recalled === 0);
      const record = approvals.length && p.chance(0.85) ? p.pick(approvals) : records.length ? p.pick(records) : null;
      if (record) {
        const actor = actorOr(who(record.handler_id) as Account);
        const mayTry =
          isRunning &&
          record.handle_status === HandleStatus.approved &&
          record.recalled === 0 &&
          record.handler_id === ids[actor] &&
          recallRule !== 'none' &&
          recallRule !== 'start';
        return {
          label: `${actor} recalls the ${record.handle_status} record of ${who(record.handler_id)} on ${record.node_id} on ${tag}`,
          expect: mayTry ? 'either' : 'refused',
          run: () => call('POST', `/FlowBefore/Recall/${record.id}`, actor, {}),
          after: (after) => {
            const out: string[] = [];
            if (after.records.find((x) => x.id === record.id)!.recalled !== 1) out.push('recalled record not flagged');
            const op2 = after.operators.find((o) => o.id === record.operator_id);
            if (op2?.state !== 'pending') out.push(`recalled operator is ${op2?.state}`);
            if (!hasRecord(after, HandleStatus.withdrawn, (x) => x.operator_id === record.operator_id))
              out.push('no recall record');
            return out;
          },
        };
      }
    }
    if (r < 0.6) {
      const actor = actorOr(INITIATOR);
      return {
        label: `${actor} withdraws ${tag}`,
        expect: actor === INITIATOR && isRunning && recallRule !== 'none' ? 'either' : 'refused',
        run: () => call('PUT', `/FlowLaunch/${id}/Actions/Withdraw`, actor, {}),
        after: (after) => (status2(after) === FlowStatus.revoke ? [] : [`withdrawn flow has status ${status2(after)}`]),
      };
    }
    if (r < 0.64) {
      const actor = actorOr(INITIATOR);
      const lastUrge = Math.max(
        0,
        ...records.filter((x) => x.handle_status === HandleStatus.urged).map((x) => x.created_at),
      );
      const soon = server.clock.now - lastUrge < URGE_INTERVAL_MS;
      return {
        label: `${actor} urges ${tag}`,
        expect: refusedUnless(actor === INITIATOR && isRunning && !soon),
        run: () => call('POST', `/FlowLaunch/Press/${id}`, actor),
        after: (after) => (hasRecord(after, HandleStatus.urged, () => true) ? [] : ['no urge record']),
      };
    }
    if (r < 0.72) {
      const actor = actorOr(MONITOR);
      const admin = actor === MONITOR;
      if (status === FlowStatus.suspended || p.chance(0.3))
        return {
          label: `${actor} restores ${tag}`,
          expect: refusedUnless(admin && status === FlowStatus.suspended),
          run: () => call('PUT', `/FlowMonitor/${id}/Actions/Restore`, actor),
          after: (after) => (status2(after) === FlowStatus.wait ? [] : [`restored flow has status ${status2(after)}`]),
        };
      return {
        label: `${actor} suspends ${tag}`,
        expect: refusedUnless(admin && isRunning),
        run: () => call('PUT', `/FlowMonitor/${id}/Actions/Suspend`, actor),
        after: (after) =>
          status2(after) === FlowStatus.suspended ? [] : [`suspended flow has status ${status2(after)}`],
      };
    }
    if (r < 0.78) {
      const actor = actorOr(MONITOR);
      const current = rows.nodes.filter(
        (n) => n.instance_id === id && n.state === 'active' && (n.node_type === 'approver' || n.node_type === 'handle'),
      );
      const nodeCode = current.length && p.chance(0.8) ? p.pick(current).node_id : p.pick(flowNodeList(tree)).nodeId;
      const to = anyone();
      return {
        label: `${actor} assigns ${nodeCode} to ${who(to)} on ${tag}`,
        expect: refusedUnless(actor === MONITOR && isRunning && current.some((n) => n.node_id === nodeCode)),
        run: () => call('POST', `/FlowBefore/Assign/${id}`, actor, { nodeCode, freeApproverUserId: to }),
        after: (after) =>
          after.operators.some(
            (o) =>
              o.instance_id === id &&
              o.node_id === nodeCode &&
              o.assignee_id === to &&
              o.source === 'assign' &&
              o.state === 'pending',
          )
            ? []
            : ['no pending assigned operator'],
      };
    }
    if (r < 0.84) {
      const actor = actorOr(MONITOR);
      const node = p.pick(approverNodes);
      const revive = ended ? p.chance(0.9) : p.chance(0.1);
      const allowed = actor === MONITOR && (revive ? ended : isRunning);
      return {
        label: `${actor} ${revive ? 'revives' : 'changes'} ${tag} at ${node.nodeId}`,
        expect: refusedUnless(allowed),
        run: () => call('POST', '/FlowBefore/Change', actor, { taskId: id, nodeCode: node.nodeId, resurgence: revive }),
        after: (after) => {
          const out: string[] = [];
          if (status2(after) !== FlowStatus.wait) out.push(`moved flow has status ${status2(after)}`);
          if (!after.nodes.some((n) => n.instance_id === id && n.node_id === node.nodeId && n.state === 'active'))
            out.push(`${node.nodeId} is not active`);
          return out;
        },
      };
    }
    if (r < 0.87) {
      const actor = actorOr(MONITOR);
      return {
        label: `${actor} cancels ${tag}`,
        expect: refusedUnless(actor === MONITOR && (isRunning || status === FlowStatus.suspended)),
        run: () => call('POST', `/FlowBefore/Cancel/${id}`, actor, {}),
        after: (after) => (status2(after) === FlowStatus.cancel ? [] : [`cancelled flow has status ${status2(after)}`]),
      };
    }
    if (r < 0.92 && (status === FlowStatus.reject || status === FlowStatus.revoke || p.chance(0.2))) {
      const actor = actorOr(INITIATOR);
      return {
        label: `${actor} resubmits ${tag} (status ${status})`,
        expect: refusedUnless(actor === INITIATOR && (status === FlowStatus.reject || status === FlowStatus.revoke)),
        run: () =>
          call('PUT', `/FlowTask/${id}`, actor, {
            flowId: instance.version_id,
            formData: { [CONDITION_FIELD]: p.int(0, 9) },
          }),
        after: (after) => {
          const now = status2(after);
          return now === FlowStatus.wait || now === FlowStatus.adopt ? [] : [`resubmitted flow has status ${now}`];
        },
      };
    }
    if (r < 0.94 && instances.length < 3) return launch;
    // Time passes: reminders, overdue actions and timer nodes fall due and the kernel's runner runs them.
    const hours = p.int(1, 3);
    return {
      label: `${hours} h pass and the due jobs run`,
      expect: 'ok',
      run: async () => {
        server.clock.advance(hours * 60 * MINUTE);
        await jobs.runDue();
        return { code: 200, msg: '' };
      },
      after: (after) => [
        // Every job of this flow's instances that ran settled without an error.
        ...after.jobs
          .filter(
            (j) => j.last_error !== null && !rows.jobs.some((o) => o.id === j.id && o.last_error === j.last_error),
          )
          .filter((j) => instances.some((i) => j.payload.includes(i)))
          .map((j) => `job ${j.kind} ${j.payload} failed: ${j.last_error!.split('\n')[0]}`),
        // An overdue action acts only once its handler has held the task for the node's hours.
        ...after.records
          .filter((x) => x.source === 'system-timer' && x.operator_id && !rows.records.some((o) => o.id === x.id))
          .flatMap((x) => {
            const held = rows.operators.find((o) => o.id === x.operator_id);
            const node = findNode(tree, x.node_id) as ApproverNode | null;
            const hours = node?.properties.overdue?.firstAfter;
            if (!held || !hours || x.created_at >= held.received_at + hours * 60 * MINUTE) return [];
            const early = Math.round((held.received_at + hours * 60 * MINUTE - x.created_at) / MINUTE);
            return [`overdue action on ${x.node_id} for ${who(held.assignee_id)} came ${early} min early`];
          }),
      ],
    };
  }

  it(
    'S2-4-32 S2-4-26 S2-4-28 S2-7-59 S2-7-60 S2-7-61 S2-7-62 S2-7-63 S2-7-64 S2-7-65 S2-7-66 S2-7-70 S2-7-73 S2-7-74 keeps the stored rows whole over random actions on random flows (seeded)',
    async () => {
      // A failing flow is reported with the others at the end; the next flow starts afresh.
      const failures: string[] = [];
      for (let run = 0; run < RUNS; run++) {
        try {
          await runFlow(FIRST_SEED + run);
        } catch (error) {
          failures.push((error as Error).message);
        }
      }
      if (failures.length) throw new Error(`${failures.length} of ${RUNS} flows failed:\n\n${failures.join('\n\n')}`);
    },
    Math.max(60_000, RUNS * STEPS * 1500),
  );

  // ---- What the model found, each as a plain case (the seed that found it in the title) -----------

  let seq = 0;
  const flowOf = async (...nodes: FlowNode[]) =>
    (await publishTemplate(db(), { code: `found${++seq}`, tree: chain(startNode(), ...nodes) })).versionId;
  const openOn = async (id: string, nodeId: string) =>
    (await operators(id))
      .filter((o) => o.node_id === nodeId && (o.state === 'pending' || o.state === 'waiting'))
      .map((o) => [who(o.assignee_id), o.source]);

  it('S2-7-62 S2-7-65 keeps the handlers an assignment replaced set aside when the assignee recalls (seed 7)', async () => {
    const id = await launchOf(
      await flowOf(
        approverNode('a', { ...users('manager', 'finance'), counterSign: 1 }),
        approverNode('b', users('ceo')),
      ),
    );
    expect(
      (await call('POST', `/FlowBefore/Assign/${id}`, MONITOR, { nodeCode: 'a', freeApproverUserId: ids.finance }))
        .code,
    ).toBe(200);
    expect(await openOn(id, 'a')).toEqual([['finance', 'assign']]);
    const op = await pendingOf(id, 'finance');
    expect((await call('POST', `/FlowBefore/Audit/${op}`, 'finance', {})).code).toBe(200);
    const approval = (await db().selectFrom('flow_record').selectAll().where('operator_id', '=', op).execute()).find(
      (r) => r.handle_status === HandleStatus.approved,
    )!;
    expect((await call('POST', `/FlowBefore/Recall/${approval.id}`, 'finance', {})).code).toBe(200);
    // Only the assignee's own to-do comes back: not manager's, nor finance's first one, which the
    // assignment replaced (finance would hold two to-dos on one node).
    expect(await openOn(id, 'a')).toEqual([['finance', 'assign']]);
  });

  it('S2-7-65 gives the node to the assignee on a node passing by ratio that already has approvals (seeds 8, 13, 47)', async () => {
    const id = await launchOf(
      await flowOf(
        approverNode('a', { ...users('manager', 'finance', 'hr'), counterSign: 1, countersignRatio: 50 }),
        approverNode('b', users('ceo')),
      ),
    );
    expect((await call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'manager')}`, 'manager', {})).code).toBe(200);
    expect(
      (await call('POST', `/FlowBefore/Assign/${id}`, MONITOR, { nodeCode: 'a', freeApproverUserId: ids.zhouya })).code,
    ).toBe(200);
    // The monitor handed the node to zhouya: it waits for him, it does not pass without him.
    expect(await openOn(id, 'a')).toEqual([['zhouya', 'assign']]);
    const row = await instance(id);
    expect(row.current_node_ids).toBe('a');
  });

  it('settles the overdue job of a handling node whose overdue action is reject (seed 27)', async () => {
    // A handling node cannot be rejected; its overdue action must not fail the job on every attempt.
    const id = await launchOf(
      await flowOf(
        approverNode('h', { ...users('manager'), overdue: { firstAfter: 1, autoAction: 'reject' } }, 'handle'),
      ),
    );
    server.clock.advance(61 * MINUTE);
    await jobs.runDue();
    const [job] = await jobsOf(id, 'workflow.overdue');
    expect([job!.state, job!.last_error]).toEqual(['done', null]);
    const [op] = await operators(id);
    // The handler was told he is late; the task stays his.
    expect([op!.state, op!.overdue_count]).toEqual(['pending', 1]);
  });

  it('S2-7-61 auto-rejects an overdue task to where its node may send it back (seed 163)', async () => {
    // The node may return only to the previous node, not to the start: the overdue rejection must
    // take a target the node allows instead of failing the job on every attempt.
    const id = await launchOf(
      await flowOf(
        approverNode('a', users('manager')),
        approverNode('b', {
          ...users('finance'),
          rejectTarget: 'previous',
          overdue: { firstAfter: 1, autoAction: 'reject' },
        }),
      ),
    );
    expect((await call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'manager')}`, 'manager', {})).code).toBe(200);
    server.clock.advance(61 * MINUTE);
    await jobs.runDue();
    const [job] = await jobsOf(id, 'workflow.overdue');
    expect([job!.state, job!.last_error]).toEqual(['done', null]);
    const returned = (await records(id)).filter((r) => r.handle_status === HandleStatus.returned);
    expect(returned.map((r) => [r.node_id, r.source])).toEqual([['b', 'system-timer']]);
    expect(await openOn(id, 'a')).toEqual([['manager', 'rule']]);
  });
});
