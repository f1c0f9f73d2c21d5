import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../../testing/index.ts';

const BASE = '/api/example/OaTemplate';
const en = { 'accept-language': 'en-US' };

describe.each(dbTargets())('notice templates on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let noticeAdmin: string;
  let staff: string;
  const names = async () =>
    (await server.database.db.selectFrom('oa_template').select('full_name').orderBy('full_name').execute()).map(
      (r) => r.full_name,
    );
  const row = (id: string) =>
    server.database.db.selectFrom('oa_template').selectAll().where('id', '=', id).executeTakeFirst();
  const list = async (body: object, token = noticeAdmin) =>
    (await server.call('POST', `${BASE}/getList`, { token, body })).json();
  const create = async (body: object, token = noticeAdmin, headers?: Record<string, string>) =>
    (await server.call('POST', BASE, { token, body, headers })).json();

  beforeAll(async () => {
    server = await createTestServer(target);
    [admin, noticeAdmin, staff] = await server.logins(['admin', 'zhangqiang', 'staff']);
  });
  afterAll(() => server.close());

  it('S1-7-33 S2-7-53 getList pages the seeded templates newest first with their text and author', async () => {
    const all = await list({});
    expect(all.code).toBe(200);
    expect(all.data.pagination).toEqual({ currentPage: 1, pageSize: 20, total: 2 });
    expect(all.data.list.map((r: { fullName: string }) => r.fullName)).toEqual(['会议通知', '放假通知']);
    expect(all.data.list[0]).toMatchObject({ creatorUser: '系统管理员/admin' });
    expect(all.data.list[0].content).toContain('<p>各位同事：</p>');
    expect(all.data.list[0].excerpt).toMatch(/^各位同事：/);
    const page = await list({ currentPage: 2, pageSize: 1, sort: 'asc' });
    expect(page.data.list.map((r: { fullName: string }) => r.fullName)).toEqual(['会议通知']);
    expect(page.data.pagination).toEqual({ currentPage: 2, pageSize: 1, total: 2 });
    // The keyword finds a template by its name and by its text.
    expect((await list({ keyword: '放假' })).data.list.map((r: { fullName: string }) => r.fullName)).toEqual([
      '放假通知',
    ]);
    expect((await list({ keyword: '议题' })).data.list.map((r: { fullName: string }) => r.fullName)).toEqual([
      '会议通知',
    ]);
    expect((await list({ keyword: 'nothing-like-this' })).data).toMatchObject({ list: [], pagination: { total: 0 } });
  });

  it('S1-7-33 S2-7-53 saves a notice text as a template, cleaned of scripts, and lists it first', async () => {
    const saved = await create({
      fullName: '  季度总结  ',
      content: '<p onclick="steal()">请于月底前提交<strong>季度总结</strong>。</p><script>alert(1)</script>',
    });
    expect(saved).toMatchObject({ code: 200, msg: '保存成功' });
    expect(await row(saved.data.id)).toMatchObject({
      full_name: '季度总结',
      content: '<p>请于月底前提交<strong>季度总结</strong>。</p>',
      excerpt: '请于月底前提交季度总结。',
      created_by: await server.userIdOf('zhangqiang'),
    });
    const first = (await list({})).data.list[0];
    expect(first).toMatchObject({ id: saved.data.id, fullName: '季度总结', creatorUser: '张强/zhangqiang' });
    await server.call('DELETE', `${BASE}/${saved.data.id}`, { token: noticeAdmin });
  });

  it('S1-7-33 bad input names the field and stores nothing', async () => {
    const before = await names();
    for (const [body, field] of [
      [{ content: '<p>x</p>' }, 'fullName'],
      [{ fullName: '', content: '<p>x</p>' }, 'fullName'],
      [{ fullName: 'x'.repeat(51), content: '<p>x</p>' }, 'fullName'],
      [{ fullName: 'a\u0000b', content: '<p>x</p>' }, 'fullName'],
      [{ fullName: 'Blank' }, 'content'],
      [{ fullName: 'Blank', content: '' }, 'content'],
      [{ fullName: 'Blank', content: '<script>alert(1)</script>' }, 'content'],
      [{ fullName: 'Big', content: 'x'.repeat(100_001) }, 'content'],
    ] as const) {
      const res = await create(body, noticeAdmin, en);
      expect(res.code, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.msg).toContain(field);
    }
    const badPage = await list({ pageSize: 501 });
    expect(badPage.code).toBe(400);
    expect(badPage.msg).toContain('pageSize');
    expect(await names()).toEqual(before);
  });

  it('S1-7-33 a name is used once: of two saves under one name at once exactly one lands', async () => {
    const body = { fullName: '周报提醒', content: '<p>请提交周报。</p>' };
    const [a, b] = await Promise.all([create(body), create(body, admin)]);
    expect([a.code, b.code].sort()).toEqual([200, 400]);
    expect([a.msg, b.msg]).toContain('模板名称“周报提醒”已存在');
    expect((await names()).filter((n) => n === '周报提醒')).toHaveLength(1);
    const id = (a.code === 200 ? a : b).data.id;
    expect((await server.call('DELETE', `${BASE}/${id}`, { token: admin })).json().code).toBe(200);
  });

  it('S1-7-33 templates follow the notice menu: 403 without it, 602 without a token; delete needs btn_remove', async () => {
    const { data } = await create({ fullName: '保密模板', content: '<p>内部</p>' });
    for (const [method, url, body] of [
      ['POST', `${BASE}/getList`, {}],
      ['POST', BASE, { fullName: 'Intruder', content: '<p>x</p>' }],
      ['DELETE', `${BASE}/${data.id}`, undefined],
    ] as const) {
      expect((await server.call(method, url, { token: staff, body })).json(), `${method} ${url}`).toMatchObject({
        code: 403,
      });
      expect((await server.call(method, url, { body })).json().code).toBe(602);
    }
    expect(await names()).not.toContain('Intruder');
    expect(await row(data.id)).toBeDefined();
    const removed = (await server.call('DELETE', `${BASE}/${data.id}`, { token: noticeAdmin })).json();
    expect(removed).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await row(data.id)).toBeUndefined();
    expect((await server.call('DELETE', `${BASE}/${data.id}`, { token: noticeAdmin })).json().code).toBe(404);
    // Saving and deleting are in the audit log.
    const audited = await server.database.db
      .selectFrom('audit_log')
      .select(['action', 'resource_id'])
      .where('resource', '=', 'oaTemplate')
      .where('resource_id', '=', data.id)
      .orderBy('created_at')
      .execute();
    expect(audited.map((r) => r.action)).toEqual(['create', 'delete']);
  });
});
