import fs from 'node:fs';
import { runCommand } from '../../core/unit-of-work.ts';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushHub } from '../../core/push.ts';
import type { Db } from '../../db/index.ts';
import { dbTargets } from '../../testing/index.ts';
import { storeChatMessage } from '../message/chat-writer.ts';
import { sendFlowMessage } from '../message/flow-message.ts';
import { startCluster, TestSocket, type Cluster, type Frame } from './testing.ts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function userIdOf(db: Db, account: string): Promise<string> {
  return (await db.selectFrom('users').select('id').where('account', '=', account).executeTakeFirstOrThrow()).id;
}

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000000500010d0a2db40000000049454e44ae426082',
  'hex',
);

describe.each(dbTargets())('chat over the live socket on $name', (target) => {
  let cluster: Cluster;
  let base: string;
  let db: Db;
  let dataDir: string;
  const opened: TestSocket[] = [];

  /** A signed-in user with one connected socket (initMessage taken). */
  async function connect(account: string, token?: string) {
    const t = token ?? (await cluster.login(account));
    const socket = await TestSocket.open(base, t);
    opened.push(socket);
    const init = await socket.connect(t);
    return { token: t, socket, init, id: await userIdOf(db, account) };
  }
  type Conn = Awaited<ReturnType<typeof connect>>;
  const say = (from: Conn, to: string, text: string) =>
    from.socket.send({
      method: 'SendMessage',
      token: from.token,
      toUserId: to,
      messageType: 'text',
      messageContent: text,
    });
  const history = async (conn: Conn, other: string, extra: Record<string, unknown> = {}) => {
    conn.socket.send({
      method: 'MessageList',
      token: conn.token,
      toUserId: other,
      formUserId: conn.id,
      currentPage: 1,
      pageSize: 30,
      sord: 'desc',
      keyword: '',
      ...extra,
    });
    return conn.socket.next('messageList');
  };
  const stored = (a: string, b: string) =>
    db
      .selectFrom('im_content')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([eb('send_user_id', '=', a), eb('receive_user_id', '=', b)]),
          eb.and([eb('send_user_id', '=', b), eb('receive_user_id', '=', a)]),
        ]),
      )
      .orderBy('send_time')
      .execute();
  const http = (method: string, url: string, token: string, body?: unknown) => cluster.call(method, url, token, body);

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-chat-'));
    cluster = await startCluster(target, 1, { dataDir });
    base = cluster.bases[0]!;
    db = cluster.database.db;
  });
  afterAll(async () => {
    for (const socket of opened) socket.close();
    await cluster.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('S1-7-38 S1-7-45 S1-7-46 S1-5-19 SendMessage stores trimmed escaped text, echoes to every tab of the sender and reaches every tab of the recipient', async () => {
    const a = await connect('ceo');
    const aTab2 = await connect('ceo', a.token);
    const b = await connect('zhouya');
    const bTab2 = await connect('zhouya');
    say(a, b.id, '  hello <b>you</b> & [101]  ');
    const echo = await a.socket.next('sendMessage');
    expect(echo).toEqual({
      method: 'sendMessage',
      userId: a.id,
      toUserId: b.id,
      dateTime: expect.any(Number),
      latestDate: echo.dateTime,
      headIcon: expect.any(String),
      realName: '陈志远',
      account: 'ceo',
      toAccount: 'zhouya',
      toRealName: expect.any(String),
      toHeadIcon: expect.any(String),
      messageType: 'text',
      toMessage: 'hello &lt;b&gt;you&lt;/b&gt; &amp; [101]',
    });
    expect(await aTab2.socket.next('sendMessage')).toEqual(echo);
    for (const tab of [b, bTab2]) {
      expect(await tab.socket.next('receiveMessage')).toEqual({
        method: 'receiveMessage',
        formUserId: a.id,
        userId: b.id,
        dateTime: echo.dateTime,
        latestDate: echo.dateTime,
        headIcon: echo.headIcon,
        realName: '陈志远',
        account: 'ceo',
        messageType: 'text',
        formMessage: 'hello &lt;b&gt;you&lt;/b&gt; &amp; [101]',
      });
    }
    const rows = await stored(a.id, b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      content: 'hello &lt;b&gt;you&lt;/b&gt; &amp; [101]',
      content_type: 'text',
      state: 0,
    });

    // S1-7-30 S1-3-14 both sides see the conversation; the recipient with one unread.
    const aList = await http('GET', '/api/message/imreply', a.token);
    expect(aList.data.list[0]).toMatchObject({
      id: b.id,
      account: 'zhouya',
      unreadMessage: 0,
      messageType: 'text',
      latestDate: echo.dateTime,
    });
    const bList = await http('GET', '/api/message/imreply', b.token);
    expect(bList.data.list[0]).toEqual({
      id: a.id,
      realName: '陈志远',
      account: 'ceo',
      headIcon: echo.headIcon,
      unreadMessage: 1,
      latestMessage: echo.toMessage,
      messageType: 'text',
      latestDate: echo.dateTime,
    });
  });

  it('S1-5-19 empty text, a message to oneself, an unknown recipient or a bad image store and send nothing', async () => {
    const a = await connect('wuqian');
    const b = await connect('zhengli');
    const before = await db.selectFrom('im_content').select('id').execute();
    say(a, b.id, '   \n  ');
    say(a, a.id, 'me');
    say(a, 'nobody', 'hi');
    a.socket.send({
      method: 'SendMessage',
      token: a.token,
      toUserId: b.id,
      messageType: 'image',
      messageContent: { name: '../../etc/passwd', width: 1, height: 1 },
    });
    a.socket.send({
      method: 'SendMessage',
      token: a.token,
      toUserId: b.id,
      messageType: 'image',
      messageContent: 'hello',
    });
    a.socket.send({
      method: 'SendMessage',
      token: a.token,
      toUserId: b.id,
      messageType: 'text',
      messageContent: { name: 'x' },
    });
    a.socket.send({ method: 'SendMessage', token: a.token, toUserId: b.id, messageType: 'voice', messageContent: 'x' });
    a.socket.send({
      method: 'SendMessage',
      token: a.token,
      toUserId: b.id,
      messageType: 'text',
      messageContent: 'x'.repeat(5001),
    });
    // A frame after them is answered: the bad ones were handled (and dropped) first.
    say(a, b.id, 'ok');
    expect((await a.socket.next('sendMessage')).toMessage).toBe('ok');
    expect((await b.socket.next('receiveMessage')).formMessage).toBe('ok');
    await pause(50);
    expect(a.socket.frames.filter((f) => f.method === 'sendMessage')).toEqual([]);
    expect(b.socket.frames.filter((f) => f.method === 'receiveMessage')).toEqual([]);
    expect(await db.selectFrom('im_content').select('id').execute()).toHaveLength(before.length + 1);
  });

  it('S1-3-16 S1-7-48 an image uploaded to the IM path is sent as {name,width,height} and stored as JSON with its path', async () => {
    const a = await connect('fengtao');
    const b = await connect('chujing');
    const boundary = '----atrium';
    const upload = await cluster.apps[0]!.inject({
      method: 'POST',
      url: '/api/file/Uploader/IM',
      headers: { authorization: a.token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const name = upload.json().data.name as string;
    a.socket.send({
      method: 'SendMessage',
      token: a.token,
      toUserId: b.id,
      messageType: 'image',
      messageContent: { name, width: 640, height: 480 },
    });
    const received = await b.socket.next('receiveMessage');
    expect(received.messageType).toBe('image');
    // Each side gets the stored content with its own link: the path plus a ticket.
    const link = new RegExp(`^/api/file/Image/IM/${name}\\?ticket=[^&]+$`);
    const forReceiver = JSON.parse(received.formMessage);
    expect(forReceiver).toEqual({ name, path: expect.stringMatching(link), width: 640, height: 480 });
    const forSender = JSON.parse((await a.socket.next('sendMessage')).toMessage);
    expect(forSender).toEqual({ name, path: expect.stringMatching(link), width: 640, height: 480 });
    expect(forSender.path).not.toBe(forReceiver.path);
    const [row] = await stored(a.id, b.id);
    expect(row).toMatchObject({ content_type: 'image' });
    expect(JSON.parse(row!.content)).toEqual({ name, path: `/api/file/Image/IM/${name}`, width: 640, height: 480 });
    for (const url of [forReceiver.path, forSender.path]) {
      const image = await cluster.apps[0]!.inject({ url });
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(PNG)).toBe(true);
    }
  });

  it('two users writing to each other at the same moment: every message is stored and delivered once', async () => {
    const a = await connect('zoumin');
    const b = await connect('yuhang');
    for (let i = 0; i < 20; i++) {
      say(a, b.id, `a${i}`);
      say(b, a.id, `b${i}`);
    }
    for (let i = 0; i < 20; i++) {
      await a.socket.next('receiveMessage');
      await b.socket.next('receiveMessage');
    }
    const rows = await stored(a.id, b.id);
    expect(rows).toHaveLength(40);
    expect(new Set(rows.map((r) => r.content)).size).toBe(40);
    const [aList, bList] = [
      await http('GET', '/api/message/imreply', a.token),
      await http('GET', '/api/message/imreply', b.token),
    ];
    expect(aList.data.list.find((c: Frame) => c.id === b.id).unreadMessage).toBe(20);
    expect(bList.data.list.find((c: Frame) => c.id === a.id).unreadMessage).toBe(20);
  });

  it('messages written in one burst share a commit; a bad one is refused alone and the others are kept', async () => {
    const [a, b] = [await userIdOf(db, 'shuiling'), await userIdOf(db, 'douwen')];
    const row = (n: number, to = b) => ({
      id: `burst-${n}-${target.name}`,
      send_user_id: a,
      receive_user_id: to,
      send_time: Date.now() + n,
      receive_time: null,
      content: `burst ${n}`,
      content_type: 'text',
      state: 0,
      send_deleted: 0,
      receive_deleted: 0,
    });
    const results = await Promise.allSettled([
      storeChatMessage(db, row(1)),
      storeChatMessage(db, row(2)),
      storeChatMessage(db, row(3, 'no-such-user')),
      storeChatMessage(db, row(4)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((await stored(a, b)).map((r) => r.content)).toEqual(['burst 1', 'burst 2', 'burst 4']);
    const sides = await db
      .selectFrom('im_reply')
      .select(['user_id', 'latest_message'])
      .where('user_id', 'in', [a, b])
      .execute();
    expect(sides.map((s) => s.latest_message)).toEqual(['burst 4', 'burst 4']);
  });

  it('S1-7-39 S1-7-47 S1-4-20 S1-4-21 MessageList pages the conversation either way, with a keyword', async () => {
    const a = await connect('weiming');
    const b = await connect('jiangfan');
    for (let i = 1; i <= 7; i++) {
      say(i % 2 ? a : b, i % 2 ? b.id : a.id, `line ${i}${i === 4 ? ' apple' : ''}`);
      await (i % 2 ? b : a).socket.next('receiveMessage');
    }
    const latest = await history(a, b.id, { pageSize: 3, sord: 'desc' });
    expect(latest.pagination).toEqual({ currentPage: 1, pageSize: 3, total: 7 });
    expect(latest.list.map((m: Frame) => m.content)).toEqual(['line 7', 'line 6', 'line 5']);
    expect(latest.list[0]).toEqual({
      id: expect.any(String),
      sendUserId: a.id,
      sendTime: expect.any(Number),
      receiveUserId: b.id,
      receiveTime: null,
      content: 'line 7',
      contentType: 'text',
      state: 0,
    });
    const asc = await history(b, a.id, { pageSize: 3, currentPage: 3, sord: 'asc' });
    expect(asc.list.map((m: Frame) => m.content)).toEqual(['line 7']);
    const found = await history(a, b.id, { keyword: 'APPLE', sord: 'asc' });
    expect(found.list.map((m: Frame) => m.content)).toEqual(['line 4 apple']);
    // Bad fields are dropped without an answer.
    a.socket.send({ method: 'MessageList', token: a.token, toUserId: b.id, pageSize: 1000 });
    a.socket.send({ method: 'MessageList', token: a.token, toUserId: b.id, sord: 'sideways' });
    a.socket.send({ method: 'MessageList', token: a.token });
    expect((await history(a, b.id, { pageSize: 1 })).list).toHaveLength(1);
    expect(a.socket.frames.filter((f) => f.method === 'messageList')).toEqual([]);
  });

  it('S1-7-40 UpdateReadMessage marks the party read and syncs the counts to the other tabs; two tabs at once stay exact', async () => {
    const a = await connect('shenyue');
    const b = await connect('hanlei');
    const bTab2 = await connect('hanlei', b.token);
    for (const text of ['one', 'two', 'three']) say(a, b.id, text);
    for (let i = 0; i < 3; i++) await bTab2.socket.next('receiveMessage');

    // Both tabs open the chat at the same moment.
    b.socket.send({ method: 'UpdateReadMessage', token: b.token, formUserId: a.id });
    bTab2.socket.send({ method: 'UpdateReadMessage', token: b.token, formUserId: a.id });
    const synced = await bTab2.socket.next('initMessage');
    expect(synced.unreadNums.filter((u: Frame) => u.sendUserId === a.id)).toEqual([]);
    await b.socket.next('initMessage');
    await pause(100);
    // Only the update that changed something pushed counts: one initMessage per tab, not two.
    expect([...b.socket.frames, ...bTab2.socket.frames].filter((f) => f.method === 'initMessage')).toEqual([]);
    const rows = await stored(a.id, b.id);
    expect(rows.map((r) => r.state)).toEqual([1, 1, 1]);
    expect(rows.every((r) => typeof r.receive_time === 'number')).toBe(true);
    const list = await http('GET', '/api/message/imreply', b.token);
    expect(list.data.list.find((c: Frame) => c.id === a.id).unreadMessage).toBe(0);
    b.socket.send({ method: 'UpdateReadMessage', token: b.token });
    expect((await history(b, a.id)).list.every((m: Frame) => m.state === 1)).toBe(true);
  });

  it('S1-4-19 after a reconnect nothing is lost: initMessage carries the unread per sender and MessageList the messages sent meanwhile', async () => {
    const a = await connect('yangbo');
    const bId = await userIdOf(db, 'qinhao');
    for (const text of ['while', 'you', 'were away']) say(a, bId, text);
    for (let i = 0; i < 3; i++) await a.socket.next('sendMessage');
    const b = await connect('qinhao');
    expect(b.init.unreadNums).toEqual([
      {
        sendUserId: a.id,
        unreadNum: 3,
        defaultMessage: 'were away',
        defaultMessageType: 'text',
        defaultMessageTime: expect.any(Number),
      },
    ]);
    const page = await history(b, a.id, { sord: 'asc' });
    expect(page.list.map((m: Frame) => m.content)).toEqual(['while', 'you', 'were away']);
  });

  it('S1-7-44 a frame with a wrong token gets closeSocket and stores nothing; bad JSON and unknown methods store nothing', async () => {
    const a = await connect('youjia');
    const bId = await userIdOf(db, 'caopeng');
    a.socket.sendRaw('{"method":"SendMessage",');
    a.socket.send({
      method: 'sendmessage',
      token: a.token,
      toUserId: bId,
      messageType: 'text',
      messageContent: 'lower',
    });
    a.socket.send({ method: 'SendMessage', toUserId: bId, messageType: 'text', messageContent: 'no token' });
    await a.socket.next('closeSocket');
    expect(await a.socket.closed).toBe(1000);
    const other = await connect('youjia');
    other.socket.send({
      method: 'SendMessage',
      token: 'Bearer forged',
      toUserId: bId,
      messageType: 'text',
      messageContent: 'forged',
    });
    await other.socket.next('closeSocket');
    expect(await stored(a.id, bId)).toEqual([]);
  });

  it("S1-7-31 S1-7-32 S1-4-27 S1-4-28 deleting a chat record clears the caller's copy only; a removed conversation returns with the next message", async () => {
    const a = await connect('yanli');
    const b = await connect('huajun');
    say(a, b.id, 'first');
    say(b, a.id, 'reply');
    await a.socket.next('receiveMessage');
    say(a, b.id, 'unread by b');
    await b.socket.next('receiveMessage');
    await b.socket.next('receiveMessage');

    const del = await http('DELETE', `/api/message/imreply/deleteChatRecord/${a.id}`, b.token);
    expect(del.code).toBe(200);
    expect((await b.socket.next('initMessage')).unreadNums.filter((u: Frame) => u.sendUserId === a.id)).toEqual([]);
    expect((await history(b, a.id)).list).toEqual([]);
    expect((await history(a, b.id)).list).toHaveLength(3);
    const bEntry = (await http('GET', '/api/message/imreply', b.token)).data.list.find((c: Frame) => c.id === a.id);
    expect(bEntry).toMatchObject({ unreadMessage: 0, latestMessage: '' });

    expect((await http('DELETE', `/api/message/imreply/relocation/${b.id}`, a.token)).code).toBe(200);
    expect(
      (await http('GET', '/api/message/imreply', a.token)).data.list.find((c: Frame) => c.id === b.id),
    ).toBeUndefined();
    say(b, a.id, 'back again');
    await a.socket.next('receiveMessage');
    const back = (await http('GET', '/api/message/imreply', a.token)).data.list[0];
    expect(back).toMatchObject({ id: b.id, latestMessage: 'back again', unreadMessage: 2 });
    expect((await http('DELETE', '/api/message/imreply/relocation/x', '')).code).toBe(602);
  });

  it('S1-7-42 S1-4-30 a released notice pushes messagePush to its recipients online; reading it syncs the other tabs', async () => {
    const admin = await cluster.login('admin');
    const tab1 = await connect('jinyu');
    const tab2 = await connect('jinyu', tab1.token);
    const { data } = await http('POST', '/api/message', admin, { title: 'Live notice', toUserIds: [tab1.id] });
    expect((await http('POST', '/api/message/Actions/Release', admin, { id: data.id })).code).toBe(200);
    const push = await tab1.socket.next('messagePush');
    expect(push).toEqual({
      method: 'messagePush',
      unreadNoticeCount: 1,
      messageType: 1,
      userId: await userIdOf(db, 'admin'),
      toUserId: tab1.id,
      title: 'Live notice',
      messageDefaultTime: expect.any(Number),
    });
    await tab2.socket.next('messagePush');
    // S1-7-35 the chat contacts: paged by 20 with a keyword, without the caller.
    const contacts = await http('GET', '/api/permission/Users/ImUser?keyword=&currentPage=1&pageSize=20', tab1.token);
    expect(contacts.data.list).toHaveLength(20);
    expect(contacts.data.list.find((c: Frame) => c.id === tab1.id)).toBeUndefined();
    expect(contacts.data.list[0]).toMatchObject({
      id: expect.any(String),
      realName: expect.any(String),
      account: expect.any(String),
    });
    expect(contacts.data.list[0]).toHaveProperty('department');
    expect((await http('GET', `/api/message/ReadInfo/${data.id}`, tab1.token)).code).toBe(200);
    const synced = await tab2.socket.next('initMessage');
    expect(synced).toMatchObject({ unreadNoticeCount: tab1.init.unreadNoticeCount, userId: tab1.id });

    // Deleting a released notice that is still unread drops it from the bell at once.
    const second = await http('POST', '/api/message', admin, { title: 'Withdrawn', toUserIds: [tab1.id] });
    await http('POST', '/api/message/Actions/Release', admin, { id: second.data.id });
    await tab1.socket.next('messagePush');
    expect((await http('DELETE', `/api/message/${second.data.id}`, admin)).code).toBe(200);
    expect((await tab1.socket.next('initMessage')).unreadNoticeCount).toBe(tab1.init.unreadNoticeCount);
  });

  it('sendFlowMessage stores a flow message with its payload, pushes after commit, and sends nothing when the caller rolls back', async () => {
    const pushed: { userIds: readonly string[]; frame: Frame }[] = [];
    const push = { toUsers: async (userIds: readonly string[], frame: Frame) => void pushed.push({ userIds, frame }) };
    const services = { db, push: push as unknown as PushHub, now: Date.now };
    const conn = await connect('weibin');
    const payload = { id: 'F1', flowId: 'leave', opType: 1, taskId: 'T9' };

    const sent = await runCommand(db, async (unit) => {
      const result = await sendFlowMessage(
        services,
        { userIds: [conn.id, conn.id], title: 'Leave request', flowType: 1, payload, senderId: null },
        unit,
      );
      // Nothing is pushed before the command commits.
      expect(pushed).toEqual([]);
      return result;
    });
    expect(pushed).toEqual([
      {
        userIds: [conn.id],
        frame: {
          method: 'messagePush',
          unreadNoticeCount: 1,
          messageType: 2,
          userId: '',
          toUserId: conn.id,
          title: 'Leave request',
          messageDefaultTime: expect.any(Number),
        },
      },
    ]);
    const detail = await http('GET', `/api/message/ReadInfo/${sent.messageId}`, conn.token);
    expect(detail.data).toMatchObject({ type: 2, flowType: 1, title: 'Leave request', releaseUser: '', isRead: '1' });
    expect(JSON.parse(detail.data.bodyText)).toEqual(payload);

    await expect(
      runCommand(db, async (unit) => {
        await sendFlowMessage(services, { userIds: [conn.id], title: 'Rolled back', flowType: 1, payload: null }, unit);
        throw new Error('approval failed');
      }),
    ).rejects.toThrow('approval failed');
    expect(await db.selectFrom('message').select('id').where('title', '=', 'Rolled back').execute()).toEqual([]);
    expect(pushed).toHaveLength(1);

    // Without a transaction of the caller's it commits and pushes by itself; an empty body stays empty.
    const own = await sendFlowMessage(services, { userIds: [conn.id], title: 'No body', flowType: 3, payload: null });
    expect(pushed[1]!.frame.title).toBe('No body');
    expect((await http('GET', `/api/message/ReadInfo/${own.messageId}`, conn.token)).data.bodyText).toBe('');
  });
});
