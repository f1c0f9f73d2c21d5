/**
 * Triggers waiting for a callback (docs/workflow.md, "Data interfaces in a flow"): the call hands an
 * outside system a single-use token and the path to post its answer to; the answer, posted without
 * signing in, fills the form and moves the flow on. Spent, unknown and stale tokens change nothing,
 * a suspended flow keeps the token for later, and a deadline fails the step when no answer comes.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FLOW_CALLBACK_PATH,
  FlowStatus,
  HandleStatus,
  type FlowNode,
  type TriggerProperties,
} from '@atrium/shared/workflow';
import type { JobQueue } from '../../../core/jobs/index.ts';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';
import {
  approverNode,
  branch,
  chain,
  keepSessions,
  parallelNode,
  publishTemplate,
  signIn,
  startNode,
  startOutsideApi,
  type ReceivedCall,
  workflowJobRunner,
  workflowTestKit,
} from './test-fixtures.ts';

const MINUTE = 60_000;
const UNKNOWN = '回调令牌无效或已使用，或该步骤已不再等待回调';

describe.each(dbTargets())('trigger callbacks on $name', (target) => {
  let server: TestServer;
  let jobs: JobQueue;
  let outside: Awaited<ReturnType<typeof startOutsideApi>>;
  let apiBase: string;
  let received: ReceivedCall[];
  let tokens: Record<string, string>;
  let ids: Record<string, string>;
  let seq = 0;
  let remote: string;

  const {
    db,
    call,
    launch,
    createInterface: newInterface,
    users,
    instance,
    operators,
    records,
    pendingOf,
    nodesOf,
    nodeStates,
    jobsOf,
  } = workflowTestKit(() => ({ server, tokens, ids }));

  beforeAll(async () => {
    server = await createTestServer(target);
    jobs = workflowJobRunner(server);
    ({ tokens, ids } = await signIn(server, ['admin', 'staff', 'manager', 'finance']));
    await keepSessions(server);
    outside = await startOutsideApi(server, () => ({ accepted: true }));
    ({ base: apiBase, received } = outside);
    // The token by the callback variable's own name, the path through an explicit mapping.
    remote = await createInterface(`${apiBase}/ok`, ['amount', 'flowCallbackToken', 'replyTo']);
  });
  afterAll(async () => {
    outside.close();
    await server.close();
  });

  /** A POST interface to the outside API declaring `params`. */
  const createInterface = (url: string, params: string[] = []) =>
    newInterface({
      dataType: 3,
      requestMethod: 'POST',
      query: url,
      requestParameters: params.map((field) => ({ field, dataType: 'varchar' })),
    });

  const template = (tree: FlowNode) => publishTemplate(db(), { code: `cb${++seq}`, tree });
  const callbackNode = (nodeId: string, properties: Partial<TriggerProperties> = {}): FlowNode => ({
    nodeId,
    type: 'trigger',
    name: nodeId,
    properties: {
      interfaceId: remote,
      mode: 'callback',
      interfaceParams: [{ field: 'replyTo', source: 'system', value: 'flowCallbackUrl' }],
      responseMap: [
        { from: 'data.code', to: 'extCode' },
        { from: 'data.note', to: 'note' },
      ],
      ...properties,
    },
    childNode: null,
  });

  /** Posts an answer to a callback path, without signing in. */
  const answer = async (token: string, body?: unknown) => {
    const res = await server.call('POST', `${FLOW_CALLBACK_PATH}/${token}`, body === undefined ? {} : { body });
    return { status: res.statusCode, ...res.json() };
  };

  /** Runs the due jobs and answers the token the call handed out (the last one the API received). */
  const tokenOfCall = async (): Promise<string> => {
    const before = received.length;
    await jobs.runDue();
    expect(received.length).toBe(before + 1);
    const token = received.at(-1)!.body.flowCallbackToken as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    return token;
  };

  /** Every row of the instance's runtime tables, to show that a refused callback wrote nothing. */
  const rowsOf = async (id: string) => ({
    instance: await instance(id),
    nodes: await db()
      .selectFrom('flow_node_instance')
      .selectAll()
      .where('instance_id', '=', id)
      .orderBy('id')
      .execute(),
    operators: await operators(id),
    records: await records(id),
  });

  it('hands the token and its path to the interface, keeps only its hash, and takes the answer once', async () => {
    const { versionId } = await template(chain(startNode(), callbackNode('cb'), approverNode('a', users('manager'))));
    const id = await launch(versionId, { amount: 5 });
    expect(await nodeStates(id)).toEqual(['start:completed', 'cb:active']);
    const [step] = await nodesOf(id, 'cb');
    expect(step!.callback_token_digest).toMatch(/^[0-9a-f]{64}$/);
    expect(step!.due_at).toBe(step!.entered_at + 1440 * MINUTE);
    expect((await jobsOf(id, 'workflow.triggerTimeout')).map((j) => [j.state, Number(j.run_at)])).toEqual([
      ['pending', step!.due_at],
    ]);

    const token = await tokenOfCall();
    expect(received.at(-1)!.body).toEqual({
      amount: '5',
      flowCallbackToken: token,
      replyTo: `/api/workflow/Engine/FlowTask/Callback/${token}`,
    });
    // Only the hash is kept: neither the step nor the call's job holds the token.
    expect(step!.callback_token_digest).toBe(createHash('sha256').update(token).digest('hex'));
    const stored = JSON.stringify([await db().selectFrom('job').selectAll().execute(), await nodesOf(id, 'cb')]);
    expect(stored).not.toContain(token);
    expect((await instance(id)).current_node_ids).toBe('cb');

    const first = await answer(token, { data: { code: 'C-9', note: 'received', ignored: true } });
    expect([first.status, first.code], first.msg).toEqual([200, 200]);
    const row = await instance(id);
    expect(JSON.parse(row.form_data)).toEqual({ amount: 5, extCode: 'C-9', note: 'received' });
    expect([row.status, row.current_node_ids]).toEqual([FlowStatus.wait, 'a']);
    expect(await nodeStates(id)).toEqual(['start:completed', 'cb:completed', 'a:active']);
    expect((await nodesOf(id, 'cb'))[0]!.callback_token_digest).toBeNull();
    expect((await operators(id)).map((o) => [o.node_id, o.assignee_id, o.state])).toEqual([
      ['a', ids.manager, 'pending'],
    ]);
    const last = (await records(id)).at(-1)!;
    expect([last.node_id, last.handle_status, last.handler_id, last.source]).toEqual([
      'cb',
      HandleStatus.autoApproved,
      'system',
      'system-rule',
    ]);
    expect(JSON.parse(last.form_diff!)).toEqual({
      extCode: { from: null, to: 'C-9' },
      note: { from: null, to: 'received' },
    });

    // The token is spent: the same answer again, and a token never handed out, change nothing.
    const after = await rowsOf(id);
    const again = await answer(token, { data: { code: 'C-10' } });
    expect([again.status, again.code, again.msg]).toEqual([404, 404, UNKNOWN]);
    const unknown = await answer('A'.repeat(43), { data: { code: 'C-11' } });
    expect([unknown.status, unknown.code, unknown.msg]).toEqual([404, 404, UNKNOWN]);
    // The deadline finds the step done and does nothing either.
    server.clock.advance(1440 * MINUTE);
    await jobs.runDue();
    expect(await rowsOf(id)).toEqual(after);
    expect((await jobsOf(id, 'workflow.triggerTimeout')).map((j) => j.state)).toEqual(['done']);
  });

  it('answers 404 for the token of a step taken back by a recall, a reject or a withdraw', async () => {
    // A recall: the manager takes back the approval that entered the waiting step.
    const recalled = await template(
      chain(startNode({ recallRule: 'all' }), approverNode('a', users('manager')), callbackNode('cb')),
    );
    const r = await launch(recalled.versionId);
    expect((await call('POST', `/FlowBefore/Audit/${await pendingOf(r, 'manager')}`, 'manager')).code).toBe(200);
    const recallToken = await tokenOfCall();
    const approval = (await records(r)).find((x) => x.handle_status === HandleStatus.approved)!;
    expect((await call('POST', `/FlowBefore/Recall/${approval.id}`, 'manager')).code).toBe(200);
    expect(await nodeStates(r)).toEqual(['start:completed', 'a:active', 'cb:void']);
    const beforeRecall = await rowsOf(r);
    expect((await answer(recallToken, { data: { code: 'late' } })).code).toBe(404);
    expect(await rowsOf(r)).toEqual(beforeRecall);

    // A reject on a parallel branch sends the flow back to its start: the waiting branch goes with it.
    const rejected = await template(
      chain(
        startNode(),
        parallelNode('p', [branch('p1', 1, callbackNode('cb')), branch('p2', 2, approverNode('x', users('finance')))]),
      ),
    );
    const j = await launch(rejected.versionId);
    const rejectToken = await tokenOfCall();
    expect((await call('POST', `/FlowBefore/Reject/${await pendingOf(j, 'finance')}`, 'finance')).code).toBe(200);
    expect((await instance(j)).status).toBe(FlowStatus.reject);
    expect((await nodesOf(j, 'cb'))[0]!.state).toBe('void');
    const beforeReject = await rowsOf(j);
    expect((await answer(rejectToken, { data: { code: 'late' } })).code).toBe(404);
    expect(await rowsOf(j)).toEqual(beforeReject);

    // A withdraw ends the flow.
    const withdrawn = await template(chain(startNode(), callbackNode('cb'), approverNode('a', users('manager'))));
    const w = await launch(withdrawn.versionId);
    const withdrawToken = await tokenOfCall();
    expect((await call('PUT', `/FlowLaunch/${w}/Actions/Withdraw`, 'staff')).code).toBe(200);
    const beforeWithdraw = await rowsOf(w);
    expect((await answer(withdrawToken, { data: { code: 'late' } })).code).toBe(404);
    expect(await rowsOf(w)).toEqual(beforeWithdraw);
    expect(beforeWithdraw.instance.status).toBe(FlowStatus.revoke);
  });

  it('refuses a callback while the flow is suspended and keeps the token; the deadline waits for the restore too', async () => {
    const { versionId } = await template(
      chain(startNode(), callbackNode('cb', { callbackMinutes: 30 }), approverNode('a', users('manager'))),
    );
    const early = await launch(versionId);
    const token = await tokenOfCall();
    expect((await call('PUT', `/FlowMonitor/${early}/Actions/Suspend`, 'admin')).code).toBe(200);
    const suspended = await rowsOf(early);
    const refused = await answer(token, { data: { code: 'S-1' } });
    expect([refused.status, refused.code, refused.msg]).toEqual([409, 409, '流程已挂起，请在流程恢复后再次回调']);
    expect(await rowsOf(early)).toEqual(suspended);
    expect((await call('PUT', `/FlowMonitor/${early}/Actions/Restore`, 'admin')).code).toBe(200);
    const taken = await answer(token, { data: { code: 'S-1' } });
    expect(taken.code, taken.msg).toBe(200);
    expect(JSON.parse((await instance(early)).form_data)).toEqual({ extCode: 'S-1' });
    expect(await nodeStates(early)).toEqual(['start:completed', 'cb:completed', 'a:active']);

    // A deadline that falls due while the flow is suspended does nothing; the restore queues it again.
    const late = await launch(versionId);
    await tokenOfCall();
    expect((await call('PUT', `/FlowMonitor/${late}/Actions/Suspend`, 'admin')).code).toBe(200);
    server.clock.advance(30 * MINUTE);
    await jobs.runDue();
    expect((await instance(late)).status).toBe(FlowStatus.suspended);
    expect((await nodesOf(late, 'cb'))[0]!.state).toBe('active');
    expect((await call('PUT', `/FlowMonitor/${late}/Actions/Restore`, 'admin')).code).toBe(200);
    await jobs.runDue();
    const row = await instance(late);
    expect([row.status, row.current_node_ids]).toEqual([FlowStatus.reject, '']);
    expect((await records(late)).at(-1)!.opinion).toBe('30 分钟内未收到回调');
  });

  it('fails the step when no callback comes in time: rejects the flow, or goes on without the answer', async () => {
    const rejecting = await template(
      chain(startNode(), callbackNode('cb', { callbackMinutes: 90 }), approverNode('a', users('manager'))),
    );
    const id = await launch(rejecting.versionId);
    const token = await tokenOfCall();
    server.clock.advance(89 * MINUTE);
    await jobs.runDue();
    expect((await instance(id)).current_node_ids).toBe('cb');
    server.clock.advance(MINUTE);
    await jobs.runDue();
    const row = await instance(id);
    expect([row.status, row.current_node_ids]).toEqual([FlowStatus.reject, '']);
    const [step] = await nodesOf(id, 'cb');
    expect([step!.state, step!.callback_token_digest]).toEqual(['rejected', null]);
    const last = (await records(id)).at(-1)!;
    expect([last.node_id, last.handle_status, last.handler_id, last.opinion]).toEqual([
      'cb',
      HandleStatus.returned,
      'system',
      '90 分钟内未收到回调',
    ]);
    expect((await answer(token, { data: { code: 'too late' } })).code).toBe(404);

    const continuing = await template(
      chain(
        startNode(),
        callbackNode('cb', { callbackMinutes: 5, onFailure: 'continue' }),
        approverNode('a', users('manager')),
      ),
    );
    const goesOn = await launch(continuing.versionId, { note: 'kept' });
    const lateToken = await tokenOfCall();
    server.clock.advance(5 * MINUTE);
    await jobs.runDue();
    const moved = await instance(goesOn);
    expect([moved.status, moved.current_node_ids, JSON.parse(moved.form_data)]).toEqual([
      FlowStatus.wait,
      'a',
      { note: 'kept' },
    ]);
    expect(await nodeStates(goesOn)).toEqual(['start:completed', 'cb:completed', 'a:active']);
    const note = (await records(goesOn)).at(-1)!;
    expect([note.node_id, note.handle_status, note.handler_id, note.opinion]).toEqual([
      'cb',
      HandleStatus.autoApproved,
      'system',
      '5 分钟内未收到回调',
    ]);
    expect((await answer(lateToken, { data: { code: 'too late' } })).code).toBe(404);
  });

  it('applies onFailure when the call itself fails after its last attempt', async () => {
    const broken = await createInterface(`${apiBase}/fail`);
    const { versionId } = await template(
      chain(
        startNode(),
        callbackNode('cb', { interfaceId: broken, interfaceParams: [], maxAttempts: 1 }),
        approverNode('a', users('manager')),
      ),
    );
    const id = await launch(versionId);
    await jobs.runDue();
    const row = await instance(id);
    expect([row.status, row.current_node_ids]).toEqual([FlowStatus.reject, '']);
    const last = (await records(id)).at(-1)!;
    expect([last.node_id, last.handle_status, last.handler_id]).toEqual(['cb', HandleStatus.returned, 'system']);
    expect(last.opinion).toContain('HTTP 500');
    expect((await jobsOf(id, 'workflow.trigger')).map((j) => j.state)).toEqual(['dead']);
  });

  it('lets exactly one of two callbacks sent at once with the same token through', async () => {
    const { versionId } = await template(chain(startNode(), callbackNode('cb'), approverNode('a', users('manager'))));
    for (let round = 0; round < 3; round++) {
      const id = await launch(versionId);
      const token = await tokenOfCall();
      const answers = await Promise.all([
        answer(token, { data: { code: 'first' } }),
        answer(token, { data: { code: 'second' } }),
      ]);
      expect(answers.map((a) => a.code).sort()).toEqual([200, 404]);
      const winner = answers.find((a) => a.code === 200) === answers[0] ? 'first' : 'second';
      expect(JSON.parse((await instance(id)).form_data)).toEqual({ extCode: winner });
      const [step, ...again] = await nodesOf(id, 'cb');
      expect(again).toEqual([]);
      expect([step!.state, step!.callback_token_digest, step!.version]).toEqual(['completed', null, 1]);
      expect((await nodesOf(id, 'a')).map((n) => n.state)).toEqual(['active']);
      expect((await records(id)).filter((r) => r.node_id === 'cb')).toHaveLength(1);
      expect((await operators(id)).map((o) => o.node_id)).toEqual(['a']);
    }
  });

  it('refuses a malformed callback with 400 naming what is wrong, and keeps the token', async () => {
    const { versionId } = await template(chain(startNode(), callbackNode('cb'), approverNode('a', users('manager'))));
    const id = await launch(versionId);
    const token = await tokenOfCall();
    const before = await rowsOf(id);
    const long = await answer('x'.repeat(201), { data: { code: 'long' } });
    expect([long.status, long.code]).toEqual([400, 400]);
    expect(long.msg).toContain('token');
    const broken = await server.app.inject({
      method: 'POST',
      url: `${FLOW_CALLBACK_PATH}/${token}`,
      headers: { 'content-type': 'application/json' },
      payload: '{"data": ',
    });
    expect([broken.statusCode, broken.json().code]).toEqual([400, 400]);
    expect(await rowsOf(id)).toEqual(before);
    expect((await answer(token, { data: { code: 'fine' } })).code).toBe(200);
  });

  it('refuses an answer over 1 MB and keeps the token', async () => {
    const { versionId } = await template(chain(startNode(), callbackNode('cb'), approverNode('a', users('manager'))));
    const id = await launch(versionId);
    const token = await tokenOfCall();
    const before = await rowsOf(id);
    const huge = await answer(token, { data: { code: 'x'.repeat(1024 * 1024) } });
    expect(huge.status).toBe(413);
    expect(await rowsOf(id)).toEqual(before);
    expect((await answer(token, { data: { code: 'small' } })).code).toBe(200);
  });
});
