/**
 * Data interfaces called by flows (docs/workflow.md): approver nodes whose handlers an interface
 * answers (assignee type 9), run inside the command's transaction, and trigger nodes whose call is
 * a job of the step, asynchronous or waited for, retried, with the answer mapped into the form.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlowStatus, HandleStatus, type FlowNode, type TriggerProperties } from '@atrium/shared/workflow';
import type { JobQueue } from '../../../core/jobs/index.ts';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';
import {
  approverNode,
  chain,
  keepSessions,
  publishTemplate,
  type ReceivedCall,
  signIn,
  startNode,
  startOutsideApi,
  workflowJobRunner,
  workflowTestKit,
} from './test-fixtures.ts';

describe.each(dbTargets())('flow data interfaces on $name', (target) => {
  let server: TestServer;
  let jobs: JobQueue;
  let outside: Awaited<ReturnType<typeof startOutsideApi>>;
  let apiBase: string;
  let received: ReceivedCall[];
  let tokens: Record<string, string>;
  let ids: Record<string, string>;
  let seq = 0;

  beforeAll(async () => {
    server = await createTestServer(target);
    jobs = workflowJobRunner(server);
    ({ tokens, ids } = await signIn(server, ['admin', 'staff', 'manager', 'finance', 'hr', 'ceo']));
    await keepSessions(server);
    // `/ok` answers `{ data: { code } }` from the request.
    outside = await startOutsideApi(server, (body) => ({ data: { code: `X-${String(body.amount)}` } }));
    ({ base: apiBase, received } = outside);
  });
  afterAll(async () => {
    outside.close();
    await server.close();
  });

  const { db, call, launch, createInterface, instance, operators, records, nodeStates } = workflowTestKit(() => ({
    server,
    tokens,
    ids,
  }));
  const template = (tree: FlowNode) => publishTemplate(db(), { code: `di${++seq}`, tree });
  const callLog = (interfaceId: string) =>
    db()
      .selectFrom('data_interface_log')
      .selectAll()
      .where('interface_id', '=', interfaceId)
      .orderBy('invoked_at')
      .orderBy('id')
      .execute();
  const triggerJobs = async (instanceId: string) =>
    (await db().selectFrom('job').selectAll().where('kind', '=', 'workflow.trigger').execute()).filter(
      (j) => (JSON.parse(j.payload) as { instanceId: string }).instanceId === instanceId,
    );
  const trigger = (nodeId: string, properties: TriggerProperties): FlowNode => ({
    nodeId,
    type: 'trigger',
    name: nodeId,
    properties,
    childNode: null,
  });
  const approveAs = async (id: string, account: string) => {
    const op = (await operators(id)).find((o) => o.assignee_id === ids[account] && o.state === 'pending');
    expect(op, `${account} has a pending task`).toBeDefined();
    const answer = await call('POST', `/FlowBefore/Audit/${op!.id}`, account, { handleOpinion: 'ok' });
    expect(answer.code, answer.msg).toBe(200);
  };

  it('takes the handlers of a node from a static JSON interface: ids and rows, enabled users only, with a call log', async () => {
    const ghost = await server.addBareUser('flowghost');
    await db().updateTable('users').set({ enabled: 0 }).where('id', '=', ghost).execute();
    const interfaceId = await createInterface({
      dataType: 2,
      query: JSON.stringify([{ id: ids.finance }, { userId: ids.hr }, ids.ceo, { id: ghost }, { id: 'nobody' }]),
    });
    const { versionId } = await template(
      chain(startNode(), approverNode('di', { assigneeType: 9, interfaceId, counterSign: 1 })),
    );
    const id = await launch(versionId);
    const ops = await operators(id);
    expect(ops.map((o) => [o.assignee_id, o.state, o.source])).toEqual([
      [ids.finance, 'pending', 'rule'],
      [ids.hr, 'pending', 'rule'],
      [ids.ceo, 'pending', 'rule'],
    ]);
    const log = await callLog(interfaceId);
    expect(log.map((l) => [l.action, l.ok, l.user_id, l.device])).toEqual([['flowAssignee', 1, ids.staff, 'workflow']]);
  });

  it("runs an SQL interface inside the command's transaction with form fields and flow variables as parameters", async () => {
    const byAccount = await createInterface({
      dataType: 1,
      query: 'select id from users where account = {account}',
      requestParameters: [{ field: 'account', dataType: 'varchar', required: 1 }],
    });
    const manager = await createInterface({
      dataType: 1,
      query: 'select manager_id as "userId" from users where id = {initiatorId}',
      requestParameters: [{ field: 'initiatorId', dataType: 'varchar', required: 1 }],
    });
    const { versionId } = await template(
      chain(
        startNode(),
        approverNode('a', {
          assigneeType: 9,
          interfaceId: byAccount,
          interfaceParams: [{ field: 'account', source: 'form', value: 'approver' }],
        }),
        approverNode('b', { assigneeType: 9, interfaceId: manager }),
      ),
    );
    // A form field named like a flow variable does not stand in for it.
    const id = await launch(versionId, { approver: 'finance', initiatorId: ids.ceo });
    expect((await operators(id)).map((o) => [o.node_id, o.assignee_id, o.state])).toEqual([
      ['a', ids.finance, 'pending'],
    ]);
    // The approval's command runs the next node's interface, again inside its transaction.
    await approveAs(id, 'finance');
    const ops = await operators(id);
    expect(ops.map((o) => [o.node_id, o.assignee_id, o.state])).toEqual([
      ['a', ids.finance, 'done'],
      ['b', ids.manager, 'pending'],
    ]);
    expect((await callLog(manager)).map((l) => [l.ok, l.user_id])).toEqual([[1, ids.staff]]);
    await approveAs(id, 'manager');
    expect((await instance(id)).status).toBe(FlowStatus.adopt);
  });

  it('lets the empty policy decide when the interface fails or is disabled, and logs the failure', async () => {
    const failing = await createInterface({
      dataType: 1,
      query: 'select id from users where account = {code}',
      requestParameters: [{ field: 'code', dataType: 'varchar', required: 1 }],
    });
    const disabled = await createInterface({ dataType: 2, query: JSON.stringify([ids.ceo]), enabledMark: 0 });
    const { versionId } = await template(
      chain(
        startNode(),
        approverNode('c', {
          assigneeType: 9,
          interfaceId: failing,
          emptyPolicy: 'users',
          emptyUsers: [ids.hr!],
        }),
        approverNode('d', { assigneeType: 9, interfaceId: disabled, emptyPolicy: 'autoApprove' }),
      ),
    );
    const id = await launch(versionId);
    expect((await operators(id)).map((o) => [o.node_id, o.assignee_id, o.source])).toEqual([
      ['c', ids.hr, 'emptyPolicy'],
    ]);
    const failed = await callLog(failing);
    expect(failed.map((l) => [l.action, l.ok])).toEqual([['flowAssignee', 0]]);
    expect(failed[0]!.error).toContain('code');
    await approveAs(id, 'hr');
    const done = await instance(id);
    expect(done.status).toBe(FlowStatus.adopt);
    expect((await records(id)).map((r) => [r.node_id, r.handle_status])).toEqual([
      ['start', HandleStatus.initiated],
      ['c', HandleStatus.approved],
      ['d', HandleStatus.autoApproved],
    ]);
    const off = await callLog(disabled);
    expect(off.map((l) => l.ok)).toEqual([0]);
    expect(off[0]!.error).toBeTruthy();
  });

  it('queues an async trigger with the step: the flow goes on, the job posts the mapped values, a failing call is retried until dead', async () => {
    const post = await createInterface({
      dataType: 3,
      requestMethod: 'POST',
      query: `${apiBase}/ok`,
      requestParameters: [
        { field: 'amount', dataType: 'decimal' },
        { field: 'initiatorId', dataType: 'varchar' },
        { field: 'note', dataType: 'varchar' },
      ],
    });
    const { versionId } = await template(
      chain(
        startNode(),
        trigger('t', {
          interfaceId: post,
          interfaceParams: [{ field: 'note', source: 'literal', value: 'hello' }],
          setFields: [{ field: 'stage', value: 'sent' }],
        }),
        approverNode('a', { assigneeType: 1 }),
      ),
    );
    const before = received.length;
    const id = await launch(versionId, { amount: 12, secret: 'not sent' });
    const row = await instance(id);
    expect(row.current_node_ids).toBe('a');
    expect(JSON.parse(row.form_data)).toMatchObject({ stage: 'sent' });
    const [queued] = await triggerJobs(id);
    expect(queued?.state).toBe('pending');
    expect(received.length).toBe(before);

    await jobs.runDue();
    expect(received.slice(before)).toEqual([
      { method: 'POST', url: '/ok', body: { amount: 12, initiatorId: ids.staff, note: 'hello' } },
    ]);
    expect((await triggerJobs(id)).map((j) => j.state)).toEqual(['done']);
    expect((await callLog(post)).map((l) => [l.action, l.ok, l.user_id])).toEqual([['flowTrigger', 1, ids.staff]]);

    const broken = await createInterface({ dataType: 3, requestMethod: 'POST', query: `${apiBase}/fail` });
    const retried = await template(
      chain(startNode(), trigger('t', { interfaceId: broken, maxAttempts: 2 }), approverNode('a', { assigneeType: 1 })),
    );
    const second = await launch(retried.versionId);
    await jobs.runDue();
    const [first] = await triggerJobs(second);
    expect([first?.state, first?.attempts, first?.max_attempts]).toEqual(['pending', 1, 2]);
    expect(first?.last_error).toContain('HTTP 500');
    server.clock.advance(11_000);
    await jobs.runDue();
    expect((await triggerJobs(second)).map((j) => [j.state, j.attempts])).toEqual([['dead', 2]]);
    expect((await callLog(broken)).map((l) => l.ok)).toEqual([0, 0]);
    // The flow went on with the step and is not touched by the dead call.
    const still = await instance(second);
    expect([still.status, still.current_node_ids]).toEqual([FlowStatus.wait, 'a']);
  });

  it('holds the flow at a waiting trigger until its interface answers, maps the answer into the form, then goes on', async () => {
    const account = await createInterface({
      dataType: 1,
      query: 'select account, real_name as "realName" from users where id = {initiatorId}',
      requestParameters: [{ field: 'initiatorId', dataType: 'varchar' }],
    });
    const remote = await createInterface({
      dataType: 3,
      requestMethod: 'POST',
      query: `${apiBase}/ok`,
      requestParameters: [{ field: 'amount', dataType: 'decimal' }],
    });
    const { versionId } = await template(
      chain(
        startNode(),
        trigger('w1', { interfaceId: account, mode: 'wait', responseMap: [{ from: '0.account', to: 'who' }] }),
        trigger('w2', { interfaceId: remote, mode: 'wait', responseMap: [{ from: 'data.code', to: 'extCode' }] }),
        approverNode('a', { assigneeType: 1 }),
      ),
    );
    const id = await launch(versionId, { amount: 7 });
    expect((await instance(id)).current_node_ids).toBe('w1');
    expect(await operators(id)).toEqual([]);
    // One run of the runner: w1's answer moves the flow to w2, whose job runs in the same turn.
    await jobs.runDue();
    const row = await instance(id);
    expect(JSON.parse(row.form_data)).toEqual({ amount: 7, who: 'staff', extCode: 'X-7' });
    expect(row.current_node_ids).toBe('a');
    expect(await nodeStates(id)).toEqual(['start:completed', 'w1:completed', 'w2:completed', 'a:active']);
    expect((await operators(id)).map((o) => [o.assignee_id, o.state])).toEqual([[ids.manager, 'pending']]);
    // A job run again finds the node done and changes nothing.
    const again = await triggerJobs(id);
    expect(again.map((j) => j.state)).toEqual(['done', 'done']);
  });

  it('rejects the flow after the last failed call of a waiting trigger, goes on with onFailure continue, and calls nothing for a withdrawn step', async () => {
    const broken = await createInterface({ dataType: 3, requestMethod: 'POST', query: `${apiBase}/fail` });
    const rejecting = await template(
      chain(
        startNode(),
        trigger('w', { interfaceId: broken, mode: 'wait', maxAttempts: 1 }),
        approverNode('a', { assigneeType: 1 }),
      ),
    );
    const id = await launch(rejecting.versionId);
    await jobs.runDue();
    const row = await instance(id);
    expect([row.status, row.current_node_ids]).toEqual([FlowStatus.reject, '']);
    const last = (await records(id)).at(-1)!;
    expect([last.node_id, last.handle_status, last.handler_id, last.source]).toEqual([
      'w',
      HandleStatus.returned,
      'system',
      'system-rule',
    ]);
    expect(last.opinion).toContain('HTTP 500');
    expect((await triggerJobs(id)).map((j) => j.state)).toEqual(['dead']);

    const continuing = await template(
      chain(
        startNode(),
        trigger('w', { interfaceId: broken, mode: 'wait', maxAttempts: 1, onFailure: 'continue' }),
        approverNode('a', { assigneeType: 1 }),
      ),
    );
    const goesOn = await launch(continuing.versionId);
    await jobs.runDue();
    expect((await instance(goesOn)).current_node_ids).toBe('a');

    const ok = await createInterface({ dataType: 3, requestMethod: 'POST', query: `${apiBase}/ok` });
    const withdrawn = await template(
      chain(startNode(), trigger('w', { interfaceId: ok, mode: 'wait' }), approverNode('a', { assigneeType: 1 })),
    );
    const taken = await launch(withdrawn.versionId);
    expect((await call('PUT', `/FlowLaunch/${taken}/Actions/Withdraw`, 'staff')).code).toBe(200);
    const before = received.length;
    await jobs.runDue();
    expect(received.length).toBe(before);
    expect(await callLog(ok)).toEqual([]);
    expect((await triggerJobs(taken)).map((j) => j.state)).toEqual(['done']);
    expect((await instance(taken)).status).toBe(FlowStatus.revoke);
  });

  it('calls nothing for a waiting trigger while its flow is suspended, and calls it again once restored', async () => {
    const remote = await createInterface({
      dataType: 3,
      requestMethod: 'POST',
      query: `${apiBase}/ok`,
      requestParameters: [{ field: 'amount', dataType: 'decimal' }],
    });
    const { versionId } = await template(
      chain(
        startNode(),
        trigger('w', { interfaceId: remote, mode: 'wait', responseMap: [{ from: 'data.code', to: 'extCode' }] }),
        approverNode('a', { assigneeType: 1 }),
      ),
    );
    const id = await launch(versionId, { amount: 3 });
    expect((await call('PUT', `/FlowMonitor/${id}/Actions/Suspend`, 'admin')).code).toBe(200);
    const before = received.length;
    await jobs.runDue();
    expect(received.length).toBe(before);
    expect((await instance(id)).current_node_ids).toBe('w');
    expect((await call('PUT', `/FlowMonitor/${id}/Actions/Restore`, 'admin')).code).toBe(200);
    await jobs.runDue();
    expect(received.slice(before).map((r) => r.body)).toEqual([{ amount: 3 }]);
    const row = await instance(id);
    expect([row.status, row.current_node_ids, JSON.parse(row.form_data).extCode]).toEqual([
      FlowStatus.wait,
      'a',
      'X-3',
    ]);
    expect((await triggerJobs(id)).map((j) => j.state)).toEqual(['done', 'done']);
  });
});
