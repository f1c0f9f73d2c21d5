import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';
import { insertInstance, insertOperator } from './testing.ts';

const DELEGATE = '/api/workflow/Engine/FlowDelegate';
const COMMENT = '/api/workflow/Engine/FlowComment';
const day = 24 * 3600 * 1000;

describe.each(dbTargets())('delegation and comments on $name', (target) => {
  let server: TestServer;
  let staff: string;
  let manager: string;
  let finance: string;
  let admin: string;
  let managerId: string;
  let leaveId: string;
  let instanceId: string;

  const api = (method: string, url: string, token: string, body?: unknown) =>
    server.call(method, url, { token, ...(body === undefined ? {} : { body }) }).then((r) => r.json());

  beforeAll(async () => {
    server = await createTestServer(target);
    [staff, manager, finance, admin] = await server.logins(['staff', 'manager', 'finance', 'admin']);
    managerId = await server.userIdOf('manager');
    const leave = await server.database.db
      .selectFrom('flow_template')
      .select(['id', 'current_version_id'])
      .where('en_code', '=', 'leave')
      .executeTakeFirstOrThrow();
    leaveId = leave.id;
    instanceId = await insertInstance(server.database.db, {
      template_id: leave.id,
      version_id: leave.current_version_id!,
      initiator_id: await server.userIdOf('staff'),
    });
    await insertOperator(server.database.db, { instance_id: instanceId, assignee_id: managerId });
  });
  afterAll(() => server.close());

  const delegation = (extra: Record<string, unknown> = {}) => ({
    toUserId: managerId,
    type: 0,
    flowId: leaveId,
    startTime: Date.now(),
    endTime: Date.now() + 7 * day,
    description: '休假',
    ...extra,
  });

  it('keeps each user’s delegations his own: others get 404 and do not see them', async () => {
    const created = await api('POST', DELEGATE, staff, delegation());
    expect(created.code, created.msg).toBe(200);
    const id = created.data.id as string;

    const mine = await api('GET', DELEGATE, staff);
    expect(mine.data.list).toHaveLength(1);
    expect(mine.data.list[0]).toMatchObject({
      id,
      userName: '李晓梅/staff',
      toUserId: managerId,
      toUserName: '王建国/manager',
      type: 0,
      flowId: leaveId,
      flowName: '请假申请',
      description: '休假',
      enabled: 1,
    });
    expect((await api('GET', `${DELEGATE}?type=1`, staff)).data.list).toEqual([]);
    expect((await api('GET', `${DELEGATE}?keyword=王建国`, staff)).data.list).toHaveLength(1);

    expect((await api('GET', DELEGATE, manager)).data.list).toEqual([]);
    expect((await api('GET', `${DELEGATE}/${id}`, manager)).code).toBe(404);
    expect(
      (await api('PUT', `${DELEGATE}/${id}`, manager, delegation({ toUserId: await server.userIdOf('hr') }))).code,
    ).toBe(404);
    expect((await api('DELETE', `${DELEGATE}/${id}`, manager)).code).toBe(404);
    expect((await api('GET', `${DELEGATE}/${id}`, staff)).data.description).toBe('休假');

    const changed = await api('PUT', `${DELEGATE}/${id}`, staff, delegation({ flowId: '', description: '出差' }));
    expect(changed.code).toBe(200);
    expect((await api('GET', `${DELEGATE}/${id}`, staff)).data).toMatchObject({ flowId: null, description: '出差' });
    expect((await api('DELETE', `${DELEGATE}/${id}`, staff)).code).toBe(200);
    expect((await api('GET', DELEGATE, staff)).data.list).toEqual([]);
  });

  it('tells a user who delegates launching to him now, for a template or any', async () => {
    const expense = await server.database.db
      .selectFrom('flow_template')
      .select(['id', 'current_version_id'])
      .where('en_code', '=', 'expense')
      .executeTakeFirstOrThrow();
    // In effect at the server's clock, which stands still in tests.
    const at = server.clock.now;
    const forLeave = await api('POST', DELEGATE, staff, delegation({ type: 1, startTime: at }));
    const approvals = await api('POST', DELEGATE, finance, delegation({ type: 0, flowId: '', startTime: at }));
    const past = await api(
      'POST',
      DELEGATE,
      admin,
      delegation({ type: 1, flowId: '', endTime: at - day, startTime: at - 2 * day }),
    );
    expect([forLeave.code, approvals.code, past.code]).toEqual([200, 200, 200]);
    const toMe = async (query: string, token = manager) => (await api('GET', `${DELEGATE}/ToMe?${query}`, token)).data;
    expect(await toMe(`type=1&flowId=${leaveId}`)).toEqual([
      { id: await server.userIdOf('staff'), fullName: '李晓梅/staff' },
    ]);
    expect(await toMe(`type=1&flowId=${expense.current_version_id}`)).toEqual([]);
    expect(await toMe('type=1')).toHaveLength(1);
    expect(await toMe('type=0')).toEqual([
      { id: await server.userIdOf('finance'), fullName: expect.stringContaining('/finance') },
    ]);
    expect(await toMe('type=1', staff)).toEqual([]);
    // Bad input is refused naming the parameter: a type other than 0 or 1, a flowId that is no id.
    for (const [query, name] of [
      ['type=2', 'type'],
      ['type=x', 'type'],
      [`type=1&flowId=${'x'.repeat(300)}`, 'flowId'],
    ]) {
      const refused = await api('GET', `${DELEGATE}/ToMe?${query}`, manager);
      expect({ query, code: refused.code }).toEqual({ query, code: 400 });
      expect(refused.msg).toContain(name);
    }
    for (const created of [forLeave, approvals, past]) {
      const owner = created === forLeave ? staff : created === approvals ? finance : admin;
      expect((await api('DELETE', `${DELEGATE}/${created.data.id}`, owner)).code).toBe(200);
    }
  });

  it('refuses a delegation to oneself, backwards in time or to an unknown flow, naming the field', async () => {
    const self = await api('POST', DELEGATE, staff, delegation({ toUserId: await server.userIdOf('staff') }));
    expect(self.code).toBe(400);
    expect(self.msg).toContain('toUserId');
    const now = Date.now();
    const backwards = await api('POST', DELEGATE, staff, delegation({ startTime: now, endTime: now - day }));
    expect(backwards.code).toBe(400);
    expect(backwards.msg).toContain('endTime');
    const unknown = await api('POST', DELEGATE, staff, delegation({ flowId: 'nope' }));
    expect(unknown.code).toBe(400);
    expect(unknown.msg).toContain('flowId');
    const count = await server.database.db
      .selectFrom('flow_delegation')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('lets those who may read an instance comment on it, and only authors withdraw their comments', async () => {
    const posted = await api('POST', COMMENT, staff, { taskId: instanceId, text: '请尽快审批', image: [], file: [] });
    expect(posted.code, posted.msg).toBe(200);
    const reply = await api('POST', COMMENT, manager, { taskId: instanceId, text: '好的' });
    expect(reply.code).toBe(200);

    const thread = await api('GET', `${COMMENT}?taskId=${instanceId}`, manager);
    expect(thread.data.list.map((c: { text: string; isDel: boolean }) => [c.text, c.isDel])).toEqual([
      ['好的', true],
      ['请尽快审批', false],
    ]);
    expect(thread.data.list[1]).toMatchObject({ taskId: instanceId, creatorUserName: '李晓梅/staff', image: [] });
    // The monitor reads every thread.
    expect((await api('GET', `${COMMENT}?taskId=${instanceId}`, admin)).data.pagination.total).toBe(2);

    // Finance takes no part in the flow: the thread does not exist for him.
    expect((await api('GET', `${COMMENT}?taskId=${instanceId}`, finance)).code).toBe(404);
    expect((await api('POST', COMMENT, finance, { taskId: instanceId, text: '路过' })).code).toBe(404);
    expect((await api('DELETE', `${COMMENT}/${posted.data.id}`, finance)).code).toBe(404);
    expect((await api('DELETE', `${COMMENT}/${posted.data.id}`, manager)).code).toBe(403);

    expect((await api('DELETE', `${COMMENT}/${posted.data.id}`, staff)).code).toBe(200);
    const after = await api('GET', `${COMMENT}?taskId=${instanceId}`, staff);
    expect(after.data.list.map((c: { text: string }) => c.text)).toEqual(['好的']);
    expect((await api('POST', COMMENT, staff, { taskId: instanceId, text: '   ' })).code).toBe(400);
  });

  it('keeps comment attachments at their plain path and answers each reader a fresh link', async () => {
    const fileId = `${'0'.repeat(26)}${'a'.repeat(16)}.png`;
    const sent = { name: '发票.png', fileId, url: `/api/file/Annex/${fileId}?ticket=handed-out-earlier` };
    const posted = await api('POST', COMMENT, staff, { taskId: instanceId, text: '附发票', image: [sent], file: [] });
    expect(posted.code, posted.msg).toBe(200);
    const row = await server.database.db
      .selectFrom('flow_comment')
      .select('image')
      .where('id', '=', posted.data.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.image)).toEqual([{ name: '发票.png', fileId, url: `/api/file/Annex/${fileId}` }]);
    const thread = await api('GET', `${COMMENT}?taskId=${instanceId}`, manager);
    const image = thread.data.list.find((c: { id: string }) => c.id === posted.data.id).image[0];
    expect(image.url).toMatch(new RegExp(`^/api/file/Annex/${fileId}\\?fullName=.+&ticket=[^&]+$`));
    expect(image.url).not.toContain('handed-out-earlier');
  });
});
