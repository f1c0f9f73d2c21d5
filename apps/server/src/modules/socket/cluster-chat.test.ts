import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/index.ts';
import { dbTargets } from '../../testing/index.ts';
import { startCluster, TestSocket, type Cluster } from './testing.ts';

const redisUrl = process.env.REDIS_TEST_URL;
const postgres = dbTargets().find((t) => t.name === 'postgres');
const missing = [!postgres && 'TEST_DATABASE_URL', !redisUrl && 'REDIS_TEST_URL'].filter(Boolean).join(' and ');
if (missing) console.warn(`chat across two instances: skipped, set ${missing} to run it`);

/**
 * Two Atrium instances, as behind a load balancer: one PostgreSQL schema, one Redis (a prefix of
 * this run's own), each listening on its own port, with real websocket clients. User A talks to
 * instance 1, user B to instance 2.
 */
describe.skipIf(Boolean(missing))(
  `chat and pushes across two instances on PostgreSQL and Redis${missing ? ` (skipped: set ${missing})` : ''}`,
  () => {
    let cluster: Cluster;
    let db: Db;
    let dataDir: string;
    const opened: TestSocket[] = [];

    async function connect(instance: number, account: string, token?: string) {
      const t = token ?? (await cluster.login(account, { via: instance }));
      const socket = await TestSocket.open(cluster.bases[instance]!, t);
      opened.push(socket);
      const init = await socket.connect(t);
      const { id } = await db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow();
      return { token: t, socket, init, id };
    }

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-cluster-'));
      cluster = await startCluster(postgres!, 2, {
        redisUrl,
        redisPrefix: `atrium-test-${randomBytes(4).toString('hex')}`,
        dataDir,
      });
      db = cluster.database.db;
    });
    afterAll(async () => {
      for (const socket of opened) socket.close();
      await cluster?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('S1-7-45 S1-7-46 A on instance 1 and B on instance 2 chat both ways; every tab of each gets its frames', async () => {
      const a = await connect(0, 'finance');
      const aOnOther = await connect(1, 'finance', a.token);
      const b = await connect(1, 'hr');
      expect(b.init.onlineUsers).toEqual(expect.arrayContaining([a.id, b.id]));

      a.socket.send({
        method: 'SendMessage',
        token: a.token,
        toUserId: b.id,
        messageType: 'text',
        messageContent: 'from one',
      });
      expect(await b.socket.next('receiveMessage')).toMatchObject({
        formUserId: a.id,
        userId: b.id,
        formMessage: 'from one',
      });
      expect((await a.socket.next('sendMessage')).toMessage).toBe('from one');
      // The sender's tab on the other instance gets the echo too.
      expect((await aOnOther.socket.next('sendMessage')).toMessage).toBe('from one');

      b.socket.send({
        method: 'SendMessage',
        token: b.token,
        toUserId: a.id,
        messageType: 'text',
        messageContent: 'from two',
      });
      for (const tab of [a, aOnOther]) {
        expect(await tab.socket.next('receiveMessage')).toMatchObject({
          formUserId: b.id,
          userId: a.id,
          formMessage: 'from two',
        });
      }
      expect((await b.socket.next('sendMessage')).toMessage).toBe('from two');
    });

    it("S1-7-40 read state syncs: B reading on instance 2 updates B's tab on instance 1", async () => {
      const a = await connect(0, 'ceo');
      const b = await connect(1, 'zhouya');
      const bOnFirst = await connect(0, 'zhouya', b.token);
      for (const text of ['x', 'y'])
        a.socket.send({
          method: 'SendMessage',
          token: a.token,
          toUserId: b.id,
          messageType: 'text',
          messageContent: text,
        });
      await bOnFirst.socket.next('receiveMessage');
      await bOnFirst.socket.next('receiveMessage');

      b.socket.send({ method: 'UpdateReadMessage', token: b.token, formUserId: a.id });
      const synced = await bOnFirst.socket.next('initMessage');
      expect(synced.userId).toBe(b.id);
      expect(synced.unreadNums.filter((u: { sendUserId: string }) => u.sendUserId === a.id)).toEqual([]);
      const rows = await db.selectFrom('im_content').select('state').where('receive_user_id', '=', b.id).execute();
      expect(rows.map((r) => r.state)).toEqual([1, 1]);
    });

    it("S1-7-42 a notice released on instance 1 reaches B's socket on instance 2", async () => {
      const b = await connect(1, 'wuqian');
      const admin = await cluster.login('admin', { via: 0 });
      const call = async (url: string, body: unknown) =>
        (
          await cluster.apps[0]!.inject({
            method: 'POST',
            url,
            headers: { authorization: admin, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          })
        ).json();
      const created = await call('/api/message', { title: 'Across instances', toUserIds: [`${b.id}--user`] });
      expect((await call('/api/message/Actions/Release', { id: created.data.id })).code).toBe(200);
      expect(await b.socket.next('messagePush')).toMatchObject({
        messageType: 1,
        title: 'Across instances',
        toUserId: b.id,
      });
    });
  },
);
