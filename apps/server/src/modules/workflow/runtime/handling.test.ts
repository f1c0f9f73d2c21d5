import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlowStatus, HandleStatus } from '@atrium/shared/workflow';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';
import {
  ENGINE,
  approverNode,
  branch,
  chain,
  conditionNode,
  copyNode,
  publishTemplate,
  signIn,
  startNode,
  when,
  workflowTestKit,
} from './test-fixtures.ts';

describe.each(dbTargets())('workflow handling on $name', (target) => {
  let server: TestServer;
  let tokens: Record<string, string>;
  let ids: Record<string, string>;
  let seq = 0;

  beforeAll(async () => {
    server = await createTestServer(target);
    ({ tokens, ids } = await signIn(server, ['admin', 'staff', 'manager', 'finance', 'hr', 'ceo', 'zhouya']));
  });
  afterAll(() => server.close());

  const { db, call, launch, instance, operators, records, pendingOf, nodesOf } = workflowTestKit(() => ({
    server,
    tokens,
    ids,
  }));
  const template = (tree: Parameters<typeof publishTemplate>[1]['tree'], flowType = 0) =>
    publishTemplate(db(), { code: `t${++seq}`, tree, flowType });

  /** The initiator's manager (node a), then finance (node b). */
  const managerThenFinance = () =>
    template(
      chain(
        startNode(),
        approverNode('a', { assigneeType: 1 }),
        approverNode('b', { assigneeType: 6, members: { users: [ids.finance!] } }),
      ),
    );

  it("S2-7-59 S2-4-28 starts with the initiator's manager and approves to the end: statuses and records", async () => {
    const { versionId } = await template(chain(startNode(), approverNode('mgr', { assigneeType: 1 })));
    const id = await launch(versionId, { reason: 'trip' });
    const row = await instance(id);
    expect(row.status).toBe(FlowStatus.wait);
    expect(row.current_node_ids).toBe('mgr');
    const op = await pendingOf(id, 'manager');
    const todo = await db()
      .selectFrom('message_receive')
      .innerJoin('message', 'message.id', 'message_receive.message_id')
      .select(['message.title', 'message.body_text'])
      .where('message_receive.user_id', '=', ids.manager!)
      .where('message.type', '=', 2)
      .execute();
    const mine = todo.find((m) => m.body_text.includes(op));
    expect(mine?.title).toContain('【待办】');
    expect(JSON.parse(mine!.body_text)).toMatchObject({ id, opType: 1, taskOperatorId: op });

    const answer = await call('POST', `/FlowBefore/Audit/${op}`, 'manager', { handleOpinion: 'ok' });
    expect(answer.code).toBe(200);
    const done = await instance(id);
    expect(done.status).toBe(FlowStatus.adopt);
    expect(done.completion).toBe(100);
    expect((await records(id)).map((r) => r.handle_status)).toEqual([HandleStatus.initiated, HandleStatus.approved]);
    expect((await operators(id)).map((o) => o.state)).toEqual(['done']);
  });

  it('S2-7-61 rejects back to the start (status 3), lists targets, and the initiator resubmits', async () => {
    const { versionId } = await template(
      chain(
        startNode(),
        approverNode('a', { assigneeType: 1 }),
        approverNode('b', { assigneeType: 6, members: { users: [] } }),
      ),
    );
    // b names finance by the user list; a is the manager.
    await db()
      .updateTable('flow_template_version')
      .set({
        node_tree: JSON.stringify(
          chain(
            startNode(),
            approverNode('a', { assigneeType: 1 }),
            approverNode('b', { assigneeType: 6, members: { users: [ids.finance!] } }),
          ),
        ),
      })
      .where('id', '=', versionId)
      .execute();
    const id = await launch(versionId);
    await call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'manager')}`, 'manager');
    const op = await pendingOf(id, 'finance');
    const targets = await call('GET', `/FlowBefore/RejectList/${op}`, 'finance');
    expect(targets.data.list.map((t: { nodeId: string }) => t.nodeId)).toEqual(['0', 'a']);

    // Back to node a: a re-enters with round 2, b is rejected.
    expect(
      (await call('POST', `/FlowBefore/Reject/${op}`, 'finance', { handleOpinion: 'no', rejectStep: 'a' })).code,
    ).toBe(200);
    const again = await pendingOf(id, 'manager');
    const nodes = await nodesOf(id, 'a');
    expect(nodes.map((n) => n.round).sort()).toEqual([1, 2]);
    expect(
      (await call('POST', `/FlowBefore/Reject/${again}`, 'manager', { handleOpinion: 'no', rejectStep: '0' })).code,
    ).toBe(200);
    const rejected = await instance(id);
    expect(rejected.status).toBe(FlowStatus.reject);
    expect((await operators(id)).some((o) => o.state === 'pending' || o.state === 'waiting')).toBe(false);

    const resubmit = await call('PUT', `/FlowTask/${id}`, 'staff', { flowId: versionId, formData: { x: 1 } });
    expect(resubmit.code).toBe(200);
    expect((await instance(id)).status).toBe(FlowStatus.wait);
    await pendingOf(id, 'manager');
    expect((await records(id)).map((r) => r.handle_status)).toEqual([
      HandleStatus.initiated,
      HandleStatus.approved,
      HandleStatus.returned,
      HandleStatus.returned,
      HandleStatus.initiated,
    ]);
  });

  it('S2-7-59 approves an any-node once when two handlers approve at the same moment', async () => {
    const { versionId } = await template(
      chain(
        startNode(),
        approverNode('any', { assigneeType: 6, members: { users: [ids.manager!, ids.finance!] }, counterSign: 0 }),
      ),
    );
    const id = await launch(versionId);
    const [a, b] = await Promise.all([
      call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'manager')}`, 'manager'),
      call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'finance')}`, 'finance'),
    ]);
    expect([a.code, b.code].sort()).toEqual([200, 400]);
    const approvals = (await records(id)).filter((r) => r.handle_status === HandleStatus.approved);
    expect(approvals).toHaveLength(1);
    expect((await instance(id)).status).toBe(FlowStatus.adopt);
    expect((await operators(id)).map((o) => o.state).sort()).toEqual(['done', 'void']);
  });

  it('completes an all-node exactly once when its last two approvals arrive together', async () => {
    const tree = chain(
      startNode(),
      approverNode('all', {
        assigneeType: 6,
        members: { users: [ids.manager!, ids.finance!, ids.hr!] },
        counterSign: 1,
      }),
      approverNode('next', { assigneeType: 6, members: { users: [ids.ceo!] } }),
    );
    const { versionId } = await template(tree);
    const id = await launch(versionId);
    await call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'hr')}`, 'hr');
    const [a, b] = await Promise.all([
      call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'manager')}`, 'manager'),
      call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'finance')}`, 'finance'),
    ]);
    expect([a.code, b.code]).toEqual([200, 200]);
    expect(await nodesOf(id, 'next')).toHaveLength(1);
    const all = (await nodesOf(id, 'all'))[0]!;
    expect([all.state, all.approved_count, all.total_count]).toEqual(['completed', 3, 3]);
    expect((await operators(id)).filter((o) => o.state === 'pending').map((o) => o.assignee_id)).toEqual([ids.ceo]);
  });

  it('hands a sequential node from one handler to the next', async () => {
    const { versionId } = await template(
      chain(
        startNode(),
        approverNode('seq', { assigneeType: 6, members: { users: [ids.manager!, ids.finance!] }, counterSign: 2 }),
      ),
    );
    const id = await launch(versionId);
    const before = await operators(id);
    expect(before.map((o) => [o.assignee_id, o.state])).toEqual([
      [ids.manager, 'pending'],
      [ids.finance, 'waiting'],
    ]);
    await call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'manager')}`, 'manager');
    await call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'finance')}`, 'finance');
    expect((await instance(id)).status).toBe(FlowStatus.adopt);
  });

  it('routes an exclusive condition on the form, and copies with a copy node', async () => {
    const tree = chain(
      startNode(),
      conditionNode('amount', [
        branch(
          'big',
          1,
          approverNode('fin', { assigneeType: 6, members: { users: [ids.finance!] } }),
          when('amount', '>', 1000),
        ),
        branch('small', 2, approverNode('hrn', { assigneeType: 6, members: { users: [ids.hr!] } }), undefined, true),
      ]),
      copyNode('cc', [ids.zhouya!]),
    );
    const { versionId } = await template(tree);
    const big = await launch(versionId, { amount: 5000 });
    const small = await launch(versionId, { amount: 10 });
    expect((await instance(big)).current_node_ids).toBe('fin');
    expect((await instance(small)).current_node_ids).toBe('hrn');
    await call('POST', `/FlowBefore/Audit/${await pendingOf(big, 'finance')}`, 'finance');
    expect((await instance(big)).status).toBe(FlowStatus.adopt);
    const copies = await db().selectFrom('flow_circulate').selectAll().where('instance_id', '=', big).execute();
    expect(copies.map((c) => [c.user_id, c.node_id, c.read_at])).toEqual([[ids.zhouya, 'cc', null]]);
    // The copy reader sees the detail and it marks the copy read; a stranger gets 404.
    const seen = await call('GET', `/FlowBefore/${big}`, 'zhouya');
    expect(seen.code).toBe(200);
    expect(seen.data.opType).toBe(3);
    expect(
      (
        await db()
          .selectFrom('flow_circulate')
          .select('read_at')
          .where('instance_id', '=', big)
          .executeTakeFirstOrThrow()
      ).read_at,
    ).not.toBeNull();
    const stranger = await call('GET', `/FlowBefore/${small}`, 'zhouya');
    expect(stranger.code).toBe(404);
  });

  it('S2-7-57 S2-7-58 S2-7-67 S2-3-43 answers the detail, the operator info and the records', async () => {
    const { versionId } = await template(
      chain(
        startNode({ formOperates: [] }),
        approverNode('mgr', {
          assigneeType: 1,
          formOperates: [
            { id: 'amount', read: true, write: true },
            { id: 'secret', read: false, write: false },
          ],
        }),
        approverNode('fin', { assigneeType: 6, members: { users: [ids.finance!] } }),
      ),
    );
    const id = await launch(versionId, { amount: 3, secret: 'x' });
    const op = await pendingOf(id, 'manager');
    const detail = await call('GET', `/FlowBefore/${id}?taskOperatorId=${op}`, 'manager');
    expect(detail.code).toBe(200);
    expect(detail.data.opType).toBe(1);
    expect(detail.data.noOperateAuth).toBe(false);
    expect(detail.data.formData).toEqual({ amount: 3 });
    expect(detail.data.flowTaskNodeList.map((n: { nodeId: string; type: string }) => `${n.nodeId}:${n.type}`)).toEqual([
      'start:past',
      'mgr:current',
      'fin:future',
      'end:future',
    ]);
    const info = await call('GET', `/FlowBefore/${op}/Info`, 'manager');
    expect(info.data.actionable).toBe(true);
    // Only the writable field is merged, whatever the client sends.
    await call('POST', `/FlowBefore/Audit/${op}`, 'manager', {
      handleOpinion: '同意',
      formData: { amount: 4, secret: 'changed' },
    });
    const form = JSON.parse((await instance(id)).form_data);
    expect(form).toEqual({ amount: 4, secret: 'x' });
    const list = await call('GET', `/FlowBefore/RecordList/${id}`, 'staff');
    expect(
      list.data.map((r: { nodeName: string; handleStatus: number; handleOpinion: string | null }) => [
        r.nodeName,
        r.handleStatus,
        r.handleOpinion,
      ]),
    ).toEqual([
      ['发起', 2, null],
      ['mgr', 1, '同意'],
    ]);
    expect(list.data[1].userName).toContain('王建国');
    expect(typeof list.data[1].handleTime).toBe('number');
    const after = await call('GET', `/FlowBefore/${op}/Info`, 'manager');
    expect(after.data.actionable).toBe(false);
  });

  it('S2-7-57 a handler reads the form through his own node whatever operator id he names; the initiator through the start', async () => {
    const { versionId } = await template(
      chain(
        startNode({
          formOperates: [
            { id: 'amount', read: true, write: true },
            { id: 'secret', read: true, write: true },
            { id: 'review', read: false, write: false },
          ],
        }),
        approverNode('mgr', {
          assigneeType: 1,
          formOperates: [
            { id: 'amount', read: true, write: false },
            { id: 'secret', read: false, write: false },
            { id: 'review', read: true, write: true },
          ],
        }),
        approverNode('fin', { assigneeType: 6, members: { users: [ids.finance!] } }),
      ),
    );
    const id = await launch(versionId, { amount: 3, secret: 'x' });
    await call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'manager')}`, 'manager', {
      formData: { review: 'ok' },
    });
    const finOp = await pendingOf(id, 'finance');
    // The manager names no operator, or finance's: he still reads as the manager's node, without the secret.
    for (const url of [`/FlowBefore/${id}`, `/FlowBefore/${id}?taskOperatorId=${finOp}`]) {
      const seen = await call('GET', url, 'manager');
      expect(seen.code, url).toBe(200);
      expect([seen.data.formData, seen.data.opType, seen.data.noOperateAuth], url).toEqual([
        { amount: 3, review: 'ok' },
        2,
        true,
      ]);
    }
    // Finance, whose node hides nothing, reads every field through his own to-do.
    const own = await call('GET', `/FlowBefore/${id}?taskOperatorId=${finOp}`, 'finance');
    expect([own.data.formData, own.data.opType]).toEqual([{ amount: 3, secret: 'x', review: 'ok' }, 1]);

    // Back at the start, the initiator reads his returned flow without the field the start hides.
    expect((await call('POST', `/FlowBefore/Reject/${finOp}`, 'finance', { rejectStep: '0' })).code).toBe(200);
    expect((await instance(id)).status).toBe(FlowStatus.reject);
    const returned = await call('GET', `/FlowTask/${id}`, 'staff');
    expect([returned.code, returned.data.formData]).toEqual([200, { amount: 3, secret: 'x' }]);
    expect(JSON.parse((await instance(id)).form_data)).toEqual({ amount: 3, secret: 'x', review: 'ok' });
  });

  it('answers 404 to a user who takes no part in an instance on every call naming it, its to-do or its record', async () => {
    const { versionId } = await managerThenFinance();
    const id = await launch(versionId);
    const op = await pendingOf(id, 'manager');
    const started = (await records(id))[0]!.id;
    const calls: [string, string, object?][] = [
      ['GET', `/FlowBefore/${id}`],
      ['GET', `/FlowBefore/${op}/Info`],
      ['GET', `/FlowBefore/RecordList/${id}`],
      ['GET', `/FlowBefore/RejectList/${op}`],
      ['POST', `/FlowBefore/Candidates/${op}`, {}],
      ['GET', `/FlowBefore/BatchCandidate?taskOperatorId=${op}`],
      ['POST', `/FlowBefore/CandidateUser/${op}`, { nodeCode: 'b', currentPage: 1, pageSize: 20 }],
      ['GET', `/FlowBefore/NodeSelector/${id}`],
      ['GET', `/FlowBefore/Selector/${id}`],
      ['POST', `/FlowBefore/Audit/${op}`, {}],
      ['POST', `/FlowBefore/SaveAudit/${op}`, { formData: { a: 1 } }],
      ['POST', `/FlowBefore/Reject/${op}`, { rejectStep: '0' }],
      ['POST', `/FlowBefore/Transfer/${op}`, { freeApproverUserId: ids.zhouya }],
      ['POST', `/FlowBefore/freeApprover/${op}`, { freeApproverUserId: ids.zhouya }],
      ['POST', `/FlowBefore/Recall/${started}`, {}],
      ['PUT', `/FlowLaunch/${id}/Actions/Withdraw`, {}],
      ['POST', `/FlowLaunch/Press/${id}`],
      ['DELETE', `/FlowLaunch/${id}`],
      ['GET', `/FlowTask/${id}`],
      ['PUT', `/FlowTask/${id}`, { flowId: versionId, formData: {} }],
    ];
    for (const [method, url, body] of calls) {
      const answer = await call(method, url, 'zhouya', body);
      expect([answer.code, answer.data], `${method} ${url}`).toEqual([404, undefined]);
    }
    const batch = await call('POST', '/FlowBefore/BatchOperation', 'zhouya', { ids: [op], batchType: 0 });
    expect(batch.data.map((r: { id: string; success: boolean }) => [r.id, r.success])).toEqual([[op, false]]);
    // Nothing moved; the handler and the initiator still read and act.
    expect((await operators(id)).map((o) => [o.assignee_id, o.state])).toEqual([[ids.manager, 'pending']]);
    expect((await call('GET', `/FlowBefore/${op}/Info`, 'manager')).data.actionable).toBe(true);
    expect((await call('GET', `/FlowBefore/RecordList/${id}`, 'staff')).code).toBe(200);
    expect((await call('POST', `/FlowBefore/Audit/${op}`, 'manager')).code).toBe(200);
    await pendingOf(id, 'finance');
  });

  it('S2-7-57 names the handlers of future nodes as far as they can be told, reading only', async () => {
    const names = Object.fromEntries(
      (await db().selectFrom('users').select(['id', 'real_name', 'account']).execute()).map((u) => [
        u.id,
        `${u.real_name}/${u.account}`,
      ]),
    );
    const interfaceRow = await db().selectFrom('data_interface').select('id').executeTakeFirstOrThrow();
    const { versionId } = await template(
      chain(
        startNode(),
        approverNode('a', { assigneeType: 6, members: { users: [ids.manager!] } }),
        approverNode('mgr', { assigneeType: 1 }),
        approverNode('picked', { assigneeType: 7, members: { users: [ids.hr!, ids.ceo!] } }),
        approverNode('unpicked', { assigneeType: 7, members: { users: [ids.hr!] } }),
        approverNode('remote', { assigneeType: 9, interfaceId: interfaceRow.id }),
        approverNode('nobody', {
          assigneeType: 6,
          members: { users: [] },
          emptyPolicy: 'users',
          emptyUsers: [ids.hr!],
        }),
        approverNode('self', { assigneeType: 3 }),
        approverNode('same', { assigneeType: 5, approverNodeId: 'a' }),
        approverNode('later', { assigneeType: 5, approverNodeId: 'mgr' }),
      ),
    );
    const id = await launch(versionId, {}, 'staff', { candidateList: { picked: [ids.ceo] } });
    const before = await instance(id);
    const logs = async () => (await db().selectFrom('data_interface_log').select('id').execute()).length;
    const logsBefore = await logs();
    const detail = await call('GET', `/FlowBefore/${id}`, 'staff');
    expect(detail.code).toBe(200);
    const future = (
      detail.data.flowTaskNodeList as {
        nodeId: string;
        type: string;
        userName: string;
        handlers: { userId: string; state: string }[];
      }[]
    )
      .filter((n) => n.type === 'future' && n.nodeId !== 'end')
      .map((n) => [n.nodeId, n.userName, n.handlers.map((h) => `${h.userId}:${h.state}`)]);
    expect(future).toEqual([
      ['mgr', names[ids.manager!], [`${ids.manager}:waiting`]],
      ['picked', names[ids.ceo!], [`${ids.ceo}:waiting`]],
      // Not chosen yet, asked of an interface only when reached, or named after a node not run yet: nobody shown.
      ['unpicked', '', []],
      ['remote', '', []],
      ['nobody', names[ids.hr!], [`${ids.hr}:waiting`]],
      ['self', names[ids.staff!], [`${ids.staff}:waiting`]],
      ['same', names[ids.manager!], [`${ids.manager}:waiting`]],
      ['later', '', []],
    ]);
    // Reading wrote nothing: the instance, its to-dos and the interface log are as they were.
    const after = await instance(id);
    expect([after.version, after.updated_at]).toEqual([before.version, before.updated_at]);
    expect((await operators(id)).map((o) => o.node_id)).toEqual(['a']);
    expect(await logs()).toBe(logsBefore);
  });

  it('S2-7-64 S2-7-62 S2-7-73 transfers, recalls and withdraws', async () => {
    const tree = chain(
      startNode({ recallRule: 'all' }),
      approverNode('a', { assigneeType: 1 }),
      approverNode('b', { assigneeType: 6, members: { users: [ids.finance!] } }),
    );
    const { versionId } = await template(tree);
    const id = await launch(versionId);
    const op = await pendingOf(id, 'manager');
    expect((await call('POST', `/FlowBefore/Transfer/${op}`, 'manager', { freeApproverUserId: ids.hr })).code).toBe(
      200,
    );
    const moved = (await operators(id)).find((o) => o.id === op)!;
    expect([moved.assignee_id, moved.original_assignee_id, moved.state]).toEqual([ids.hr, ids.manager, 'pending']);
    // The former handler may still read, but no longer act.
    expect((await call('POST', `/FlowBefore/Audit/${op}`, 'manager')).code).toBe(403);
    expect((await call('POST', `/FlowBefore/Audit/${op}`, 'hr')).code).toBe(200);
    const approval = (await records(id)).find((r) => r.handle_status === HandleStatus.approved)!;
    expect((await call('POST', `/FlowBefore/Recall/${approval.id}`, 'hr')).code).toBe(200);
    expect((await instance(id)).current_node_ids).toBe('a');
    expect((await operators(id)).find((o) => o.node_id === 'b' && o.state !== 'void')).toBeUndefined();
    expect((await records(id)).map((r) => r.handle_status)).toContain(HandleStatus.withdrawn);
    // Withdraw while a is pending again is refused after nobody... a has acted before: only active nodes count with rule all.
    const withdrawn = await call('PUT', `/FlowLaunch/${id}/Actions/Withdraw`, 'staff');
    expect(withdrawn.code).toBe(200);
    expect((await instance(id)).status).toBe(FlowStatus.revoke);
    expect((await operators(id)).some((o) => o.state === 'pending')).toBe(false);
  });

  it('S2-7-73 refuses a withdraw once an approver acted (rule: start)', async () => {
    const { versionId } = await managerThenFinance();
    const id = await launch(versionId);
    await call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'manager')}`, 'manager');
    const res = await call('PUT', `/FlowLaunch/${id}/Actions/Withdraw`, 'staff');
    expect(res.code).toBe(400);
    expect((await instance(id)).status).toBe(FlowStatus.wait);
  });

  it('S2-7-63 cancels for the monitor only, never a function flow', async () => {
    const { versionId } = await template(chain(startNode(), approverNode('a', { assigneeType: 1 })));
    const id = await launch(versionId);
    expect((await call('POST', `/FlowBefore/Cancel/${id}`, 'staff')).code).toBe(403);
    expect((await call('POST', `/FlowBefore/Cancel/${id}`, 'admin', { handleOpinion: 'stop' })).code).toBe(200);
    expect((await instance(id)).status).toBe(FlowStatus.cancel);
    expect((await records(id)).at(-1)!.handle_status).toBe(HandleStatus.terminated);
    const fn = await template(chain(startNode(), approverNode('a', { assigneeType: 1 })), 1);
    const other = await launch(fn.versionId);
    expect((await call('POST', `/FlowBefore/Cancel/${other}`, 'admin')).code).toBe(400);
  });

  it('answers a replayed request id with the first answer and writes one record', async () => {
    const { versionId } = await template(chain(startNode(), approverNode('a', { assigneeType: 1 })));
    const id = await launch(versionId);
    const op = await pendingOf(id, 'manager');
    const first = await call('POST', `/FlowBefore/Audit/${op}`, 'manager', { requestId: 'req-1' });
    const second = await call('POST', `/FlowBefore/Audit/${op}`, 'manager', { requestId: 'req-1' });
    expect([first.code, second.code]).toEqual([200, 200]);
    expect((await records(id)).filter((r) => r.handle_status === HandleStatus.approved)).toHaveLength(1);
    const started = await server.call('POST', `${ENGINE}/FlowTask`, {
      token: tokens.staff,
      body: { flowId: versionId, formData: {} },
      headers: { 'x-request-id': 'launch-1' },
    });
    const again = await server.call('POST', `${ENGINE}/FlowTask`, {
      token: tokens.staff,
      body: { flowId: versionId, formData: {} },
      headers: { 'x-request-id': 'launch-1' },
    });
    expect(again.json().data.id).toBe(started.json().data.id);
  });
});
