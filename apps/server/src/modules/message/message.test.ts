import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, type TestServer } from '../../testing/index.ts';

type Item = { id: string; title: string; type: number; isRead: string; state?: number };

describe.each(dbTargets())('messages and notices on $name', (target) => {
  let server: TestServer;
  let admin: string;
  let noticeAdmin: string;
  let finance: string;
  let hr: string;
  let staff: string;
  let dataDir: string;
  const en = { 'accept-language': 'en-US' };

  const createNotice = async (body: Record<string, unknown>, token = noticeAdmin) =>
    (await server.call('POST', '/api/message', { token, body: { title: 'N', bodyText: '<p>x</p>', ...body } })).json();
  const release = async (body: Record<string, unknown>, token = noticeAdmin) =>
    (await server.call('POST', '/api/message/Actions/Release', { token, body })).json();
  const list = async (token: string, query = '') =>
    (await server.call('GET', `/api/message${query ? `?${query}` : ''}`, { token })).json();
  const counts = async (token: string) =>
    (await server.call('GET', '/api/message/getUnReadMsgNum', { token })).json().data;
  const receiveRows = async (messageId: string) =>
    server.database.db
      .selectFrom('message_receive')
      .select(['user_id', 'is_read'])
      .where('message_id', '=', messageId)
      .execute();

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-msg-'));
    server = await createTestServer(target, { dataDir });
    [admin, noticeAdmin, finance, hr, staff] = await server.logins(['admin', 'zhangqiang', 'finance', 'hr', 'staff']);
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // -------------------------------------------------------------------------------------------
  // Notice administration
  // -------------------------------------------------------------------------------------------

  it('S1-7-28 S1-3-10 creates a draft notice with sanitised rich text, attachments and recipients; reads it back', async () => {
    const financeId = await server.userIdOf('finance');
    const res = await createNotice({
      title: '  Office move  ',
      bodyText: '<p onclick="steal()">Hello <b>all</b><script>alert(1)</script><img src="javascript:x"></p>',
      files: JSON.stringify([{ name: 'plan.pdf', fileId: 'F1', fileSize: 10, url: '/x' }]),
      category: 'notice',
      urgent: 3,
      expireTime: Date.now() + 86_400_000,
      toUserIds: [`${financeId}--user`],
    });
    expect(res.code).toBe(200);
    expect(res.msg).toBe('新建成功');
    const info = (await server.call('GET', `/api/message/${res.data.id}`, { token: noticeAdmin })).json();
    expect(info.code).toBe(200);
    expect(info.data).toMatchObject({
      id: res.data.id,
      title: 'Office move',
      state: 0,
      urgent: 3,
      category: 'notice',
      version: 0,
      toUserIds: [`${financeId}--user`],
      releaseTime: null,
      releaseUser: '',
    });
    expect(info.data.bodyText).toBe('<p>Hello <b>all</b><img /></p>');
    expect(JSON.parse(info.data.files)).toEqual([{ name: 'plan.pdf', fileId: 'F1', fileSize: 10, url: '/x' }]);
    expect(info.data.creatorUser).toMatch(/\/zhangqiang$/);
  });

  it('S1-7-28 bad notice input answers 400 naming the field and stores nothing', async () => {
    const before = await server.database.db.selectFrom('message').select('id').execute();
    for (const [body, field] of [
      [{ title: '' }, 'title'],
      [{ urgent: 9 }, 'urgent'],
      [{ toUserIds: ['x y--user'] }, 'toUserIds'],
      [{ expireTime: server.clock.now - 1000 }, 'expireTime'],
      [{ files: '{"a":1}' }, 'files'],
      [{ files: 'not json' }, 'files'],
    ] as const) {
      const res = await createNotice(body);
      expect(res.code, JSON.stringify(body)).toBe(400);
      expect(res.msg).toContain(field);
    }
    expect(await server.database.db.selectFrom('message').select('id').execute()).toHaveLength(before.length);
  });

  it('S1-6 notice administration is enforced by the server: 403 without the grant, 602 without a token', async () => {
    const created = await createNotice({ title: 'Guarded' });
    const id = created.data.id;
    for (const [method, url, body] of [
      ['GET', '/api/message/Notice', undefined],
      ['POST', '/api/message', { title: 'x' }],
      ['GET', `/api/message/${id}`, undefined],
      ['PUT', `/api/message/${id}`, { title: 'x', version: 0 }],
      ['DELETE', `/api/message/${id}`, undefined],
      ['POST', '/api/message/Actions/Release', { id }],
    ] as const) {
      const denied = (await server.call(method, url, { token: staff, body })).json();
      expect(denied, `${method} ${url}`).toMatchObject({ code: 403, msg: '暂无权限' });
      expect((await server.call(method, url, { body })).json().code).toBe(602);
    }
    expect((await server.rowOf('message', id)).state).toBe(0);
  });

  it('S1-7-28 edits carry the version (a stale one gets 409) and only drafts can be edited', async () => {
    const { data } = await createNotice({ title: 'Draft' });
    const url = `/api/message/${data.id}`;
    const { codes } = await server.saveTwiceAtOnce(
      url,
      { token: noticeAdmin, body: { title: 'First', version: 0 } },
      { token: admin, body: { title: 'Second', version: 0 } },
    );
    expect(codes).toEqual([200, 409]);
    const row = await server.rowOf('message', data.id);
    expect(row.version).toBe(1);
    expect(['First', 'Second']).toContain(row.title);

    expect((await release({ id: data.id })).code).toBe(200);
    const locked = (
      await server.call('PUT', url, { token: noticeAdmin, body: { title: 'Late', version: 2 }, headers: en })
    ).json();
    expect(locked).toMatchObject({ code: 400, msg: 'Only a draft notice can be edited' });
    expect((await server.rowOf('message', data.id)).title).toBe(row.title);
  });

  it('S1-7-29 S1-4-18 releasing creates one receive row per recipient: organisations with sub-organisations, roles and users', async () => {
    const db = server.database.db;
    const ids = await server.idsByCode('organize');
    const roles = await server.idsByCode('role');
    const ceoId = await server.userIdOf('ceo');
    const { data } = await createNotice({
      title: 'R&D and finance approvers',
      toUserIds: [
        `${ids['demo.rd']}--department`,
        `${roles['finance.approver']}--role`,
        `${ceoId}--user`,
        `${ceoId}--user`,
      ],
    });
    const rd = [ids['demo.rd'], ids['demo.rd.web'], ids['demo.rd.server']];
    const expected = new Set([
      ...(
        await db.selectFrom('users').select('id').where('organize_id', 'in', rd).where('enabled', '=', 1).execute()
      ).map((u) => u.id),
      ...(
        await db
          .selectFrom('user_relation')
          .select('user_id')
          .where('object_type', '=', 'Role')
          .where('object_id', '=', roles['finance.approver']!)
          .execute()
      ).map((r) => r.user_id),
      ceoId,
    ]);
    expect(expected.size).toBeGreaterThan(5);

    const res = await release({ ids: data.id });
    expect(res).toMatchObject({ code: 200, msg: '发布成功' });
    const rows = await receiveRows(data.id);
    expect(new Set(rows.map((r) => r.user_id))).toEqual(expected);
    expect(rows).toHaveLength(expected.size);
    expect(rows.every((r) => r.is_read === 0)).toBe(true);
    const info = (await server.call('GET', `/api/message/${data.id}`, { token: noticeAdmin })).json().data;
    expect(info).toMatchObject({ state: 1, version: 1 });
    expect(info.releaseUser).toMatch(/\/zhangqiang$/);
  });

  it('S1-7-29 an empty recipient list releases to every enabled user', async () => {
    const { data } = await createNotice({ title: 'Everyone' });
    expect((await release({ id: data.id })).code).toBe(200);
    const enabled = await server.database.db.selectFrom('users').select('id').where('enabled', '=', 1).execute();
    expect((await receiveRows(data.id)).length).toBe(enabled.length);
  });

  it('S1-7-29 two admins releasing the same draft at once: exactly one release, the other 409, no duplicate rows', async () => {
    const financeId = await server.userIdOf('finance');
    const { data } = await createNotice({ title: 'Race', toUserIds: [financeId] });
    const [a, b] = await Promise.all([release({ id: data.id }), release({ id: data.id }, admin)]);
    expect([a.code, b.code].sort()).toEqual([200, 409]);
    expect(await receiveRows(data.id)).toEqual([{ user_id: financeId, is_read: 0 }]);
  });

  it('S1-7-29 a release of several ids is all or nothing', async () => {
    const financeId = await server.userIdOf('finance');
    const good = (await createNotice({ title: 'Good', toUserIds: [financeId] })).data.id;
    const done = (await createNotice({ title: 'Done', toUserIds: [financeId] })).data.id;
    expect((await release({ id: done })).code).toBe(200);
    const res = (
      await server.call('POST', '/api/message/Actions/Release', {
        token: noticeAdmin,
        body: { ids: `${good},${done}` },
        headers: en,
      })
    ).json();
    expect(res).toMatchObject({ code: 409, msg: 'The notice "Done" has already been released' });
    expect((await server.rowOf('message', good)).state).toBe(0);
    expect(await receiveRows(good)).toEqual([]);
    expect((await release({})).code).toBe(400);
  });

  it('S1-7-27 S1-7-34 the notice list pages by 20, filters by keyword and state, and shows expired notices as state 2', async () => {
    const hrId = await server.userIdOf('hr');
    const expiring = (
      await createNotice({ title: 'Expiring soon', toUserIds: [hrId], expireTime: server.clock.now + 60_000 })
    ).data.id;
    expect((await release({ id: expiring })).code).toBe(200);
    const draft = (await createNotice({ title: 'Expiring draft' })).data.id;
    const page = (
      await server.call('GET', '/api/message/Notice?type=-1&currentPage=1&pageSize=20', { token: noticeAdmin })
    ).json();
    expect(page.code).toBe(200);
    expect(page.data.pagination).toMatchObject({ currentPage: 1, pageSize: 20 });
    expect(page.data.pagination.total).toBeGreaterThanOrEqual(page.data.list.length);
    const byKeyword = (await server.call('GET', '/api/message/Notice?keyword=expiring', { token: noticeAdmin })).json();
    expect(byKeyword.data.list.map((n: Item) => [n.id, n.state])).toEqual([
      [draft, 0],
      [expiring, 1],
    ]);

    server.clock.advance(120_000);
    const later = (
      await server.call('GET', '/api/message/Notice?keyword=expiring&state=2', { token: noticeAdmin })
    ).json();
    expect(later.data.list.map((n: Item) => [n.id, n.state])).toEqual([[expiring, 2]]);
    const released = (
      await server.call('GET', '/api/message/Notice?keyword=expiring&state=1', { token: noticeAdmin })
    ).json();
    expect(released.data.list).toEqual([]);
    // A draft whose expiry passed can no longer be released.
    const stale = (await createNotice({ title: 'Stale', expireTime: server.clock.now + 1000 })).data.id;
    server.clock.advance(2000);
    expect((await release({ id: stale })).code).toBe(400);
    expect((await server.call('GET', '/api/message/Notice?state=7', { token: noticeAdmin })).json().code).toBe(400);
  });

  it('S1-7-28 deleting a notice removes it and its receive rows', async () => {
    const financeId = await server.userIdOf('finance');
    const { data } = await createNotice({ title: 'Gone', toUserIds: [financeId] });
    await release({ id: data.id });
    const res = (await server.call('DELETE', `/api/message/${data.id}`, { token: noticeAdmin })).json();
    expect(res).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await receiveRows(data.id)).toEqual([]);
    expect((await server.call('GET', `/api/message/${data.id}`, { token: noticeAdmin })).json().code).toBe(404);
    expect((await server.call('DELETE', `/api/message/${data.id}`, { token: noticeAdmin })).json().code).toBe(404);
  });

  // -------------------------------------------------------------------------------------------
  // Message centre
  // -------------------------------------------------------------------------------------------

  it('S1-7-23 S1-3-11 the message list pages, filters by keyword, type and read state, newest first', async () => {
    const ceo = await server.login('ceo');
    const ceoId = await server.userIdOf('ceo');
    const before = (await list(ceo, 'pageSize=500')).data.pagination.total;
    for (const title of ['List A', 'List B', 'List C']) {
      const { data } = await createNotice({ title, toUserIds: [ceoId] });
      await release({ id: data.id });
    }
    const all = await list(ceo, 'keyword=list%20&currentPage=1&pageSize=2&sort=desc');
    expect(all.data.pagination).toEqual({ currentPage: 1, pageSize: 2, total: 3 });
    expect(all.data.list.map((m: Item) => m.title)).toEqual(['List C', 'List B']);
    expect(all.data.list[0]).toMatchObject({ type: 1, isRead: '0', flowType: null, excerpt: 'x' });
    expect(all.data.list[0].releaseUser).toMatch(/\/zhangqiang$/);
    expect(typeof all.data.list[0].releaseTime).toBe('number');
    const second = await list(ceo, 'keyword=list%20&currentPage=2&pageSize=2');
    expect(second.data.list.map((m: Item) => m.title)).toEqual(['List A']);
    expect((await list(ceo, 'type=2')).data.list.every((m: Item) => m.type === 2)).toBe(true);
    expect((await list(ceo, 'type=&isRead=')).data.pagination.total).toBe(before + 3);
    expect((await list(ceo, 'isRead=1&keyword=list')).data.list).toEqual([]);
    for (const bad of ['type=7', 'isRead=2', 'pageSize=0', 'currentPage=x']) {
      const res = await list(ceo, bad);
      expect(res.code, bad).toBe(400);
    }
    expect((await server.call('GET', '/api/message')).json().code).toBe(602);
  });

  it('S1-7-25 S1-4-07 ReadInfo answers the body and marks it read once; another user gets 404', async () => {
    const financeId = await server.userIdOf('finance');
    const { data } = await createNotice({ title: 'Read me', bodyText: '<p>Body</p>', toUserIds: [financeId] });
    await release({ id: data.id });
    const before = await counts(finance);
    const res = (await server.call('GET', `/api/message/ReadInfo/${data.id}`, { token: finance })).json();
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({
      id: data.id,
      title: 'Read me',
      isRead: '1',
      bodyText: '<p>Body</p>',
      files: '[]',
      type: 1,
    });
    expect((await counts(finance)).unreadNoticeCount).toBe(before.unreadNoticeCount - 1);
    // Reading again changes nothing.
    await server.call('GET', `/api/message/ReadInfo/${data.id}`, { token: finance });
    expect((await counts(finance)).unreadNoticeCount).toBe(before.unreadNoticeCount - 1);
    // hr did not receive it: same answer as a missing message.
    expect((await server.call('GET', `/api/message/ReadInfo/${data.id}`, { token: hr })).json().code).toBe(404);
    expect((await server.call('GET', '/api/message/ReadInfo/nope', { token: hr })).json().code).toBe(404);
    expect(await receiveRows(data.id)).toEqual([{ user_id: financeId, is_read: 1 }]);
  });

  it('S1-7-24 S1-4-09 S1-8-18 ReadAll marks the matching rows read and answers the message; at once from two tabs the counts are exact', async () => {
    const hrId = await server.userIdOf('hr');
    for (const title of ['RA 1', 'RA 2', 'Other 3']) {
      const { data } = await createNotice({ title, toUserIds: [hrId] });
      await release({ id: data.id });
    }
    const start = await counts(hr);
    const res = (
      await server.call('POST', '/api/message/Actions/ReadAll', {
        token: hr,
        body: { keyword: 'RA ', type: 1, isRead: '0' },
      })
    ).json();
    expect(res).toMatchObject({ code: 200, msg: '已全部标记为已读' });
    expect(res.data.unreadNoticeCount).toBe(start.unreadNoticeCount - 2);
    expect((await list(hr, 'keyword=Other%203')).data.list[0].isRead).toBe('0');

    const [a, b] = await Promise.all([
      server.call('POST', '/api/message/Actions/ReadAll', { token: hr, body: {} }),
      server.call('POST', '/api/message/Actions/ReadAll', { token: hr, body: {} }),
    ]);
    expect([a.json().code, b.json().code]).toEqual([200, 200]);
    expect(await counts(hr)).toEqual({
      unreadNoticeCount: 0,
      unreadMessageCount: 0,
      unreadSystemMessageCount: 0,
      unreadTotalCount: 0,
    });
    const en2 = (
      await server.call('POST', '/api/message/Actions/ReadAll', { token: hr, body: {}, headers: en })
    ).json();
    expect(en2.msg).toBe('All marked as read');
    expect(
      (await server.call('POST', '/api/message/Actions/ReadAll', { token: hr, body: { type: 9 } })).json().code,
    ).toBe(400);
  });

  it('S1-7-26 DELETE Record removes messages from the caller only', async () => {
    const [financeId, hrId] = [await server.userIdOf('finance'), await server.userIdOf('hr')];
    const { data } = await createNotice({ title: 'Shared', toUserIds: [financeId, hrId] });
    await release({ id: data.id });
    const res = (
      await server.call('DELETE', '/api/message/Record', { token: finance, body: { ids: `${data.id},unknown` } })
    ).json();
    expect(res).toMatchObject({ code: 200, msg: '删除成功' });
    expect(await receiveRows(data.id)).toEqual([{ user_id: hrId, is_read: 0 }]);
    const bad = (await server.call('DELETE', '/api/message/Record', { token: finance, body: { ids: '' } })).json();
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('ids');
  });

  // -------------------------------------------------------------------------------------------
  // Chat image upload
  // -------------------------------------------------------------------------------------------

  const PNG = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082',
    'hex',
  );
  const upload = (bytes: Buffer, token: string | undefined, headers: Record<string, string> = {}) => {
    const boundary = '----atrium';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return server.app.inject({
      method: 'POST',
      url: '/prod/api/file/Uploader/IM',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        ...(token ? { authorization: token } : {}),
        ...headers,
      },
      payload,
    });
  };

  it('S1-7-48 S1-5-20 S1-5-21 S1-8-09 the IM upload takes one image under 5 MB and answers its name', async () => {
    const res = (await upload(PNG, staff)).json();
    expect(res.code).toBe(200);
    expect(res.data.name).toMatch(/^[0-9A-Z]{26}[0-9a-f]{16}\.png$/);
    // A link for the uploader (a ticket, not the session token).
    expect(res.data.url).toMatch(new RegExp(`^/api/file/Image/IM/${res.data.name}\\?ticket=[^&]+$`));
    const image = await server.app.inject({ url: res.data.url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload(big, staff)).json()).toMatchObject({ code: 400, msg: '图片大小不能超过5M' });
    expect((await upload(big, staff, en)).json()).toMatchObject({ code: 400, msg: 'image size cannot exceed 5M' });
    expect((await upload(Buffer.from('hello, not an image'), staff)).json().code).toBe(400);
    expect((await upload(PNG, undefined)).json().code).toBe(602);
    expect(fs.readdirSync(path.join(dataDir, 'files', 'IM'))).toHaveLength(1);
  });
});
