import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';
import { insertCirculate, insertInstance, insertOperator, insertRecord } from './testing.ts';

const ENGINE = '/api/workflow/Engine';
const DISPATCH = '/api/workflow/form/dispatch';
const RECEIPT = '/api/workflow/form/receipt';

describe.each(dbTargets())('flow lists and counts on $name', (target) => {
  let server: TestServer;
  let tokens: Record<'admin' | 'staff' | 'manager' | 'finance' | 'hr', string>;
  const ids = {} as Record<string, string>;
  const t0 = 1_700_000_000_000;

  const get = (url: string, token: string) => server.call('GET', url, { token }).then((r) => r.json());
  const post = (url: string, body: unknown, token: string) =>
    server.call('POST', url, { token, body }).then((r) => r.json());
  const idsOf = (res: { data: { list: { id: string }[] } }) => res.data.list.map((item) => item.id);

  beforeAll(async () => {
    server = await createTestServer(target);
    const [admin, staff, manager, finance, hr] = await server.logins(['admin', 'staff', 'manager', 'finance', 'hr']);
    tokens = { admin: admin!, staff: staff!, manager: manager!, finance: finance!, hr: hr! };
    const db = server.database.db;
    const templates = await db
      .selectFrom('flow_template')
      .select(['id', 'en_code', 'current_version_id'])
      .where('en_code', 'in', ['leave', 'expense'])
      .execute();
    const leave = templates.find((t) => t.en_code === 'leave')!;
    const expense = templates.find((t) => t.en_code === 'expense')!;
    ids.leave = leave.id;
    ids.expense = expense.id;
    const staffId = await server.userIdOf('staff');
    const managerId = await server.userIdOf('manager');
    const hrId = await server.userIdOf('hr');
    ids.staff = staffId;
    const onLeave = { template_id: leave.id, version_id: leave.current_version_id!, initiator_id: staffId };

    ids.a = await insertInstance(db, {
      ...onLeave,
      title: '李晓梅的请假申请',
      bill_no: 'QJ001',
      urgent: 2,
      current_node_ids: 'leave_manager',
      current_node_names: '直属主管审批',
      completion: 20,
      submitted_at: t0,
      created_at: t0,
    });
    ids.opA = await insertOperator(db, {
      instance_id: ids.a,
      assignee_id: managerId,
      node_id: 'leave_manager',
      node_name: '直属主管审批',
      batchable: 1,
      received_at: t0 + 10,
    });
    ids.b = await insertInstance(db, {
      template_id: expense.id,
      version_id: expense.current_version_id!,
      initiator_id: staffId,
      title: '李晓梅的费用报销',
      bill_no: 'BX001',
      submitted_at: t0 + 20,
      created_at: t0 + 20,
    });
    ids.opB = await insertOperator(db, {
      instance_id: ids.b,
      assignee_id: managerId,
      node_name: '部门经理审批',
      received_at: t0 + 30,
    });
    ids.draft = await insertInstance(db, { ...onLeave, status: 0, submitted_at: null, created_at: t0 + 40 });
    ids.d = await insertInstance(db, {
      ...onLeave,
      title: '已通过的请假',
      bill_no: 'QJ002',
      status: 2,
      completion: 100,
      submitted_at: t0 - 100,
      finished_at: t0 - 50,
      created_at: t0 - 100,
    });
    await insertOperator(db, { instance_id: ids.d, assignee_id: managerId, state: 'done', received_at: t0 - 90 });
    await insertRecord(db, { instance_id: ids.d, handler_id: staffId, handle_status: 2, created_at: t0 - 100 });
    ids.doneRecord = await insertRecord(db, {
      instance_id: ids.d,
      handler_id: managerId,
      handle_status: 1,
      node_name: '直属主管审批',
      opinion: '同意',
      created_at: t0 - 60,
    });
    // Not the manager's own handling: an assignment, a recalled approval and an automatic one.
    await insertRecord(db, { instance_id: ids.d, handler_id: managerId, handle_status: 5, created_at: t0 - 70 });
    await insertRecord(db, { instance_id: ids.d, handler_id: managerId, handle_status: 1, recalled: 1 });
    await insertRecord(db, { instance_id: ids.d, handler_id: managerId, handle_status: 1, source: 'system-timer' });
    ids.copy = await insertCirculate(db, { instance_id: ids.d, user_id: hrId, created_at: t0 - 50 });
  });
  afterAll(() => server.close());

  it('S2-7-56 lists the caller’s to-dos newest first, with the instance’s columns', async () => {
    const res = await get(`${ENGINE}/FlowBefore/List/1`, tokens.manager);
    expect(res.code).toBe(200);
    expect(idsOf(res)).toEqual([ids.opB, ids.opA]);
    expect(res.data.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 2 });
    expect(res.data.list[1]).toMatchObject({
      id: ids.opA,
      taskId: ids.a,
      enCode: 'QJ001',
      fullName: '李晓梅的请假申请',
      flowCode: 'leave',
      flowName: '请假申请',
      flowCategory: 'admin.leave',
      flowVersion: 'v1',
      flowUrgent: 2,
      status: 1,
      startTime: t0,
      creatorTime: t0 + 10,
      creatorUserId: ids.staff,
      userName: '李晓梅/staff',
      thisStep: '直属主管审批',
      thisStepId: 'leave_manager',
      nodeName: '直属主管审批',
      completion: 20,
      endTime: null,
      delegateUser: null,
    });
    // Staff has nothing to do.
    expect(idsOf(await get(`${ENGINE}/FlowBefore/List/1`, tokens.staff))).toEqual([]);
  });

  it('S2-7-56 filters by keyword, template, urgency and time, and pages', async () => {
    const list = async (query: string) => idsOf(await get(`${ENGINE}/FlowBefore/List/1?${query}`, tokens.manager));
    expect(await list('keyword=QJ001')).toEqual([ids.opA]);
    expect(await list('keyword=报销')).toEqual([ids.opB]);
    expect(await list(`flowId=${ids.leave}`)).toEqual([ids.opA]);
    expect(await list('flowUrgent=2')).toEqual([ids.opA]);
    expect(await list('flowUrgent=')).toEqual([ids.opB, ids.opA]);
    expect(await list(`startTime=${t0 + 20}`)).toEqual([ids.opB]);
    expect(await list(`endTime=${t0 + 20}`)).toEqual([ids.opA]);
    const paged = await get(`${ENGINE}/FlowBefore/List/1?pageSize=1&currentPage=2`, tokens.manager);
    expect(idsOf(paged)).toEqual([ids.opA]);
    expect(paged.data.pagination.total).toBe(2);
  });

  it('S2-7-56 lists done (own handling only, one row per record), CC and batch-capable to-dos', async () => {
    const done = await get(`${ENGINE}/FlowBefore/List/2`, tokens.manager);
    expect(idsOf(done)).toEqual([ids.doneRecord]);
    expect(done.data.list[0]).toMatchObject({ taskId: ids.d, status: 2, endTime: t0 - 50, description: '同意' });
    const copies = await get(`${ENGINE}/FlowBefore/List/3`, tokens.hr);
    expect(idsOf(copies)).toEqual([ids.copy]);
    expect(copies.data.list[0]).toMatchObject({ taskId: ids.d, enCode: 'QJ002' });
    expect(idsOf(await get(`${ENGINE}/FlowBefore/List/4`, tokens.manager))).toEqual([ids.opA]);
    expect(idsOf(await get(`${ENGINE}/FlowBefore/List/4?flowId=${ids.expense}`, tokens.manager))).toEqual([]);
    expect((await get(`${ENGINE}/FlowBefore/List/5`, tokens.manager)).code).toBe(400);
  });

  it('S2-7-69 offers the templates of batch-capable to-dos with their counts', async () => {
    const res = await get(`${ENGINE}/FlowBefore/BatchFlowSelector`, tokens.manager);
    expect(res.data).toEqual([{ id: ids.leave, enCode: 'leave', fullName: '请假申请', count: 1 }]);
    expect((await get(`${ENGINE}/FlowBefore/BatchFlowSelector`, tokens.staff)).data).toEqual([]);
  });

  it('S2-7-71 lists the caller’s launches, drafts included, filtered by status', async () => {
    const mine = await get(`${ENGINE}/FlowLaunch`, tokens.staff);
    expect(idsOf(mine)).toEqual([ids.draft, ids.b, ids.a, ids.d]);
    expect(mine.data.list[0]).toMatchObject({ id: ids.draft, taskId: ids.draft, status: 0 });
    expect(idsOf(await get(`${ENGINE}/FlowLaunch?status=2`, tokens.staff))).toEqual([ids.d]);
    expect(idsOf(await get(`${ENGINE}/FlowLaunch?status=&keyword=请假&flowUrgent=2`, tokens.staff))).toEqual([ids.a]);
    expect(idsOf(await get(`${ENGINE}/FlowLaunch`, tokens.manager))).toEqual([]);
  });

  it('lists every launched instance for the monitor only', async () => {
    expect((await get(`${ENGINE}/FlowMonitor`, tokens.staff)).code).toBe(403);
    const all = await get(`${ENGINE}/FlowMonitor`, tokens.admin);
    expect(idsOf(all)).toEqual([ids.b, ids.a, ids.d]);
    expect(idsOf(await get(`${ENGINE}/FlowMonitor?creatorUserId=${ids.staff}&status=2`, tokens.admin))).toEqual([
      ids.d,
    ]);
  });

  it('S2-7-78 counts to-do, running launches, done and copies of the caller', async () => {
    const count = async (token: string) => (await post(`${DISPATCH}/flowViewCount`, {}, token)).data;
    expect(await count(tokens.manager)).toEqual({ toBeReviewed: 2, flowLaunch: 0, flowDone: 1, flowCirculate: 0 });
    expect(await count(tokens.staff)).toEqual({ toBeReviewed: 0, flowLaunch: 2, flowDone: 0, flowCirculate: 0 });
    expect(await count(tokens.hr)).toEqual({ toBeReviewed: 0, flowLaunch: 0, flowDone: 0, flowCirculate: 1 });
  });

  it('S2-7-77 answers flowViewList by type and allFlowViewList for the monitor', async () => {
    const view = async (type: number, token: string, extra: Record<string, unknown> = {}) =>
      idsOf(await post(`${DISPATCH}/flowViewList`, { type, currentPage: 1, pageSize: 20, ...extra }, token));
    expect(await view(1, tokens.manager)).toEqual([ids.opB, ids.opA]);
    expect(await view(2, tokens.manager)).toEqual([ids.doneRecord]);
    expect(await view(3, tokens.hr)).toEqual([ids.copy]);
    expect(await view(4, tokens.staff)).toEqual([ids.draft, ids.b, ids.a, ids.d]);
    expect(await view(1, tokens.manager, { keyword: 'BX001' })).toEqual([ids.opB]);
    const all = await post(`${DISPATCH}/allFlowViewList`, { type: 1, currentPage: 1, pageSize: 2 }, tokens.admin);
    expect(idsOf(all)).toEqual([ids.b, ids.a]);
    expect(all.data.pagination.total).toBe(3);
    expect((await post(`${DISPATCH}/allFlowViewList`, {}, tokens.staff)).code).toBe(403);
  });

  it('S2-7-79 answers receipts of instances the caller may read', async () => {
    const receipt = await get(`${RECEIPT}/external?code=QJ002`, tokens.staff);
    expect(receipt.code).toBe(200);
    expect(receipt.data).toMatchObject({ id: ids.d, billNo: 'QJ002', status: 2, userName: '李晓梅/staff' });
    // The whole history but the recalled approval: the automatic approval counts here.
    expect(receipt.data.records.map((r: { handleStatus: number }) => r.handleStatus)).toEqual([2, 5, 1, 1]);
    expect(receipt.data.records[2]).toMatchObject({ userName: '王建国/manager', handleOpinion: '同意' });
    // The copy makes HR a reader; finance takes no part.
    expect((await get(`${RECEIPT}/external?code=QJ002`, tokens.hr)).code).toBe(200);
    expect((await get(`${RECEIPT}/external?code=QJ002`, tokens.finance)).code).toBe(404);
    expect((await get(`${RECEIPT}/getReceiptCode?id=${ids.a}`, tokens.manager)).data).toEqual({ code: 'QJ001' });
    expect((await get(`${RECEIPT}/getReceiptCode?id=${ids.a}`, tokens.finance)).code).toBe(404);
    const open = await get(`${RECEIPT}/getOpenReceiptList`, tokens.staff);
    expect(open.data.list).toEqual([
      { id: ids.d, code: 'QJ002', title: '已通过的请假', flowName: '请假申请', endTime: t0 - 50 },
    ]);
  });

  // Last: it deletes the finance account.
  it('keeps a flow whose initiator was deleted in its approver’s to-do list and counts', async () => {
    const db = server.database.db;
    const leave = await db
      .selectFrom('flow_template')
      .select('current_version_id')
      .where('id', '=', ids.leave!)
      .executeTakeFirstOrThrow();
    const hrId = await server.userIdOf('hr');
    const orphan = await insertInstance(db, {
      template_id: ids.leave!,
      version_id: leave.current_version_id!,
      initiator_id: await server.userIdOf('finance'),
      title: '财务的请假',
      bill_no: 'QJ009',
      submitted_at: t0 + 500,
      created_at: t0 + 500,
    });
    const op = await insertOperator(db, { instance_id: orphan, assignee_id: hrId, received_at: t0 + 510 });
    const before = (await post(`${DISPATCH}/flowViewCount`, {}, tokens.hr)).data.toBeReviewed;
    const removed = await server.call('DELETE', `/api/permission/Users/${await server.userIdOf('finance')}`, {
      token: tokens.admin,
    });
    expect(removed.json().code).toBe(200);
    const todo = await get(`${ENGINE}/FlowBefore/List/1?currentPage=1&pageSize=20`, tokens.hr);
    const item = todo.data.list.find((i: { id: string }) => i.id === op);
    expect(item).toMatchObject({ taskId: orphan, enCode: 'QJ009', flowName: '请假申请', userName: '' });
    expect((await post(`${DISPATCH}/flowViewCount`, {}, tokens.hr)).data.toBeReviewed).toBe(before);
  });
});
