/**
 * Child flows taken back with their parent's step (docs/workflow.md): a recall of the approval that
 * started a waited-for child, a withdraw or a termination of the parent. Every child still open is
 * cancelled (status 5) with a terminated record, and so are its own children.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlowStatus, HandleStatus, type FlowNode, type SubFlowProperties } from '@atrium/shared/workflow';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';
import { approverNode, chain, publishTemplate, signIn, startNode, workflowTestKit } from './test-fixtures.ts';

describe.each(dbTargets())('child flows taken back with the parent on $name', (target) => {
  let server: TestServer;
  let tokens: Record<string, string>;
  let ids: Record<string, string>;
  let seq = 0;

  beforeAll(async () => {
    server = await createTestServer(target);
    ({ tokens, ids } = await signIn(server, ['admin', 'staff', 'manager', 'finance', 'hr', 'ceo']));
  });
  afterAll(() => server.close());

  const { db, call, launch, users, instance, records, nodeStates } = workflowTestKit(() => ({ server, tokens, ids }));
  /** Publishes a tree under a fresh code and answers the code and version. */
  const template = async (tree: FlowNode) => {
    const code = `sub${++seq}`;
    const { versionId } = await publishTemplate(db(), { code, tree });
    return { code, versionId };
  };
  const subFlow = (nodeId: string, templateCode: string, wait: boolean): FlowNode => ({
    nodeId,
    type: 'subFlow',
    name: nodeId,
    properties: { templateCode, initiator: { mode: 'initiator' }, wait } satisfies SubFlowProperties,
    childNode: null,
  });
  const childrenOf = (id: string) =>
    db()
      .selectFrom('flow_instance')
      .selectAll()
      .where('parent_instance_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const lastRecord = async (id: string) => (await records(id)).at(-1)!;
  const pendingOps = (id: string) =>
    db()
      .selectFrom('flow_operator')
      .selectAll()
      .where('instance_id', '=', id)
      .where('state', 'in', ['pending', 'waiting'])
      .execute();
  /** The child is cancelled by the parent's step: status 5, a terminated record by the parent's actor, nothing pending. */
  const expectCancelled = async (id: string, by: string) => {
    expect((await instance(id)).status).toBe(FlowStatus.cancel);
    const record = await lastRecord(id);
    expect([record.handle_status, record.handler_id, record.source]).toEqual([
      HandleStatus.terminated,
      ids[by],
      'system-rule',
    ]);
    expect(await pendingOps(id)).toEqual([]);
  };

  it('S2-7-73 a withdraw of the parent cancels its waited-for and its asynchronous child flows, and their children', async () => {
    const grandchild = await template(chain(startNode(), approverNode('g', users('hr'))));
    const waited = await template(
      chain(startNode(), subFlow('inner', grandchild.code, true), approverNode('c', users('finance'))),
    );
    const detached = await template(chain(startNode(), approverNode('d', users('ceo'))));
    const parent = await template(
      chain(
        startNode(),
        subFlow('async', detached.code, false),
        subFlow('sync', waited.code, true),
        approverNode('after', users('manager')),
      ),
    );
    const id = await launch(parent.versionId);
    const kids = await childrenOf(id);
    expect(kids.map((k) => [k.is_async, k.status])).toEqual([
      [1, FlowStatus.wait],
      [0, FlowStatus.wait],
    ]);
    const [asyncKid, syncKid] = kids;
    const [grandKid] = await childrenOf(syncKid!.id);
    expect(grandKid?.status).toBe(FlowStatus.wait);

    const answer = await call('PUT', `/FlowLaunch/${id}/Actions/Withdraw`, 'staff');
    expect(answer.code, answer.msg).toBe(200);
    expect((await instance(id)).status).toBe(FlowStatus.revoke);
    for (const kid of [asyncKid!, syncKid!, grandKid!]) await expectCancelled(kid.id, 'staff');
    // The cancelled children do not report back: the parent stays withdrawn, its sub-flow step void.
    expect(await nodeStates(id)).toEqual(['start:completed', 'async:completed', 'sync:void']);
  });

  it('S2-7-63 terminating the parent cancels its running child flow', async () => {
    const child = await template(chain(startNode(), approverNode('c', users('finance'))));
    const parent = await template(chain(startNode(), subFlow('sync', child.code, true)));
    const id = await launch(parent.versionId);
    const [kid] = await childrenOf(id);
    const answer = await call('POST', `/FlowBefore/Cancel/${id}`, 'admin', { handleOpinion: 'stop' });
    expect(answer.code, answer.msg).toBe(200);
    expect((await instance(id)).status).toBe(FlowStatus.cancel);
    await expectCancelled(kid!.id, 'admin');
  });

  it('S2-7-61 a reject to an earlier node cancels the asynchronous child flow started after it', async () => {
    const child = await template(chain(startNode(), approverNode('c', users('finance'))));
    const parent = await template(
      chain(
        startNode(),
        approverNode('a', users('manager')),
        subFlow('async', child.code, false),
        approverNode('b', { ...users('ceo'), rejectTarget: 'any' }),
      ),
    );
    const id = await launch(parent.versionId);
    expect((await call('POST', `/FlowBefore/Audit/${(await pendingOps(id))[0]!.id}`, 'manager')).code).toBe(200);
    const [kid] = await childrenOf(id);
    expect([kid?.is_async, kid?.status, (await instance(id)).current_node_ids]).toEqual([1, FlowStatus.wait, 'b']);
    const ceoOp = (await pendingOps(id))[0]!;
    const rejected = await call('POST', `/FlowBefore/Reject/${ceoOp.id}`, 'ceo', {
      handleOpinion: 'again',
      rejectStep: 'a',
    });
    expect(rejected.code, rejected.msg).toBe(200);
    expect((await instance(id)).current_node_ids).toBe('a');
    await expectCancelled(kid!.id, 'ceo');
  });

  it('S2-7-61 an administrator moving the flow back before an asynchronous sub-flow step cancels the child it started', async () => {
    const child = await template(chain(startNode(), approverNode('c', users('finance'))));
    const parent = await template(
      chain(
        startNode(),
        approverNode('a', users('manager')),
        subFlow('async', child.code, false),
        approverNode('b', users('ceo')),
      ),
    );
    const id = await launch(parent.versionId);
    expect((await call('POST', `/FlowBefore/Audit/${(await pendingOps(id))[0]!.id}`, 'manager')).code).toBe(200);
    const [kid] = await childrenOf(id);
    expect([kid?.is_async, kid?.status]).toEqual([1, FlowStatus.wait]);
    const moved = await call('POST', '/FlowBefore/Change', 'admin', {
      taskId: id,
      nodeCode: 'a',
      handleOpinion: 'redo',
    });
    expect(moved.code, moved.msg).toBe(200);
    expect((await instance(id)).current_node_ids).toBe('a');
    await expectCancelled(kid!.id, 'admin');
    // Approving again runs the sub-flow step again: a new child, the cancelled one left as it is.
    expect((await call('POST', `/FlowBefore/Audit/${(await pendingOps(id))[0]!.id}`, 'manager')).code).toBe(200);
    const kids = await childrenOf(id);
    expect(kids.map((k) => k.status)).toEqual([FlowStatus.cancel, FlowStatus.wait]);
  });

  it('S2-7-62 a recall of the approval that started a waited-for child cancels the child; an ended child stays as it is', async () => {
    const child = await template(chain(startNode(), approverNode('c', users('finance'))));
    const parent = await template(
      chain(
        startNode({ recallRule: 'all' }),
        approverNode('a', users('manager')),
        subFlow('sync', child.code, true),
        approverNode('b', users('ceo')),
      ),
    );
    const id = await launch(parent.versionId);
    const op = (await pendingOps(id))[0]!;
    expect((await call('POST', `/FlowBefore/Audit/${op.id}`, 'manager')).code).toBe(200);
    const [first] = await childrenOf(id);
    expect(first?.status).toBe(FlowStatus.wait);
    const approval = await lastRecord(id);
    expect(approval.handle_status).toBe(HandleStatus.approved);

    const recalled = await call('POST', `/FlowBefore/Recall/${approval.id}`, 'manager');
    expect(recalled.code, recalled.msg).toBe(200);
    await expectCancelled(first!.id, 'manager');
    const back = await instance(id);
    expect([back.status, back.current_node_ids]).toEqual([FlowStatus.wait, 'a']);
    expect((await pendingOps(id)).map((o) => [o.id, o.assignee_id])).toEqual([[op.id, ids.manager]]);
    expect(await nodeStates(id)).toEqual(['start:completed', 'a:active', 'sync:void']);
    expect((await lastRecord(id)).handle_status).toBe(HandleStatus.withdrawn);

    // Approved again: a new child; once it ended, a recall leaves it approved.
    expect((await call('POST', `/FlowBefore/Audit/${op.id}`, 'manager')).code).toBe(200);
    const second = (await childrenOf(id)).find((k) => k.id !== first!.id)!;
    const childOp = (await pendingOps(second.id))[0]!;
    expect((await call('POST', `/FlowBefore/Audit/${childOp.id}`, 'finance')).code).toBe(200);
    expect((await instance(second.id)).status).toBe(FlowStatus.adopt);
    expect((await instance(id)).current_node_ids).toBe('b');
    const again = (
      await db()
        .selectFrom('flow_record')
        .selectAll()
        .where('instance_id', '=', id)
        .where('handler_id', '=', ids.manager!)
        .where('handle_status', '=', HandleStatus.approved)
        .where('recalled', '=', 0)
        .execute()
    )[0]!;
    expect((await call('POST', `/FlowBefore/Recall/${again.id}`, 'manager')).code).toBe(200);
    expect((await instance(second.id)).status).toBe(FlowStatus.adopt);
    expect((await instance(id)).current_node_ids).toBe('a');
  });
});
