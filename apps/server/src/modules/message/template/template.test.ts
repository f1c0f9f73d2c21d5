import { MESSAGE_TEMPLATE_CODES } from '@atrium/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';
import { renderTemplateByCode } from './template-service.ts';

const BASE = '/api/message/MessageTemplateConfig';
const en = { 'accept-language': 'en-US' };

describe.each(dbTargets())('message templates on $name', (target) => {
  let server: TestServer;
  let shixue: string;
  let staff: string;
  let flowCategory: string;
  const count = async () =>
    Number(
      (
        await server.database.db
          .selectFrom('message_template')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const body = (over: object = {}) => ({
    fullName: '请假提醒',
    enCode: 'leaveRemind',
    category: flowCategory,
    messageType: 2,
    channel: 1,
    title: '{launchUser}的{flowTitle}',
    content: '请处理：{flowTitle}（{nodeName}）',
    templateJson: [
      { field: 'launchUser', fieldName: '发起人' },
      { field: 'flowTitle', fieldName: '流程标题' },
      { field: 'nodeName', fieldName: '节点名称' },
    ],
    ...over,
  });

  const idOf = async (enCode: string) =>
    (
      await server.database.db
        .selectFrom('message_template')
        .select('id')
        .where('en_code', '=', enCode)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    server = await createTestServer(target);
    [shixue, staff] = await server.logins(['shixue', 'staff']);
    flowCategory = (
      await server.database.db
        .selectFrom('dictionary_data')
        .innerJoin('dictionary_type', 'dictionary_type.id', 'dictionary_data.type_id')
        .select('dictionary_data.id')
        .where('dictionary_type.en_code', '=', 'messageCategory')
        .where('dictionary_data.en_code', '=', 'flow')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => server.close());

  it('S2-7-51 lists the seeded flow and notice templates, paged, by keyword, category and type', async () => {
    const all = (await server.call('GET', BASE, { token: shixue })).json();
    expect(all.code).toBe(200);
    expect(all.data.pagination).toMatchObject({ currentPage: 1, pageSize: 20, total: 4 });
    expect(all.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(Object.values(MESSAGE_TEMPLATE_CODES));
    expect(all.data.list[0]).toMatchObject({
      fullName: '流程待办通知',
      messageType: 2,
      channel: 1,
      category: flowCategory,
      categoryName: '流程消息',
      enabledMark: 1,
    });
    const notices = (await server.call('GET', `${BASE}?messageType=1`, { token: shixue })).json();
    expect(notices.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['noticeRelease']);
    const byCategory = (
      await server.call('GET', `${BASE}?category=${flowCategory}&messageType=`, { token: shixue })
    ).json();
    expect(byCategory.data.pagination.total).toBe(3);
    const kw = (await server.call('GET', `${BASE}?keyword=${encodeURIComponent('驳回')}`, { token: shixue })).json();
    expect(kw.data.list.map((r: { enCode: string }) => r.enCode)).toEqual(['flowRejected']);
    const bad = (await server.call('GET', `${BASE}?messageType=7`, { token: shixue, headers: en })).json();
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('messageType');
  });

  it('S2-7-51 creates, reads, saves with version and deletes a template', async () => {
    const created = (await server.call('POST', BASE, { token: shixue, body: body() })).json();
    expect(created.code).toBe(200);
    const id = created.data.id as string;
    const info = (await server.call('GET', `${BASE}/${id}`, { token: shixue })).json();
    expect(info.data).toMatchObject({ ...body(), id, enabledMark: 1, sortCode: 0, description: '', version: 0 });
    const save = body({ fullName: '请假提醒2', version: 0 });
    expect((await server.call('PUT', `${BASE}/${id}`, { token: shixue, body: save })).json().code).toBe(200);
    expect(await server.rowOf('message_template', id)).toMatchObject({ full_name: '请假提醒2', version: 1 });
    const stale = (await server.call('PUT', `${BASE}/${id}`, { token: shixue, body: save })).json();
    expect(stale.code).toBe(409);
    const { codes } = await server.saveTwiceAtOnce(
      `${BASE}/${id}`,
      { token: shixue, body: body({ fullName: 'A', version: 1 }) },
      { token: shixue, body: body({ fullName: 'B', version: 1 }) },
    );
    expect(codes).toEqual([200, 409]);
    expect((await server.call('DELETE', `${BASE}/${id}`, { token: shixue })).json().code).toBe(200);
    expect(await server.exists('message_template', id)).toBe(false);
    expect((await server.call('DELETE', `${BASE}/${id}`, { token: shixue })).json().code).toBe(404);
    expect((await server.call('GET', `${BASE}/${id}`, { token: shixue })).json().code).toBe(404);
  });

  it('refuses bad input naming the field (undeclared placeholders included) and changes nothing', async () => {
    const before = await count();
    const cases: [object, string, string?][] = [
      [body({ fullName: ' ' }), 'fullName'],
      [body({ enCode: 'a b' }), 'enCode'],
      [body({ messageType: 9 }), 'messageType'],
      [body({ channel: 5 }), 'channel'],
      [body({ title: '' }), 'title'],
      [body({ templateJson: [{ field: '1bad', fieldName: 'x' }] }), 'templateJson'],
      [
        body({
          templateJson: [
            { field: 'a', fieldName: 'x' },
            { field: 'a', fieldName: 'y' },
          ],
        }),
        'templateJson',
      ],
      [body({ title: '{flowName}' }), 'title', '{flowName}'],
      [body({ content: '意见：{handleOpinion}' }), 'content', '{handleOpinion}'],
      [body({ category: 'not-an-item' }), 'category'],
    ];
    for (const [payload, field, named] of cases) {
      const res = (await server.call('POST', BASE, { token: shixue, body: payload, headers: en })).json();
      expect(res.code, field).toBe(400);
      expect(res.msg, field).toContain(field);
      if (named) expect(res.msg).toContain(named);
    }
    const taken = (await server.call('POST', BASE, { token: shixue, body: body({ enCode: 'flowTodo' }) })).json();
    expect(taken.code).toBe(400);
    expect(taken.msg).toContain('flowTodo');
    expect(await count()).toBe(before);
    // The same rules hold on save.
    const id = (await server.call('POST', BASE, { token: shixue, body: body({ enCode: 'saveRules' }) })).json().data.id;
    const res = (
      await server.call('PUT', `${BASE}/${id}`, {
        token: shixue,
        headers: en,
        body: body({ enCode: 'saveRules', title: '{x}', version: 0 }),
      })
    ).json();
    expect(res.code).toBe(400);
    expect(res.msg).toContain('{x}');
    expect(await server.rowOf('message_template', id)).toMatchObject({
      version: 0,
      title: '{launchUser}的{flowTitle}',
    });
  });

  it('two people creating the same code at once: exactly one template is created', async () => {
    const payload = body({ enCode: 'sameCode' });
    const results = await Promise.all([
      server.call('POST', BASE, { token: shixue, body: payload }),
      server.call('POST', BASE, { token: shixue, body: payload }),
    ]);
    expect(results.map((r) => r.json().code).sort()).toEqual([200, 400]);
    const rows = await server.database.db
      .selectFrom('message_template')
      .select('id')
      .where('en_code', '=', 'sameCode')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('S2-7-51 copy makes the same template under a new unique code; copies made at once differ', async () => {
    const source = { id: await idOf('flowTodo') };
    const [a, b] = await Promise.all([
      server.call('POST', `${BASE}/copy/${source.id}`, { token: shixue }),
      server.call('POST', `${BASE}/copy/${source.id}`, { token: shixue }),
    ]);
    expect([a.json().code, b.json().code]).toEqual([200, 200]);
    const copies = await Promise.all(
      [a, b].map(async (r) => (await server.call('GET', `${BASE}/${r.json().data.id}`, { token: shixue })).json().data),
    );
    const original = (await server.call('GET', `${BASE}/${source.id}`, { token: shixue })).json().data;
    for (const copy of copies) {
      expect(copy.enCode).toMatch(/^flowTodo_[0-9a-z]{6}$/);
      expect(copy.fullName).toBe('流程待办通知副本');
      expect(copy).toMatchObject({
        title: original.title,
        content: original.content,
        templateJson: original.templateJson,
        version: 0,
      });
    }
    expect(copies[0].enCode).not.toBe(copies[1].enCode);
    expect((await server.call('POST', `${BASE}/copy/missing`, { token: shixue })).json().code).toBe(404);
  });

  it('S2-7-52 getTypeList names the parameters of each message type in the caller language', async () => {
    const flow = (await server.call('GET', '/api/message/MessageDataType/getTypeList/2', { token: staff })).json();
    expect(flow.code).toBe(200);
    expect(flow.data.list).toContainEqual({ field: 'flowTitle', fieldName: '流程标题' });
    const notice = (
      await server.call('GET', '/api/message/MessageDataType/getTypeList/1', { token: staff, headers: en })
    ).json();
    expect(notice.data.list).toContainEqual({ field: 'releaseUser', fieldName: 'Released by' });
    const bad = (
      await server.call('GET', '/api/message/MessageDataType/getTypeList/x', { token: staff, headers: en })
    ).json();
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('id');
    expect((await server.call('GET', '/api/message/MessageDataType/getTypeList/2')).json().code).toBe(602);
  });

  it('renders a seeded template by code for workflow; a disabled or unknown one gives null', async () => {
    const rendered = await renderTemplateByCode(server.database.db, MESSAGE_TEMPLATE_CODES.flowRejected, {
      flowTitle: '张三的请假单',
      nodeName: '部门审批',
      handleUser: '李四',
    });
    expect(rendered).toEqual({
      title: '【驳回】张三的请假单',
      content: '您发起的张三的请假单在“部门审批”被驳回。\n处理人：李四\n驳回意见：\n处理时间：',
    });
    expect(await renderTemplateByCode(server.database.db, 'nope', {})).toBeNull();
  });

  it('every call needs the template menu and its buttons (403), and a token (602)', async () => {
    const id = await idOf('flowTodo');
    const calls: [string, string, object?][] = [
      ['GET', BASE],
      ['POST', BASE, body({ enCode: 'denied' })],
      ['GET', `${BASE}/${id}`],
      ['PUT', `${BASE}/${id}`, body({ enCode: 'denied', version: 0 })],
      ['DELETE', `${BASE}/${id}`],
      ['POST', `${BASE}/copy/${id}`],
    ];
    const before = await count();
    for (const [method, url, payload] of calls) {
      expect((await server.call(method, url, { token: staff, body: payload })).json().code, `${method} ${url}`).toBe(
        403,
      );
      expect((await server.call(method, url, { body: payload })).json().code, `${method} ${url}`).toBe(602);
    }
    expect(await count()).toBe(before);
    expect(await server.rowOf('message_template', id)).toMatchObject({ en_code: 'flowTodo', version: 0 });
  });
});
