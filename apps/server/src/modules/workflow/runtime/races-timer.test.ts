/**
 * Forced races between people and the workflow's jobs (docs/workflow.md, "How a command runs"): an
 * approval against the overdue job that approves or rejects for the late handler, and against a
 * timer node firing beside it. The jobs run through the kernel's runner (leases, retries), started
 * while the approvals are in flight, so the two really meet at the instance's lock. Then what the
 * jobs must do after a suspension or a transfer moved the task under them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlowStatus, HandleStatus, type FlowNode, type OverdueSettings } from '@atrium/shared/workflow';
import type { JobQueue } from '../../../core/jobs/index.ts';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';
import {
  type ApiAnswer,
  approverNode,
  branch,
  chain,
  keepSessions,
  parallelNode,
  publishTemplate,
  signIn,
  startNode,
  workflowJobRunner,
  workflowTestKit,
} from './test-fixtures.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Lets the event loop turn `n` times: the approvals get that far before the runner starts. */
async function turns(n: number) {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

describe.each(dbTargets())('workflow races against jobs on $name', (target) => {
  let server: TestServer;
  let jobs: JobQueue;
  let tokens: Record<string, string>;
  let ids: Record<string, string>;
  let seq = 0;

  beforeAll(async () => {
    server = await createTestServer(target);
    jobs = workflowJobRunner(server);
    ({ tokens, ids } = await signIn(server, ['admin', 'staff', 'manager', 'finance', 'hr', 'ceo']));
    await keepSessions(server);
  });
  afterAll(() => server.close());

  const { db, call, launch, users, instance, records, pendingOf, nodesOf, jobsOf } = workflowTestKit(() => ({
    server,
    tokens,
    ids,
  }));
  const template = (tree: FlowNode) => publishTemplate(db(), { code: `race${++seq}`, tree });
  const approveAs = (as: string) => (op: string) => call('POST', `/FlowBefore/Audit/${op}`, as);
  const operatorsOf = (id: string, nodeId: string) =>
    db().selectFrom('flow_operator').selectAll().where('instance_id', '=', id).where('node_id', '=', nodeId).execute();
  /** To-do messages a user got for one operator (their body names it). */
  const todosFor = (account: string, operatorId: string) =>
    db()
      .selectFrom('message_receive')
      .innerJoin('message', 'message.id', 'message_receive.message_id')
      .select('message.title')
      .where('message_receive.user_id', '=', ids[account]!)
      .where('message.body_text', 'like', `%${operatorId}%`)
      .where('message.title', 'like', '【待办】%')
      .execute();
  /** Every row of the instance's runtime tables, to show that a refused or idle command wrote nothing. */
  const rowsOf = async (id: string) => ({
    instance: await instance(id),
    nodes: await db()
      .selectFrom('flow_node_instance')
      .selectAll()
      .where('instance_id', '=', id)
      .orderBy('id')
      .execute(),
    operators: await db().selectFrom('flow_operator').selectAll().where('instance_id', '=', id).orderBy('id').execute(),
    records: await records(id),
  });

  /** A two-step chain whose first node acts by itself once its handler is an hour late. */
  const overdueFlow = (autoAction: OverdueSettings['autoAction']) =>
    template(
      chain(
        startNode({ recallRule: 'all' }),
        approverNode('a', { ...users('manager'), overdue: { firstAfter: 1, autoAction } }),
        approverNode('b', users('finance')),
      ),
    );

  /**
   * Rounds of a race: fresh instances each time, their jobs made due, `act` sent on every one of them
   * and the kernel runner started after a growing number of event-loop turns, so that in some rounds
   * the people reach the instance lock first and in others the jobs do (which side won shows in the
   * answers). `check` looks at each instance of a round, with its operator (`account`'s to-do) and the
   * answer, before the next round moves the clock on.
   */
  async function race(
    versionId: string,
    account: string,
    dueAfter: number,
    act: (op: string) => Promise<ApiAnswer>,
    check: (id: string, op: string, answer: ApiAnswer) => Promise<void>,
  ): Promise<void> {
    for (const delay of [0, 1, 2, 3, 5, 8]) {
      const launched: string[] = [];
      for (let i = 0; i < 3; i++) launched.push(await launch(versionId));
      const ops = await Promise.all(launched.map((id) => pendingOf(id, account)));
      server.clock.advance(dueAfter);
      const acting = Promise.all(ops.map(act));
      await turns(delay);
      const [answers, ran] = await Promise.all([acting, jobs.runDue()]);
      // Jobs an earlier round's commands scheduled may fall due too.
      expect(ran).toBeGreaterThanOrEqual(ops.length);
      for (const [i, id] of launched.entries()) await check(id, ops[i]!, answers[i]!);
    }
  }

  /**
   * After an approval and an overdue approval met on node a: one vote stands (the user's when his call
   * answered 200, the timer's otherwise), node a completed once, node b entered once with one to-do,
   * and every row written once with its version bumped once.
   */
  async function expectApprovedOnce(id: string, op: string, userWon: boolean) {
    const approvals = (await records(id)).filter((r) => r.handle_status === HandleStatus.approved);
    expect(approvals.map((r) => [r.node_id, r.operator_id, r.handler_id, r.source])).toEqual([
      ['a', op, ids.manager, userWon ? 'user' : 'system-timer'],
    ]);
    const [a, ...moreA] = await nodesOf(id, 'a');
    expect(moreA).toEqual([]);
    expect([a!.state, a!.approved_count, a!.total_count, a!.version]).toEqual(['completed', 1, 1, 1]);
    const [b, ...moreB] = await nodesOf(id, 'b');
    expect(moreB).toEqual([]);
    expect([b!.state, b!.version]).toEqual(['active', 0]);
    const [opA] = await operatorsOf(id, 'a');
    expect([opA!.state, opA!.handle_status, opA!.overdue_count, opA!.version]).toEqual([
      'done',
      HandleStatus.approved,
      userWon ? 0 : 1,
      1,
    ]);
    const opsB = await operatorsOf(id, 'b');
    expect(opsB.map((o) => [o.assignee_id, o.state, o.node_instance_id])).toEqual([[ids.finance, 'pending', b!.id]]);
    expect(await todosFor('finance', opsB[0]!.id)).toHaveLength(1);
    const row = await instance(id);
    expect([row.status, row.current_node_ids, row.finished_at]).toEqual([FlowStatus.wait, 'b', null]);
    // Launched at version 0, then the winning command; the side that came second wrote nothing.
    expect(row.version).toBe(1);
    // The overdue job ran once and settled: done, not retried, whichever side won.
    const [job, ...moreJobs] = await jobsOf(id, 'workflow.overdue');
    expect(moreJobs).toEqual([]);
    expect([job!.state, job!.attempts, job!.last_error]).toEqual(['done', 1, null]);
  }

  it('S2-7-59 races approvals against overdue auto-approvals run by the kernel runner: one vote, one next node', async () => {
    const { versionId } = await overdueFlow('approve');
    await race(versionId, 'manager', HOUR + MINUTE, approveAs('manager'), async (id, op, answer) => {
      // The loser is told the to-do is already handled.
      expect([200, 400], answer.msg).toContain(answer.code);
      await expectApprovedOnce(id, op, answer.code === 200);
    });
  });

  it('S2-7-59 approves before the overdue job runs (the idle job then writes nothing) and after it (refused, nothing written)', async () => {
    const { versionId } = await overdueFlow('approve');
    const first = await launch(versionId);
    const second = await launch(versionId);
    server.clock.advance(HOUR + MINUTE);

    const op1 = await pendingOf(first, 'manager');
    const op2 = await pendingOf(second, 'manager');
    expect((await approveAs('manager')(op1)).code).toBe(200);
    const approved = await rowsOf(first);
    expect(await jobs.runDue()).toBe(2);
    const byTimer = await rowsOf(second);
    expect(byTimer.records.at(-1)).toMatchObject({ handle_status: HandleStatus.approved, source: 'system-timer' });
    const late = await approveAs('manager')(op2);
    expect(late.code).toBe(400);
    expect(await rowsOf(second)).toEqual(byTimer);
    await expectApprovedOnce(second, op2, false);

    // The job that found the to-do handled changed nothing: not even the instance's version.
    expect(await rowsOf(first)).toEqual(approved);
  });

  it('S2-7-59 S2-7-61 races approvals against overdue auto-rejections: the vote that lands first decides', async () => {
    const { versionId } = await overdueFlow('reject');
    await race(versionId, 'manager', HOUR + MINUTE, approveAs('manager'), async (id, op, answer) => {
      const votes = (await records(id)).filter((r) => r.operator_id === op);
      const row = await instance(id);
      const open = (await db().selectFrom('flow_operator').selectAll().where('instance_id', '=', id).execute()).filter(
        (o) => o.state === 'pending' || o.state === 'waiting',
      );
      if (answer.code === 200) {
        expect(votes.map((r) => [r.handle_status, r.source])).toEqual([[HandleStatus.approved, 'user']]);
        expect([row.status, row.current_node_ids]).toEqual([FlowStatus.wait, 'b']);
        expect(open.map((o) => o.assignee_id)).toEqual([ids.finance]);
      } else {
        expect(answer.code).toBe(400);
        expect(votes.map((r) => [r.handle_status, r.source])).toEqual([[HandleStatus.returned, 'system-timer']]);
        expect(row.status).toBe(FlowStatus.reject);
        expect(row.finished_at).not.toBeNull();
        expect(open).toEqual([]);
        expect(await nodesOf(id, 'b')).toEqual([]);
        expect(row.version).toBe(1);
      }
      const [job] = await jobsOf(id, 'workflow.overdue');
      expect([job!.state, job!.attempts, job!.last_error]).toEqual(['done', 1, null]);
    });
  });

  it('joins a parallel group once when an approval and a timer node firing finish its two branches together', async () => {
    const tree = chain(
      startNode(),
      parallelNode('par', [
        branch('p1', 1, { nodeId: 'wait', type: 'timer', name: 'wait', properties: { minutes: 5 }, childNode: null }),
        branch('p2', 2, approverNode('x', users('finance'))),
      ]),
      approverNode('after', users('ceo')),
    );
    const { versionId } = await template(tree);
    await race(versionId, 'finance', 5 * MINUTE + 1000, approveAs('finance'), async (id, _op, answer) => {
      expect(answer.code, answer.msg).toBe(200);
      const [group, ...moreGroups] = await nodesOf(id, 'par');
      expect(moreGroups).toEqual([]);
      expect(group!.state).toBe('completed');
      expect((await nodesOf(id, 'wait')).map((n) => n.state)).toEqual(['completed']);
      const after = await nodesOf(id, 'after');
      expect(after.map((n) => n.state)).toEqual(['active']);
      const afterOps = await operatorsOf(id, 'after');
      expect(afterOps.map((o) => [o.assignee_id, o.state])).toEqual([[ids.ceo, 'pending']]);
      expect(await todosFor('ceo', afterOps[0]!.id)).toHaveLength(1);
      const row = await instance(id);
      expect([row.status, row.current_node_ids]).toEqual([FlowStatus.wait, 'after']);
      // Launch, then the approval and the timer: two commands, two versions.
      expect(row.version).toBe(2);
      const [job] = await jobsOf(id, 'workflow.timer');
      expect([job!.state, job!.attempts, job!.last_error]).toEqual(['done', 1, null]);
    });
  });

  it('runs a timer node that fell due while its flow was suspended once the flow is restored', async () => {
    const tree = chain(
      startNode(),
      { nodeId: 'wait', type: 'timer', name: 'wait', properties: { minutes: 5 }, childNode: null } as FlowNode,
      approverNode('a', users('manager')),
    );
    const { versionId } = await template(tree);
    const id = await launch(versionId);
    expect((await call('PUT', `/FlowMonitor/${id}/Actions/Suspend`, 'admin')).code).toBe(200);
    server.clock.advance(10 * MINUTE);
    await jobs.runDue();
    expect((await call('PUT', `/FlowMonitor/${id}/Actions/Restore`, 'admin')).code).toBe(200);
    server.clock.advance(10 * MINUTE);
    await jobs.runDue();
    // The wait is over: the flow must not stay on the timer node for ever.
    expect((await instance(id)).current_node_ids).toBe('a');
    await pendingOf(id, 'manager');
  });

  it('acts on a task that went overdue while its flow was suspended once the flow is restored', async () => {
    const { versionId } = await overdueFlow('approve');
    const id = await launch(versionId);
    const op = await pendingOf(id, 'manager');
    expect((await call('PUT', `/FlowMonitor/${id}/Actions/Suspend`, 'admin')).code).toBe(200);
    server.clock.advance(HOUR + MINUTE);
    await jobs.runDue();
    expect((await call('PUT', `/FlowMonitor/${id}/Actions/Restore`, 'admin')).code).toBe(200);
    server.clock.advance(MINUTE);
    await jobs.runDue();
    // Like a timer that fell due meanwhile, the overdue action is not lost to the suspension.
    const approvals = (await records(id)).filter((r) => r.handle_status === HandleStatus.approved);
    expect(approvals.map((r) => [r.operator_id, r.source])).toEqual([[op, 'system-timer']]);
    expect((await instance(id)).current_node_ids).toBe('b');
  });

  it('S2-7-64 counts a transferred task as overdue from when its new handler received it', async () => {
    const tree = chain(
      startNode(),
      approverNode('a', { ...users('manager'), overdue: { firstAfter: 2, autoAction: 'approve' } }),
      approverNode('b', users('finance')),
    );
    const { versionId } = await template(tree);
    const id = await launch(versionId);
    server.clock.advance(HOUR);
    const op = await pendingOf(id, 'manager');
    expect((await call('POST', `/FlowBefore/Transfer/${op}`, 'manager', { freeApproverUserId: ids.hr })).code).toBe(
      200,
    );
    // Two hours after the launch, but one after hr got the task: not overdue yet.
    server.clock.advance(HOUR + MINUTE);
    await jobs.runDue();
    expect((await records(id)).filter((r) => r.handle_status === HandleStatus.approved)).toEqual([]);
    expect(await pendingOf(id, 'hr')).toBe(op);
    // Two hours after hr got it, the overdue job approves in his name.
    server.clock.advance(HOUR);
    await jobs.runDue();
    const approvals = (await records(id)).filter((r) => r.handle_status === HandleStatus.approved);
    expect(approvals.map((r) => [r.handler_id, r.source])).toEqual([[ids.hr, 'system-timer']]);
    for (const job of await jobsOf(id, 'workflow.overdue')) expect([job.state, job.last_error]).toEqual(['done', null]);
  });

  it('S2-7-64 settles an overdue job racing a transfer of its task without a failed run', async () => {
    const { versionId } = await overdueFlow('approve');
    const transfer = (op: string) =>
      call('POST', `/FlowBefore/Transfer/${op}`, 'manager', { freeApproverUserId: ids.hr });
    await race(versionId, 'manager', HOUR + MINUTE, transfer, async (id, _op, answer) => {
      const [opA] = await operatorsOf(id, 'a');
      if (answer.code === 200) expect([opA!.assignee_id, opA!.state]).toEqual([ids.hr, 'pending']);
      else expect([opA!.assignee_id, opA!.state, opA!.handle_status]).toEqual([ids.manager, 'done', 1]);
      // The job due when the runner claimed it either approved for manager or found the task handed
      // on: either way it ran once, without an error to retry.
      const [first] = await jobsOf(id, 'workflow.overdue');
      expect([first!.state, first!.attempts, first!.last_error]).toEqual(['done', 1, null]);
    });
  });
});
