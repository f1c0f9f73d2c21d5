import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../core/ids.ts';
import { writeSettings } from '../../core/settings.ts';
import type { Db } from '../../db/index.ts';
import { dbTargets } from '../../testing/index.ts';
import { startCluster, TestSocket, type Cluster } from './testing.ts';

const redisUrl = process.env.REDIS_TEST_URL;

async function userIdOf(db: Db, account: string): Promise<string> {
  const row = await db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow();
  return row.id;
}

/** Gives a user message-centre rows: per type, how many unread and read. */
async function addMessages(db: Db, userId: string, rows: { type: number; read: boolean }[]) {
  const now = Date.now();
  for (const [i, row] of rows.entries()) {
    const id = newId(now);
    await db
      .insertInto('message')
      .values({
        id,
        title: `m${i}`,
        type: row.type,
        body_text: '',
        files: '[]',
        release_time: now,
        created_at: now,
        version: 0,
      })
      .execute();
    await db
      .insertInto('message_receive')
      .values({ id: newId(now), message_id: id, user_id: userId, is_read: row.read ? 1 : 0, created_at: now })
      .execute();
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(dbTargets())('live socket on $name', (target) => {
  let cluster: Cluster;
  let base: string;
  const opened: TestSocket[] = [];
  const open = async (token: string, prefix = '') => {
    const socket = await TestSocket.open(base, token, prefix);
    opened.push(socket);
    return socket;
  };

  beforeAll(async () => {
    cluster = await startCluster(target, 1);
    base = cluster.bases[0]!;
    await writeSettings(cluster.database.db, { singleLogin: 2 });
  });
  afterAll(async () => {
    for (const socket of opened) socket.close();
    await cluster.close();
  });

  it('S1-7-36 S1-7-37 S1-7-41 OnConnection answers initMessage with presence and the unread counts by type', async () => {
    const db = cluster.database.db;
    const userId = await userIdOf(db, 'finance');
    await addMessages(db, userId, [
      { type: 1, read: false },
      { type: 1, read: false },
      { type: 1, read: true },
      { type: 2, read: false },
      { type: 3, read: false },
      { type: 3, read: true },
    ]);
    // Someone else's unread row does not count.
    await addMessages(db, await userIdOf(db, 'hr'), [{ type: 1, read: false }]);

    const token = await cluster.login('finance');
    // The web app reaches the API under /prod; the socket path works there too.
    const socket = await open(token, '/prod');
    const init = await socket.connect(token);
    expect(init).toEqual({
      method: 'initMessage',
      onlineUsers: expect.arrayContaining([userId]),
      unreadNums: [],
      unreadNoticeCount: 2,
      unreadMessageCount: 1,
      unreadSystemMessageCount: 1,
      unreadTotalCount: 4,
      userId,
    });
    // The same figures as the HTTP call of the message bell.
    const http = await cluster.apps[0]!.inject({
      url: '/api/message/getUnReadMsgNum',
      headers: { authorization: token },
    });
    expect(http.json().data).toEqual({
      unreadNoticeCount: 2,
      unreadMessageCount: 1,
      unreadSystemMessageCount: 1,
      unreadTotalCount: 4,
    });
    socket.close();
  });

  it('S1-7-44 a token that is not a session gets closeSocket and the socket closes', async () => {
    const socket = await open('Bearer forged');
    expect(await socket.next('closeSocket')).toEqual({ method: 'closeSocket' });
    expect(await socket.closed).toBe(1000);
  });

  it('S1-7-44 every frame has its token checked: a wrong or missing one gets closeSocket', async () => {
    const token = await cluster.login('finance');
    const other = await cluster.login('finance');
    for (const bad of [undefined, 'Bearer forged', other]) {
      const socket = await open(token);
      await socket.connect(token);
      socket.send({ method: 'OnConnection', mobileDevice: false, ...(bad ? { token: bad } : {}) });
      await socket.next('closeSocket');
      expect(await socket.closed).toBe(1000);
      // Nothing was answered to the refused frame.
      expect(socket.frames.filter((f) => f.method === 'initMessage')).toEqual([]);
    }
  });

  it('bad JSON, frames without a method and unknown methods are ignored; the socket stays usable', async () => {
    const token = await cluster.login('finance');
    const socket = await open(token);
    socket.sendRaw('{not json');
    socket.sendRaw('[1,2]');
    socket.send({ token, nomethod: true });
    socket.send({ method: 'NoSuchMethod', token });
    socket.send({ method: 'OnConnection', token, mobileDevice: 'yes' });
    const init = await socket.connect(token);
    expect(init.userId).toBe(await userIdOf(cluster.database.db, 'finance'));
    await pause(50);
    expect(socket.frames).toEqual([]);
    expect(socket.isOpen).toBe(true);
    socket.close();
  });

  it('a session that ended after the socket opened is refused on its next frame', async () => {
    const token = await cluster.login('finance');
    const socket = await open(token);
    await socket.connect(token);
    await cluster.database.db
      .updateTable('session')
      .set({ expires_at: Date.now() - 1 })
      .execute();
    socket.send({ method: 'OnConnection', token, mobileDevice: false });
    await socket.next('closeSocket');
    expect(await socket.closed).toBe(1000);
  });

  it('S1-7-43 Logout pushes logout to the sockets of that session only, which then close', async () => {
    const token = await cluster.login('finance');
    const otherSession = await cluster.login('finance');
    const tab1 = await open(token);
    const tab2 = await open(token);
    const elsewhere = await open(otherSession);
    await tab1.connect(token);
    await tab2.connect(token);
    await elsewhere.connect(otherSession);

    const res = await cluster.apps[0]!.inject({
      url: '/api/oauth/Logout',
      headers: { authorization: token, 'accept-language': 'en-US' },
    });
    expect(res.json().code).toBe(200);
    for (const tab of [tab1, tab2]) {
      expect(await tab.next('logout')).toEqual({ method: 'logout', msg: 'You have signed out, please sign in again' });
      expect(await tab.closed).toBe(1000);
    }
    // The user's other session is untouched and still served.
    expect((await elsewhere.connect(otherSession)).method).toBe('initMessage');
    expect(elsewhere.frames.filter((f) => f.method === 'logout')).toEqual([]);
    elsewhere.close();
  });

  it('S1-7-43 single login: signing in elsewhere pushes logout (logged in elsewhere) to the older session', async () => {
    await writeSettings(cluster.database.db, { singleLogin: 1 });
    try {
      const first = await cluster.login('finance');
      const socket = await open(first);
      await socket.connect(first);
      await cluster.login('finance');
      expect(await socket.next('logout')).toEqual({
        method: 'logout',
        msg: '您的账号已在其他地方登录，请重新登录',
      });
      expect(await socket.closed).toBe(1000);
      // The ended session cannot open a new socket either.
      const again = await open(first);
      await again.next('closeSocket');
    } finally {
      await writeSettings(cluster.database.db, { singleLogin: 2 });
    }
  });

  it('Online and Offline tell the other users when someone first connects and last disconnects', async () => {
    const db = cluster.database.db;
    const hrToken = await cluster.login('hr');
    const watcher = await open(hrToken);
    await watcher.connect(hrToken);
    const financeId = await userIdOf(db, 'finance');
    const token = await cluster.login('finance');

    const tab1 = await open(token);
    expect(await watcher.next('Online', 3000, (f) => f.userId === financeId)).toEqual({
      method: 'Online',
      userId: financeId,
    });
    const tab2 = await open(token);
    const init = await tab2.connect(token);
    expect(init.onlineUsers).toEqual(expect.arrayContaining([financeId, await userIdOf(db, 'hr')]));

    tab1.close();
    await tab1.closed;
    await pause(100);
    expect(watcher.frames.filter((f) => f.userId === financeId)).toEqual([]);
    tab2.close();
    expect(await watcher.next('Offline', 3000, (f) => f.userId === financeId)).toEqual({
      method: 'Offline',
      userId: financeId,
    });
    watcher.close();
  });
});

describe('live socket lifecycle', () => {
  it('keeps the token of the socket path out of the request log', async () => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const cluster = await startCluster(dbTargets()[0]!, 1, {}, { level: 'info', stream });
    try {
      const token = await cluster.login('finance');
      const socket = await TestSocket.open(cluster.bases[0]!, token, '/prod');
      await socket.connect(token);
      socket.close();
      await socket.closed;
      const bare = token.replace('Bearer ', '');
      expect(lines.some((line) => line.includes('/api/oauth/Login'))).toBe(true);
      expect(lines.filter((line) => line.includes(bare))).toEqual([]);
    } finally {
      await cluster.close();
    }
  });

  it('closing the server closes its sockets (clients then reconnect to another instance)', async () => {
    const cluster = await startCluster(dbTargets()[0]!, 1);
    const token = await cluster.login('finance');
    const socket = await TestSocket.open(cluster.bases[0]!, token);
    await socket.connect(token);
    const started = Date.now();
    await cluster.close();
    await socket.closed;
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe.skipIf(!redisUrl)('live socket across instances sharing Redis', () => {
  for (const target of dbTargets()) {
    describe(`on ${target.name}`, () => {
      let cluster: Cluster;
      const opened: TestSocket[] = [];
      beforeAll(async () => {
        cluster = await startCluster(target, 2, {
          redisUrl,
          redisPrefix: `atrium-test-${randomBytes(4).toString('hex')}`,
        });
        await writeSettings(cluster.database.db, { singleLogin: 2 });
      });
      afterAll(async () => {
        for (const socket of opened) socket.close();
        await cluster.close();
      });
      const open = async (instance: number, token: string) => {
        const socket = await TestSocket.open(cluster.bases[instance]!, token);
        opened.push(socket);
        return socket;
      };

      it('Online/Offline and onlineUsers hold across instances', async () => {
        const db = cluster.database.db;
        const hrId = await userIdOf(db, 'hr');
        const financeId = await userIdOf(db, 'finance');
        const hrToken = await cluster.login('hr');
        const onA = await open(0, hrToken);
        await onA.connect(hrToken);

        const token = await cluster.login('finance', { via: 1 });
        const onB = await open(1, token);
        expect(await onA.next('Online', 3000, (f) => f.userId === financeId)).toEqual({
          method: 'Online',
          userId: financeId,
        });
        const init = await onB.connect(token);
        expect(init.onlineUsers).toEqual(expect.arrayContaining([hrId, financeId]));

        onB.close();
        expect(await onA.next('Offline', 3000, (f) => f.userId === financeId)).toEqual({
          method: 'Offline',
          userId: financeId,
        });
        onA.close();
      });

      it('a push made on instance A reaches the socket on instance B: Logout and single login', async () => {
        const token = await cluster.login('finance', { via: 0 });
        const onB = await open(1, token);
        await onB.connect(token);
        const res = await cluster.apps[0]!.inject({ url: '/api/oauth/Logout', headers: { authorization: token } });
        expect(res.json().code).toBe(200);
        expect(await onB.next('logout')).toEqual({ method: 'logout', msg: '您已退出登录，请重新登录' });
        expect(await onB.closed).toBe(1000);

        await writeSettings(cluster.database.db, { singleLogin: 1 });
        try {
          const older = await cluster.login('finance', { via: 1 });
          const kicked = await open(1, older);
          await kicked.connect(older);
          await cluster.login('finance', { via: 0 });
          expect((await kicked.next('logout')).msg).toBe('您的账号已在其他地方登录，请重新登录');
          expect(await kicked.closed).toBe(1000);
        } finally {
          await writeSettings(cluster.database.db, { singleLogin: 2 });
        }
      });
    });
  }
});
