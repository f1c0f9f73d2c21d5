import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlowStatus, HandleStatus, type FlowNode } from '@atrium/shared/workflow';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';
import { createLocalPushHub } from '../../../core/push.ts';
import { runWorkflowJob, type WorkflowJobKind } from './jobs.ts';
import {
  approverNode,
  branch,
  chain,
  conditionNode,
  parallelNode,
  publishTemplate,
  signIn,
  startNode,
  workflowTestKit,
} from './test-fixtures.ts';

describe.each(dbTargets())('workflow actions on $name', (target) => {
  let server: TestServer;
  let tokens: Record<string, string>;
  let ids: Record<string, string>;
  let seq = 0;

  beforeAll(async () => {
    server = await createTestServer(target);
    ({ tokens, ids } = await signIn(server, ['admin', 'staff', 'manager', 'finance', 'hr', 'ceo', 'zhouya']));
  });
  afterAll(() => server.close());

  const { db, call, launch, users, instance, operators, records, pendingOf, nodesOf, jobsOf } = workflowTestKit(() => ({
    server,
    tokens,
    ids,
  }));
  const template = (tree: FlowNode) => publishTemplate(db(), { code: `a${++seq}`, tree });
  /** The runtime's services for running a job by hand: the jobs it enqueues in turn are dropped. */
  const jobServices = () =>
    ({
      db: db(),
      push: createLocalPushHub(),
      now: () => server.clock.now,
      jobs: { enqueue: async () => ({ id: '', created: true }) },
    }) as never;

  it('S2-7-70 adds signers before (the operator acts after them) and after (the node waits for them)', async () => {
    const { versionId } = await template(
      chain(startNode(), approverNode('a', users('manager')), approverNode('b', users('ceo'))),
    );
    const id = await launch(versionId);
    const op = await pendingOf(id, 'manager');
    expect(
      (
        await call('POST', `/FlowBefore/freeApprover/${op}`, 'manager', {
          freeApproverUserId: ids.hr,
          freeApproverType: 1,
        })
      ).code,
    ).toBe(200);
    expect((await operators(id)).find((o) => o.id === op)!.state).toBe('waiting');
    await call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'hr')}`, 'hr');
    expect(await pendingOf(id, 'manager')).toBe(op);
    // After: manager's approval waits for finance.
    expect(
      (
        await call('POST', `/FlowBefore/freeApprover/${op}`, 'manager', {
          freeApproverUserId: ids.finance,
          freeApproverType: 2,
        })
      ).code,
    ).toBe(200);
    expect((await instance(id)).current_node_ids).toBe('a');
    await call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'finance')}`, 'finance');
    expect((await instance(id)).current_node_ids).toBe('b');
    expect((await records(id)).filter((r) => r.handle_status === HandleStatus.countersignAdded)).toHaveLength(2);
  });

  it('S2-4-32 S2-7-65 S2-7-66 assigns a current node and changes or revives a flow (monitor)', async () => {
    const { versionId } = await template(
      chain(startNode(), approverNode('a', users('manager')), approverNode('b', users('finance'))),
    );
    const id = await launch(versionId);
    const selector = await call('GET', `/FlowBefore/Selector/${id}`, 'admin');
    expect(selector.data.map((n: { nodeId: string }) => n.nodeId)).toEqual(['a']);
    expect(
      (await call('POST', `/FlowBefore/Assign/${id}`, 'staff', { nodeCode: 'a', freeApproverUserId: ids.hr })).code,
    ).toBe(403);
    expect(
      (await call('POST', `/FlowBefore/Assign/${id}`, 'admin', { nodeCode: 'a', freeApproverUserId: ids.hr })).code,
    ).toBe(200);
    expect((await operators(id)).map((o) => [o.assignee_id, o.state])).toEqual([
      [ids.manager, 'void'],
      [ids.hr, 'pending'],
    ]);
    const nodes = await call('GET', `/FlowBefore/NodeSelector/${id}`, 'admin');
    expect(nodes.data.map((n: { nodeId: string }) => n.nodeId)).toEqual(['a', 'b']);
    expect(
      (await call('POST', '/FlowBefore/Change', 'admin', { taskId: id, nodeCode: 'b', resurgence: false })).code,
    ).toBe(200);
    expect((await instance(id)).current_node_ids).toBe('b');
    await call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'finance')}`, 'finance');
    expect((await instance(id)).status).toBe(FlowStatus.adopt);
    expect(
      (await call('POST', '/FlowBefore/Change', 'admin', { taskId: id, nodeCode: 'a', resurgence: true })).code,
    ).toBe(200);
    const revived = await instance(id);
    expect([revived.status, revived.current_node_ids]).toEqual([FlowStatus.wait, 'a']);
    const statuses = (await records(id)).map((r) => r.handle_status);
    expect(statuses).toEqual(
      expect.arrayContaining([HandleStatus.assigned, HandleStatus.changed, HandleStatus.revived]),
    );
  });

  it('suspends and restores: no pending operator while suspended', async () => {
    const { versionId } = await template(chain(startNode(), approverNode('a', users('manager'))));
    const id = await launch(versionId);
    const op = await pendingOf(id, 'manager');
    expect((await call('PUT', `/FlowMonitor/${id}/Actions/Suspend`, 'admin')).code).toBe(200);
    expect((await instance(id)).status).toBe(FlowStatus.suspended);
    expect((await operators(id)).some((o) => o.state === 'pending')).toBe(false);
    expect((await call('POST', `/FlowBefore/Audit/${op}`, 'manager')).code).toBe(400);
    expect((await call('PUT', `/FlowMonitor/${id}/Actions/Restore`, 'admin')).code).toBe(200);
    expect((await call('POST', `/FlowBefore/Audit/${op}`, 'manager')).code).toBe(200);
  });

  it('keeps an approval’s attachments at their plain path and gives each reader a fresh link', async () => {
    const { versionId } = await template(chain(startNode(), approverNode('a', users('manager'))));
    const id = await launch(versionId);
    const fileId = `${'1'.repeat(26)}${'b'.repeat(16)}.pdf`;
    const sent = { name: '发票.pdf', fileId, url: `/api/file/Annex/${fileId}?ticket=expired-one` };
    const approved = await call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'manager')}`, 'manager', {
      handleOpinion: '同意',
      fileList: [sent, 'not an attachment'],
    });
    expect(approved.code, approved.msg).toBe(200);
    const stored = (await records(id)).find((r) => r.handler_id === ids.manager)!;
    expect(JSON.parse(stored.file_list)).toEqual([{ name: '发票.pdf', fileId, url: `/api/file/Annex/${fileId}` }]);
    for (const path of [`/FlowBefore/${id}`, `/FlowBefore/RecordList/${id}`]) {
      const answer = await call('GET', path, 'staff');
      const list = path.includes('RecordList') ? answer.data : answer.data.flowTaskOperatorRecordList;
      const url = list.find((r: { handleId: string }) => r.handleId === ids.manager).fileList[0].url as string;
      expect(url).toMatch(new RegExp(`^/api/file/Annex/${fileId}\\?fullName=.+&ticket=[^&]+$`));
    }
  });

  it('S2-7-74 S2-7-72 urges at most once in ten minutes and deletes only drafts and ended flows', async () => {
    const { versionId } = await template(chain(startNode(), approverNode('a', users('manager'))));
    const id = await launch(versionId);
    expect((await call('POST', `/FlowLaunch/Press/${id}`, 'staff')).code).toBe(200);
    const again = await call('POST', `/FlowLaunch/Press/${id}`, 'staff');
    expect(again.code).toBe(400);
    expect(again.msg).toContain('催办');
    const urged = await db()
      .selectFrom('message_receive')
      .innerJoin('message', 'message.id', 'message_receive.message_id')
      .select('message.title')
      .where('message_receive.user_id', '=', ids.manager!)
      .where('message.title', 'like', '【催办】%')
      .execute();
    expect(urged.length).toBeGreaterThanOrEqual(1);
    server.clock.advance(11 * 60_000);
    expect((await call('POST', `/FlowLaunch/Press/${id}`, 'staff')).code).toBe(200);

    expect((await call('DELETE', `/FlowLaunch/${id}`, 'staff')).code).toBe(400);
    const draft = await call('POST', '/FlowTask', 'staff', { flowId: versionId, formData: { a: 1 }, status: 1 });
    expect((await instance(draft.data.id)).status).toBe(FlowStatus.draft);
    const read = await call('GET', `/FlowTask/${draft.data.id}`, 'staff');
    expect(read.data.formData).toEqual({ a: 1 });
    expect((await call('GET', `/FlowTask/${draft.data.id}`, 'manager')).code).toBe(404);
    expect((await call('DELETE', `/FlowLaunch/${draft.data.id}`, 'staff')).code).toBe(200);
    expect(await server.exists('flow_instance', draft.data.id)).toBe(false);
  });

  it('keeps the initiator’s calls his and each task its handler’s: another handler of the flow is refused, nothing changes', async () => {
    const { versionId } = await template(
      chain(startNode({ recallRule: 'all' }), approverNode('a', users('manager')), approverNode('b', users('finance'))),
    );
    const id = await launch(versionId, { amount: 1 });
    await call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'manager')}`, 'manager');
    const approval = (await records(id)).find((r) => r.handle_status === HandleStatus.approved)!;
    const finOp = await pendingOf(id, 'finance');
    const notFound = { code: 404, msg: '流程不存在或无权查看' };
    const answer = async (method: string, url: string, account: string, body?: object) => {
      const { code, msg } = await call(method, url, account, body);
      return { code, msg };
    };

    // The manager reads the flow but owns neither it nor finance's task.
    expect(await answer('POST', `/FlowLaunch/Press/${id}`, 'manager')).toEqual(notFound);
    expect(await answer('GET', `/FlowTask/${id}`, 'manager')).toEqual(notFound);
    expect(await answer('PUT', `/FlowTask/${id}`, 'manager', { flowId: versionId, formData: { amount: 9 } })).toEqual(
      notFound,
    );
    expect((await answer('PUT', `/FlowLaunch/${id}/Actions/Withdraw`, 'manager')).code).toBe(400);
    expect(await answer('POST', `/FlowBefore/SaveAudit/${finOp}`, 'manager', { formData: { amount: 9 } })).toEqual({
      code: 403,
      msg: '这不是您的待办',
    });
    // Finance may not take back the manager's approval.
    expect(await answer('POST', `/FlowBefore/Recall/${approval.id}`, 'finance')).toEqual(notFound);
    const row = await instance(id);
    expect([row.status, row.current_node_ids, JSON.parse(row.form_data)]).toEqual([
      FlowStatus.wait,
      'b',
      { amount: 1 },
    ]);
    expect((await records(id)).find((r) => r.id === approval.id)!.recalled).toBe(0);
    expect((await operators(id)).find((o) => o.id === finOp)!.draft_data).toBeNull();

    // The owners still may.
    expect((await call('POST', `/FlowLaunch/Press/${id}`, 'staff')).code).toBe(200);
    expect((await call('GET', `/FlowTask/${id}`, 'staff')).data.formData).toEqual({ amount: 1 });
    expect((await call('POST', `/FlowBefore/SaveAudit/${finOp}`, 'finance', { formData: { amount: 2 } })).code).toBe(
      200,
    );
    expect((await call('POST', `/FlowBefore/Audit/${finOp}`, 'finance')).code).toBe(200);
    expect((await instance(id)).status).toBe(FlowStatus.adopt);
    // Ended: only the initiator deletes it.
    expect((await answer('DELETE', `/FlowLaunch/${id}`, 'manager')).code).toBe(400);
    expect(await server.exists('flow_instance', id)).toBe(true);
    expect((await call('DELETE', `/FlowLaunch/${id}`, 'staff')).code).toBe(200);
    expect(await server.exists('flow_instance', id)).toBe(false);
  });

  it('S2-7-69 S2-7-68 runs a batch with one result per id and previews candidates', async () => {
    const tree = chain(
      startNode(),
      approverNode('a', users('manager')),
      approverNode('pick', { assigneeType: 7, members: { users: [ids.finance!, ids.hr!] } }),
    );
    const { versionId } = await template(tree);
    const first = await launch(versionId, {}, 'staff', { candidateList: { pick: [ids.finance] } });
    const second = await launch(versionId, {}, 'staff', { candidateList: { pick: [ids.hr] } });
    const outside = await call('POST', '/FlowTask', 'staff', {
      flowId: versionId,
      formData: {},
      candidateList: { pick: [ids.ceo] },
    });
    expect(outside.code).toBe(400);
    const op1 = await pendingOf(first, 'manager');
    const candidates = await call('POST', `/FlowBefore/Candidates/${op1}`, 'manager', {});
    expect(candidates.data).toEqual({
      type: 2,
      list: [{ nodeId: 'pick', nodeName: 'pick', isBranchFlow: false, isCandidates: true, hasCandidates: true }],
      countersignOver: true,
    });
    const forLaunch = await call('POST', `/FlowBefore/Candidates/${versionId}`, 'staff', { formData: {} });
    expect(forLaunch.data.type).toBe(3);
    const pool = await call('POST', `/FlowBefore/CandidateUser/${op1}`, 'manager', {
      nodeCode: 'pick',
      currentPage: 1,
      pageSize: 20,
      keyword: '',
    });
    expect(pool.data.list.map((u: { id: string }) => u.id).sort()).toEqual([ids.finance, ids.hr].sort());
    const op2 = await pendingOf(second, 'manager');
    const batch = await call('POST', '/FlowBefore/BatchOperation', 'manager', {
      ids: [op1, op2, 'missing'],
      batchType: 0,
      handleOpinion: 'ok',
    });
    expect(batch.data.map((r: { id: string; success: boolean }) => [r.id, r.success])).toEqual([
      [op1, true],
      [op2, true],
      ['missing', false],
    ]);
    await pendingOf(first, 'finance');
    await pendingOf(second, 'hr');
  });

  it('joins a parallel group once when its last branches finish together', async () => {
    const tree = chain(
      startNode(),
      parallelNode('par', [
        branch('p1', 1, approverNode('x', users('finance'))),
        branch('p2', 2, approverNode('y', users('hr'))),
      ]),
      approverNode('after', users('ceo')),
    );
    const { versionId } = await template(tree);
    const id = await launch(versionId);
    expect((await instance(id)).current_node_ids.split(',').sort()).toEqual(['x', 'y']);
    const [a, b] = await Promise.all([
      call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'finance')}`, 'finance'),
      call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'hr')}`, 'hr'),
    ]);
    expect([a.code, b.code]).toEqual([200, 200]);
    expect(await nodesOf(id, 'after')).toHaveLength(1);
    const group = (await nodesOf(id, 'par'))[0]!;
    expect(group.state).toBe('completed');
  });

  it('races an approval against a recall and against a withdraw: one wins, state stays whole', async () => {
    const tree = chain(
      startNode({ recallRule: 'all' }),
      approverNode('a', users('manager')),
      approverNode('b', users('finance')),
    );
    const { versionId } = await template(tree);
    const id = await launch(versionId);
    await call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'manager')}`, 'manager');
    const approval = (await records(id)).find((r) => r.handle_status === HandleStatus.approved)!;
    const finOp = await pendingOf(id, 'finance');
    const [recalled, approved] = await Promise.all([
      call('POST', `/FlowBefore/Recall/${approval.id}`, 'manager'),
      call('POST', `/FlowBefore/Audit/${finOp}`, 'finance'),
    ]);
    expect([recalled.code, approved.code].sort()).toEqual([200, 400]);
    const row = await instance(id);
    if (approved.code === 200) expect(row.status).toBe(FlowStatus.adopt);
    else expect(row.current_node_ids).toBe('a');

    // Under the default recall rule the initiator may withdraw only until an approver has acted, so
    // exactly one of the two can win whichever runs first. (Under 'all', used above, a withdraw
    // after the approval is allowed too: the next node is still untouched.)
    const strict = await template(
      chain(startNode(), approverNode('a', users('manager')), approverNode('b', users('finance'))),
    );
    const other = await launch(strict.versionId);
    const op = await pendingOf(other, 'manager');
    const [withdrawn, audited] = await Promise.all([
      call('PUT', `/FlowLaunch/${other}/Actions/Withdraw`, 'staff', {}),
      call('POST', `/FlowBefore/Audit/${op}`, 'manager'),
    ]);
    expect([withdrawn.code, audited.code].sort()).toEqual([200, 400]);
    const after = await instance(other);
    expect(after.status).toBe(withdrawn.code === 200 ? FlowStatus.revoke : FlowStatus.wait);
    if (withdrawn.code === 200) expect((await operators(other)).some((o) => o.state === 'pending')).toBe(false);
  });

  it('keeps a running instance on its version when a new one is published', async () => {
    const v1 = await template(chain(startNode(), approverNode('a', users('manager'))));
    const id = await launch(v1.templateId);
    await publishTemplate(db(), {
      code: 'ignored',
      templateId: v1.templateId,
      tree: chain(startNode(), approverNode('z', users('hr')), approverNode('a', users('manager'))),
    });
    const fresh = await launch(v1.templateId);
    expect((await instance(fresh)).current_node_ids).toBe('z');
    expect((await instance(id)).version_id).toBe(v1.versionId);
    await call('POST', `/FlowBefore/Audit/${await pendingOf(id, 'manager')}`, 'manager');
    expect((await instance(id)).status).toBe(FlowStatus.adopt);
  });

  it('reminds and acts on overdue tasks from jobs driven by a fake clock, once per due time', async () => {
    const tree = chain(
      startNode(),
      approverNode('a', {
        ...users('manager'),
        remind: { firstAfter: 1, interval: 1, maxCount: 2 },
        overdue: { firstAfter: 3, autoAction: 'approve' },
      }),
    );
    const { versionId } = await template(tree);
    const id = await launch(versionId);
    const services = jobServices();
    const due = async () =>
      db()
        .selectFrom('job')
        .selectAll()
        .where('kind', 'like', 'workflow.%')
        .where('state', '=', 'pending')
        .where('run_at', '<=', server.clock.now)
        .execute();
    const runDue = async () => {
      let ran = 0;
      for (const job of await due()) {
        if (await runWorkflowJob(services, job.kind as WorkflowJobKind, JSON.parse(job.payload))) ran++;
        await db().updateTable('job').set({ state: 'done' }).where('id', '=', job.id).execute();
      }
      return ran;
    };
    server.clock.advance(61 * 60_000);
    expect(await runDue()).toBe(1);
    const op = (await operators(id))[0]!;
    expect(op.remind_count).toBe(1);
    // Running the same reminder again changes nothing.
    const reminder = await db()
      .selectFrom('job')
      .selectAll()
      .where('kind', '=', 'workflow.remind')
      .orderBy('run_at')
      .executeTakeFirstOrThrow();
    expect(await runWorkflowJob(services, 'workflow.remind', JSON.parse(reminder.payload))).toBe(false);
    server.clock.advance(3 * 60 * 60_000);
    await runDue();
    const after = await instance(id);
    expect(after.status).toBe(FlowStatus.adopt);
    const last = (await records(id)).at(-1)!;
    expect([last.handle_status, last.source, last.handler_id]).toEqual([
      HandleStatus.approved,
      'system-timer',
      ids.manager,
    ]);
  });

  it('routes a chooser condition by the branch the submitter picked, and delegates approvals', async () => {
    const now = server.clock.now;
    await db()
      .insertInto('flow_delegation')
      .values({
        id: `d${now}`,
        user_id: ids.hr!,
        to_user_id: ids.zhouya!,
        kind: 0,
        template_ids: '',
        start_at: now - 60_000,
        end_at: now + 3600_000,
        description: null,
        enabled: 1,
        version: 0,
        created_at: now,
        created_by: ids.hr!,
        updated_at: null,
        updated_by: null,
      })
      .execute();
    const tree = chain(
      startNode(),
      conditionNode(
        'pick',
        [
          branch('toFin', 1, approverNode('fin', users('finance'))),
          branch('toHr', 2, approverNode('hrn', users('hr'))),
        ],
        'chooser',
      ),
    );
    const { versionId } = await template(tree);
    const missing = await call('POST', '/FlowTask', 'staff', { flowId: versionId, formData: {} });
    expect(missing.code).toBe(400);
    const id = await launch(versionId, {}, 'staff', { branchList: ['toHr'] });
    const op = (await operators(id))[0]!;
    expect([op.node_id, op.assignee_id, op.original_assignee_id, op.source]).toEqual([
      'hrn',
      ids.zhouya,
      ids.hr,
      'delegate',
    ]);
    // The delegating user may still read the instance.
    expect((await call('GET', `/FlowBefore/${id}`, 'hr')).code).toBe(200);
  });
  it('starts a waited-for child flow and completes the parent node when the child ends (mapIn, mapOut)', async () => {
    const child = await publishTemplate(db(), {
      code: `child${++seq}`,
      tree: chain(startNode(), approverNode('c', users('finance'))),
    });
    const childCode = `child${seq}`;
    const parentTree = chain(
      startNode(),
      {
        nodeId: 'sub',
        type: 'subFlow',
        name: 'sub',
        properties: {
          templateCode: childCode,
          initiator: { mode: 'initiator' },
          wait: true,
          mapIn: [{ from: 'amount', to: 'total' }],
          mapOut: [{ from: 'total', to: 'checked' }],
        },
        childNode: null,
      } as FlowNode,
      approverNode('after', users('ceo')),
    );
    const { versionId } = await template(parentTree);
    const id = await launch(versionId, { amount: 12 });
    const kid = await db()
      .selectFrom('flow_instance')
      .selectAll()
      .where('parent_instance_id', '=', id)
      .executeTakeFirstOrThrow();
    expect([kid.template_id, kid.status, JSON.parse(kid.form_data)]).toEqual([
      child.templateId,
      FlowStatus.wait,
      { total: 12 },
    ]);
    expect((await instance(id)).current_node_ids).toBe('sub');
    await call('POST', `/FlowBefore/Audit/${await pendingOf(kid.id, 'finance')}`, 'finance');
    expect((await instance(kid.id)).status).toBe(FlowStatus.adopt);
    const parent = await instance(id);
    expect(parent.current_node_ids).toBe('after');
    expect(JSON.parse(parent.form_data)).toEqual({ amount: 12, checked: 12 });
    // A child flow is not deleted on its own.
    expect((await call('DELETE', `/FlowLaunch/${kid.id}`, 'staff')).code).toBe(400);
  });

  it('answers the nodes to pick handlers for when a node finds nobody under "previous picks", creating nothing', async () => {
    const tree = chain(
      startNode(),
      approverNode('empty', { assigneeType: 6, members: { users: [] }, emptyPolicy: 'previousPicks' }),
    );
    const { versionId } = await template(tree);
    const before = await db().selectFrom('flow_instance').select('id').execute();
    const answer = await call('POST', '/FlowTask', 'staff', { flowId: versionId, formData: {} });
    expect(answer.code).toBe(200);
    expect(answer.data).toEqual([{ nodeId: 'empty', nodeName: 'empty' }]);
    expect((await db().selectFrom('flow_instance').select('id').execute()).length).toBe(before.length);
    const id = await launch(versionId, {}, 'staff', { errorRuleUserList: { empty: [ids.finance] } });
    await pendingOf(id, 'finance');
    const blocked = await template(
      chain(startNode(), approverNode('none', { assigneeType: 6, members: { users: [] }, emptyPolicy: 'block' })),
    );
    const refused = await call('POST', '/FlowTask', 'staff', { flowId: blocked.versionId, formData: {} });
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('none');
  });
  it('launches once for two identical requests sent together, completes a timer node from its job, and tells the initiator', async () => {
    const tree = chain(
      startNode(),
      { nodeId: 'wait', type: 'timer', name: 'wait', properties: { minutes: 5 }, childNode: null } as FlowNode,
      approverNode('a', users('manager')),
    );
    const { versionId } = await template(tree);
    const body = { flowId: versionId, formData: {}, requestId: 'twice' };
    const [one, two] = await Promise.all([
      call('POST', '/FlowTask', 'staff', body),
      call('POST', '/FlowTask', 'staff', body),
    ]);
    expect([one.code, two.code]).toEqual([200, 200]);
    expect(one.data.id).toBe(two.data.id);
    const id = one.data.id as string;
    expect((await instance(id)).current_node_ids).toBe('wait');
    const job = (await jobsOf(id, 'workflow.timer'))[0]!;
    expect(job.run_at).toBe(server.clock.now + 5 * 60_000);
    const services = jobServices();
    expect(await runWorkflowJob(services, 'workflow.timer', JSON.parse(job.payload))).toBe(true);
    expect(await runWorkflowJob(services, 'workflow.timer', JSON.parse(job.payload))).toBe(false);
    const op = await pendingOf(id, 'manager');
    await call('POST', `/FlowBefore/Reject/${op}`, 'manager', { handleOpinion: '不行', rejectStep: '0' });
    const told = await db()
      .selectFrom('message_receive')
      .innerJoin('message', 'message.id', 'message_receive.message_id')
      .select(['message.title', 'message.body_text'])
      .where('message_receive.user_id', '=', ids.staff!)
      .where('message.body_text', 'like', `%${id}%`)
      .execute();
    expect(told.map((m) => m.title)).toEqual([expect.stringContaining('【驳回】')]);
    expect(JSON.parse(told[0]!.body_text)).toMatchObject({ id, opType: 0 });
  });
  it('launches on behalf of a user only with his launch delegation, and only for allowed initiators', async () => {
    const { versionId } = await template(chain(startNode(), approverNode('a', users('manager'))));
    const refused = await call('POST', '/FlowTask', 'zhouya', {
      flowId: versionId,
      formData: {},
      delegateUserList: [ids.staff],
    });
    expect(refused.code).toBe(400);
    const now = server.clock.now;
    await db()
      .insertInto('flow_delegation')
      .values({
        id: `launch${now}`,
        user_id: ids.staff!,
        to_user_id: ids.zhouya!,
        kind: 1,
        template_ids: '',
        start_at: now - 1000,
        end_at: now + 3600_000,
        description: null,
        enabled: 1,
        version: 0,
        created_at: now,
        created_by: ids.staff!,
        updated_at: null,
        updated_by: null,
      })
      .execute();
    const id = await launch(versionId, {}, 'zhouya', { delegateUserList: [ids.staff] });
    const row = await instance(id);
    expect([row.initiator_id, row.delegated_by]).toEqual([ids.staff, ids.zhouya]);
    await pendingOf(id, 'manager');
    const limited = await template(
      chain(startNode({ initiators: { users: [ids.finance!] } }), approverNode('a', users('manager'))),
    );
    expect((await call('POST', '/FlowTask', 'staff', { flowId: limited.versionId, formData: {} })).code).toBe(403);
    expect((await call('POST', '/FlowTask', 'finance', { flowId: limited.versionId, formData: {} })).code).toBe(200);
  });
});
