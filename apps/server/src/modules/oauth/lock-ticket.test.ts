import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, dbTargets, md5, type TestServer } from '../../testing/index.ts';

describe.each(dbTargets())('screen lock and tickets on $name', (target) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(target);
  });
  afterAll(() => server.close());

  it('locking is mirrored on the session: CurrentUser says so until the password unlocks it', async () => {
    const token = await server.login('caopeng');
    const current = async () =>
      (await server.call('GET', '/api/oauth/CurrentUser', { token })).json().data.userInfo.locked;
    expect(await current()).toBe(false);
    expect((await server.call('PUT', '/api/oauth/LockScreen', { token })).json().code).toBe(200);
    expect(await current()).toBe(true);
    await server.call('POST', '/api/oauth/LockScreen', {
      token,
      body: { account: 'caopeng', password: md5('wrong111') },
    });
    expect(await current()).toBe(true);
    await server.call('POST', '/api/oauth/LockScreen', {
      token,
      body: { account: 'caopeng', password: md5('demo1234') },
    });
    expect(await current()).toBe(false);
  });

  it('a ticket opens one new session for the same user, once, within 60 s', async () => {
    const token = await server.login('yanli');
    const { ticket } = (await server.call('POST', '/api/oauth/Ticket', { token })).json().data;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{30,}$/);
    const [a, b] = await Promise.all([
      server.call('POST', '/api/oauth/TicketLogin', { form: { ticket } }),
      server.call('POST', '/api/oauth/TicketLogin', { body: { ticket } }),
    ]);
    const answers = [a.json(), b.json()];
    expect(answers.filter((r) => r.code === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.code === 400).map((r) => r.msg)).toEqual(['票据无效或已过期']);
    const opened = answers.find((r) => r.code === 200)!.data.token;
    expect(opened).not.toBe(token);
    expect(
      (await server.call('GET', '/api/oauth/CurrentUser', { token: opened })).json().data.userInfo.userAccount,
    ).toBe('yanli');

    const late = (await server.call('POST', '/api/oauth/Ticket', { token })).json().data.ticket;
    server.clock.advance(61_000);
    expect((await server.call('POST', '/api/oauth/TicketLogin', { body: { ticket: late } })).json().code).toBe(400);
    expect((await server.call('POST', '/api/oauth/TicketLogin', { body: {} })).json().msg).toBe(
      '参数 ticket 无效：不能为空',
    );
  });

  it('unread counts and the dashboard answer for the caller', async () => {
    const token = await server.login('manager');
    // The demo seed releases two notices to manager and staff; nothing else waits for manager.
    expect((await server.call('GET', '/api/message/getUnReadMsgNum', { token })).json().data).toEqual({
      unreadMessageCount: 0,
      unreadNoticeCount: 2,
      unreadSystemMessageCount: 0,
      unreadTotalCount: 2,
    });
    const dashboard = (await server.call('GET', '/api/home/Dashboard?tzOffset=480', { token })).json().data;
    expect(dashboard).toMatchObject({ userCount: 40, organizeCount: 10, positionCount: 14, roleCount: 5 });
    expect(dashboard.onlineUserCount).toBeGreaterThanOrEqual(1);
    expect(dashboard.signIns).toHaveLength(7);
    expect(dashboard.signIns[6].count).toBeGreaterThanOrEqual(1);
    expect((await server.call('GET', '/api/home/Dashboard?tzOffset=9999', { token })).json().code).toBe(400);
  });
});
