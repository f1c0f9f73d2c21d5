import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowNode, StartNode } from '@atrium/shared/workflow';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';
import { insertInstance } from '../queries/testing.ts';

const ENGINE = '/api/workflow/Engine';
const BASE = `${ENGINE}/flowTemplate`;

/** A start node followed by the given chain. */
const startWith = (next: FlowNode | null, initiators?: StartNode['properties']['initiators']): StartNode => ({
  nodeId: 'start',
  type: 'start',
  name: '发起人',
  properties: initiators ? { initiators } : {},
  childNode: next,
});

const managerApproval = (nodeId = 'manager'): FlowNode => ({
  nodeId,
  type: 'approver',
  name: '主管审批',
  properties: { assigneeType: 1, managerLevel: 1, counterSign: 0 },
  childNode: null,
});

/** An approval naming nobody: publish must refuse it. */
const nobodyApproval: FlowNode = {
  nodeId: 'nobody',
  type: 'approver',
  name: '无人审批',
  properties: { assigneeType: 6, members: {}, counterSign: 0 },
  childNode: null,
};

describe.each(dbTargets())('flow templates on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let staff: string;
  let finance: string;
  let leaveFormId: string;

  const api = (method: string, url: string, body?: unknown, token = admin) =>
    server.call(method, url, { token, ...(body === undefined ? {} : { body }) }).then((r) => r.json());

  const create = async (extra: Record<string, unknown> = {}) => {
    const res = await api('POST', BASE, {
      enCode: `t${Math.random().toString(36).slice(2, 8)}`,
      fullName: '测试流程',
      category: 'admin.leave',
      formType: 1,
      formId: leaveFormId,
      ...extra,
    });
    expect(res.code, res.msg).toBe(200);
    return res.data.id as string;
  };

  const versionsOf = (templateId: string) =>
    server.database.db
      .selectFrom('flow_template_version')
      .select(['id', 'version_no', 'state'])
      .where('template_id', '=', templateId)
      .orderBy('version_no')
      .execute();

  beforeAll(async () => {
    server = await createTestServer(target);
    [admin, staff, finance] = await server.logins(['admin', 'staff', 'finance']);
    leaveFormId = (
      await server.database.db
        .selectFrom('visualdev_model')
        .select('id')
        .where('en_code', '=', 'flowForm.leave')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => server.close());

  it('S2-7-76 seeds the leave and expense flows published, and staff may launch both', async () => {
    const rows = await server.database.db
      .selectFrom('flow_template as t')
      .innerJoin('flow_template_version as v', 'v.id', 't.current_version_id')
      .select(['t.en_code', 'v.version_no', 'v.state', 'v.form_snapshot'])
      .where('t.en_code', 'in', ['leave', 'expense'])
      .orderBy('t.en_code')
      .execute();
    expect(rows.map((r) => [r.en_code, r.version_no, r.state])).toEqual([
      ['expense', 1, 'published'],
      ['leave', 1, 'published'],
    ]);
    expect(JSON.parse(rows[0]!.form_snapshot!).fields.map((f: { __vModel__: string }) => f.__vModel__)).toContain(
      'amount',
    );
    const listed = await api('GET', `${BASE}/PageListAll`, undefined, staff);
    expect(listed.code).toBe(200);
    expect(listed.data.pagination.pageSize).toBe(999);
    const codes = listed.data.list.map((t: { enCode: string }) => t.enCode);
    expect(codes).toEqual(expect.arrayContaining(['leave', 'expense']));
    const leave = listed.data.list.find((t: { enCode: string }) => t.enCode === 'leave');
    expect(leave.flowId).toBe(
      (await server.database.db
        .selectFrom('flow_template')
        .select('current_version_id')
        .where('en_code', '=', 'leave')
        .executeTakeFirstOrThrow())!.current_version_id,
    );
  });

  it('S2-7-75 answers a template to whoever may launch it, the draft only to designers', async () => {
    const id = (
      await server.database.db
        .selectFrom('flow_template')
        .select('id')
        .where('en_code', '=', 'expense')
        .executeTakeFirstOrThrow()
    ).id;
    const asStaff = await api('GET', `${BASE}/${id}`, undefined, staff);
    expect(asStaff.code).toBe(200);
    expect(asStaff.data.versionNo).toBe(1);
    expect(asStaff.data.nodeTree.childNode.nodeId).toBe('expense_manager');
    expect(asStaff.data).not.toHaveProperty('draftTree');
    expect(JSON.parse(asStaff.data.formData).fields.length).toBe(5);
    const asAdmin = await api('GET', `${BASE}/${id}`);
    expect(asAdmin.data.draftTree.nodeId).toBe('start');
    expect(asAdmin.data.hasDraft).toBe(false);
  });

  it('creates, saves with the version read (409 when stale), lists, copies and deletes', async () => {
    const id = await create({ enCode: 'crud', fullName: '增删改' });
    const info = await api('GET', `${BASE}/${id}`);
    expect(info.data).toMatchObject({ enCode: 'crud', currentVersion: null, flowId: null, hasDraft: true, version: 0 });
    // A new template starts from the default tree: the start and one approval.
    expect(info.data.draftTree.type).toBe('start');
    expect(info.data.draftTree.childNode.type).toBe('approver');

    const body = { enCode: 'crud', fullName: '增删改 2', formType: 1, formId: leaveFormId, nodeTree: startWith(null) };
    expect((await api('PUT', `${BASE}/${id}`, { ...body, version: 0 })).code).toBe(200);
    const stale = await api('PUT', `${BASE}/${id}`, { ...body, fullName: '旧的', version: 0 });
    expect(stale.code).toBe(409);
    const saved = await api('GET', `${BASE}/${id}`);
    expect(saved.data.fullName).toBe('增删改 2');
    expect(saved.data.draftTree.childNode).toBeNull();

    const page = await api('GET', `${BASE}?keyword=crud`);
    expect(page.data.list.map((t: { id: string }) => t.id)).toEqual([id]);
    expect(page.data.list[0].formName).toBe('请假申请表单');

    const copy = await api('POST', `${BASE}/${id}/Actions/Copy`);
    expect(copy.code).toBe(200);
    const copied = await api('GET', `${BASE}/${copy.data.id}`);
    expect(copied.data.enCode).toBe('crud_copy1');
    expect(copied.data.draftTree.childNode).toBeNull();
    const again = await api('GET', `${BASE}/${(await api('POST', `${BASE}/${id}/Actions/Copy`)).data.id}`);
    expect(again.data.enCode).toBe('crud_copy2');

    expect((await api('DELETE', `${BASE}/${copy.data.id}`)).code).toBe(200);
    expect(
      await server.database.db.selectFrom('flow_template').select('id').where('id', '=', copy.data.id).execute(),
    ).toEqual([]);
  });

  it('refuses bad input naming the field, and staff without the designer menu', async () => {
    const missingForm = await api('POST', BASE, { enCode: 'noform', fullName: '无表单', formType: 1 });
    expect(missingForm.code).toBe(400);
    expect(missingForm.msg).toContain('formId');
    const unknownForm = await api('POST', BASE, { enCode: 'noform', fullName: '无表单', formType: 1, formId: 'nope' });
    expect(unknownForm.code).toBe(400);
    expect(unknownForm.msg).toContain('formId');
    const taken = await api('POST', BASE, { enCode: 'leave', fullName: '重复', formType: 2 });
    expect(taken.code).toBe(400);
    expect(taken.msg).toContain('leave');
    expect((await api('POST', BASE, { enCode: 'x1', fullName: 'x', formType: 2 }, staff)).code).toBe(403);
    expect((await api('GET', BASE, undefined, staff)).code).toBe(403);
  });

  it('publishes nothing from a tree with problems: 400 naming the first, every problem in data', async () => {
    const id = await create({ nodeTree: startWith(nobodyApproval) });
    const res = await api('POST', `${BASE}/${id}/Actions/Publish`);
    expect(res.code).toBe(400);
    expect(res.msg).toContain('无人审批');
    expect(Array.isArray(res.data)).toBe(true);
    expect(res.data[0]).toMatchObject({ nodeId: 'nobody' });
    expect(res.msg).toContain(res.data[0].message);
    expect((await versionsOf(id)).map((v) => v.state)).toEqual(['draft']);
    expect((await server.rowOf('flow_template', id)).current_version_id).toBeNull();
  });

  it('refuses a condition on a field the bound form does not have', async () => {
    const tree = startWith({
      nodeId: 'cond',
      type: 'condition',
      name: '条件',
      properties: { mode: 'exclusive' },
      conditionNodes: [
        {
          nodeId: 'b1',
          name: '金额大',
          priority: 1,
          when: { logic: 'and', groups: [{ logic: 'and', rules: [{ left: 'amount', op: '>', right: 1 }] }] },
          childNode: managerApproval('m1'),
        },
        { nodeId: 'b2', name: '其他', priority: 2, isDefault: true, childNode: null },
      ],
      childNode: null,
    });
    const id = await create({ nodeTree: tree });
    const res = await api('POST', `${BASE}/${id}/Actions/Publish`);
    expect(res.code).toBe(400);
    expect(res.msg).toContain('amount');
  });

  it('publishes v1 then v2: the first archived, the template pointing at the second', async () => {
    const id = await create({ nodeTree: startWith(managerApproval()) });
    const first = await api('POST', `${BASE}/${id}/Actions/Publish`);
    expect(first.code, first.msg).toBe(200);
    expect(first.data.versionNo).toBe(1);
    expect((await server.rowOf('flow_template', id)).current_version_id).toBe(first.data.flowId);
    const snapshot = await server.database.db
      .selectFrom('flow_template_version')
      .select(['form_snapshot', 'checksum', 'published_by'])
      .where('id', '=', first.data.flowId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(snapshot.form_snapshot!).fields.map((f: { __vModel__: string }) => f.__vModel__)).toContain(
      'days',
    );
    expect(snapshot.checksum).toMatch(/^[0-9a-f]{64}$/);

    const second = await api('POST', `${BASE}/${id}/Actions/Publish`);
    expect(second.data.versionNo).toBe(2);
    expect((await versionsOf(id)).map((v) => [v.version_no, v.state])).toEqual([
      [0, 'draft'],
      [1, 'archived'],
      [2, 'published'],
    ]);
    expect((await server.rowOf('flow_template', id)).current_version_id).toBe(second.data.flowId);
    expect((await api('GET', `${BASE}/${id}`)).data.hasDraft).toBe(false);
    const current = (await api('GET', `${BASE}/${id}`)).data;
    const edited = await api('PUT', `${BASE}/${id}`, {
      ...current,
      nodeTree: startWith(managerApproval('changed')),
    });
    expect(edited.code, edited.msg).toBe(200);
    const afterEdit = (await api('GET', `${BASE}/${id}`)).data;
    expect(afterEdit.hasDraft).toBe(true);
    // Saving a draft leaves what staff launch alone.
    expect(afterEdit.nodeTree.childNode.nodeId).toBe('manager');
    expect(afterEdit.draftTree.childNode.nodeId).toBe('changed');

    const versions = await api('GET', `${BASE}/${id}/Versions`);
    expect(versions.data.map((v: { versionNo: number; state: string }) => [v.versionNo, v.state])).toEqual([
      [2, 'published'],
      [1, 'archived'],
    ]);
    expect(versions.data[0].publishedBy).toContain('admin');
  });

  it('two publishes at once make two successive versions, one of them current', async () => {
    const id = await create({ nodeTree: startWith(managerApproval()) });
    const answers = await Promise.all([
      api('POST', `${BASE}/${id}/Actions/Publish`),
      api('POST', `${BASE}/${id}/Actions/Publish`),
    ]);
    expect(answers.map((a) => a.data.versionNo).sort()).toEqual([1, 2]);
    const states = (await versionsOf(id)).map((v) => [v.version_no, v.state]);
    expect(states).toEqual([
      [0, 'draft'],
      [1, 'archived'],
      [2, 'published'],
    ]);
  });

  /** The two launch pickers of a template, asked by `token`: the next nodes and a node's candidates. */
  const launchPickers = (id: string, token: string) =>
    Promise.all([
      api('POST', `${ENGINE}/FlowBefore/Candidates/${id}`, { formData: {} }, token),
      api(
        'POST',
        `${ENGINE}/FlowBefore/CandidateUser/${id}`,
        { nodeCode: 'manager', currentPage: 1, pageSize: 20 },
        token,
      ),
    ]);

  it('S2-7-76 a rule naming a department lets its own members launch, not those of the departments under it', async () => {
    const rd = await server.idOfCode('organize', 'demo.rd');
    const id = await create({ enCode: 'rdOnly', nodeTree: startWith(managerApproval(), { orgs: [rd] }) });
    expect((await api('POST', `${BASE}/${id}/Actions/Publish`)).code).toBe(200);
    // staff works in 研发中心 itself, weiming in its 前端组.
    const weiming = await server.login('weiming');
    const answers = async (token: string) => [
      await api('GET', `${BASE}/${id}`, undefined, token),
      ...(await launchPickers(id, token)),
      await api('POST', `${ENGINE}/FlowTask`, { flowId: id, formData: {} }, token),
    ];
    const outside = await answers(weiming);
    expect(outside.map((r) => [r.code, r.data])).toEqual([
      [404, undefined],
      [404, undefined],
      [404, undefined],
      [403, undefined],
    ]);
    expect(outside[3]!.msg).toBe('您不在该流程的发起范围内');
    expect((await answers(staff)).map((r) => r.code)).toEqual([200, 200, 200, 200]);
    const launched = await server.database.db
      .selectFrom('flow_instance')
      .select('initiator_id')
      .where('template_id', '=', id)
      .execute();
    expect(launched.map((r) => r.initiator_id)).toEqual([await server.userIdOf('staff')]);
  });

  it('S2-7-76 lists a template limited to a role only to holders of that role, and only while enabled', async () => {
    const roleId = await server.idOfCode('role', 'finance.approver');
    const id = await create({ enCode: 'financeOnly', nodeTree: startWith(managerApproval(), { roles: [roleId] }) });
    expect((await api('POST', `${BASE}/${id}/Actions/Publish`)).code).toBe(200);
    const codes = async (token: string) =>
      (await api('GET', `${BASE}/PageListAll`, undefined, token)).data.list.map((t: { enCode: string }) => t.enCode);
    expect(await codes(finance)).toContain('financeOnly');
    expect(await codes(staff)).not.toContain('financeOnly');
    expect((await api('GET', `${BASE}/${id}`, undefined, staff)).code).toBe(404);
    expect((await api('GET', `${BASE}/${id}`, undefined, finance)).code).toBe(200);
    // The launch pickers answer nothing about it to those who may not launch it.
    expect((await launchPickers(id, staff)).map((r) => r.code)).toEqual([404, 404]);
    expect((await launchPickers(id, finance)).map((r) => r.code)).toEqual([200, 200]);

    expect((await api('PUT', `${BASE}/${id}/Actions/State`, { enabledMark: 0 })).code).toBe(200);
    expect(await codes(finance)).not.toContain('financeOnly');
    // Search and category narrow the list.
    const searched = await api('GET', `${BASE}/PageListAll?keyword=leave&category=admin.leave`, undefined, staff);
    expect(searched.data.list.map((t: { enCode: string }) => t.enCode)).toEqual(['leave']);
  });

  it('exports and imports a template, refusing a code already in use', async () => {
    const id = await create({ enCode: 'roundTrip', nodeTree: startWith(managerApproval('m9')) });
    const exported = await api('GET', `${BASE}/${id}/Actions/Export`);
    expect(exported.data).toMatchObject({ enCode: 'roundTrip', formId: leaveFormId });
    const duplicate = await api('POST', `${BASE}/Actions/Import`, { data: JSON.stringify(exported.data) });
    expect(duplicate.code).toBe(400);
    expect(duplicate.msg).toContain('roundTrip');
    const imported = await api('POST', `${BASE}/Actions/Import`, {
      data: JSON.stringify({ ...exported.data, enCode: 'roundTrip2' }),
    });
    expect(imported.code, imported.msg).toBe(200);
    const info = await api('GET', `${BASE}/${imported.data.id}`);
    expect(info.data.draftTree.childNode.nodeId).toBe('m9');
    const garbage = await api('POST', `${BASE}/Actions/Import`, { data: '{"enCode": 1}' });
    expect(garbage.code).toBe(400);
    expect(garbage.msg).toContain('enCode');
  });

  it('refuses to delete a template while an instance uses it', async () => {
    const id = await create({ nodeTree: startWith(managerApproval()) });
    const published = await api('POST', `${BASE}/${id}/Actions/Publish`);
    await insertInstance(server.database.db, {
      template_id: id,
      version_id: published.data.flowId,
      initiator_id: await server.userIdOf('staff'),
      status: 0,
    });
    const res = await api('DELETE', `${BASE}/${id}`);
    expect(res.code).toBe(400);
    expect(res.msg).toContain('1');
    expect(await server.exists('flow_template', id)).toBe(true);
  });
});
