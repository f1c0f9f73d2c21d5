import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalPushHub, createRedisPushHub, type PushFrame, type PushHub } from './push.ts';

const redisUrl = process.env.REDIS_TEST_URL;
const silent = { warn() {}, debug() {}, error() {} };

/** Collects what a subscriber receives. */
function inbox() {
  const frames: PushFrame[] = [];
  return { frames, deliver: (frame: PushFrame) => void frames.push(frame) };
}

/** Waits until `check` holds (frames from Redis arrive asynchronously). */
async function until(check: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('in-process push hub', () => {
  it('delivers to every socket of the users named, to sessions, and to all', async () => {
    const hub = createLocalPushHub();
    const a1 = inbox();
    const a2 = inbox();
    const b = inbox();
    hub.subscribe('a', a1.deliver, 's1');
    hub.subscribe('a', a2.deliver, 's2');
    hub.subscribe('b', b.deliver, 's3');
    // b's arrival was announced to a's sockets: start counting from here.
    a1.frames.length = 0;
    a2.frames.length = 0;

    await hub.toUsers(['a', 'a', 'nobody'], { method: 'refresh' });
    expect(a1.frames).toEqual([{ method: 'refresh' }]);
    expect(a2.frames).toEqual([{ method: 'refresh' }]);
    expect(b.frames).toEqual([]);

    await hub.toSessions(['s2'], { method: 'logout', msg: 'bye' });
    expect(a1.frames).toHaveLength(1);
    expect(a2.frames.at(-1)).toEqual({ method: 'logout', msg: 'bye' });

    await hub.toAll({ method: 'ping' });
    expect([a1, a2, b].map((x) => x.frames.at(-1))).toEqual([
      { method: 'ping' },
      { method: 'ping' },
      { method: 'ping' },
    ]);
    await hub.close();
  });

  it('announces Online on a user first socket and Offline after the last, to the others only', async () => {
    const hub = createLocalPushHub();
    const watcher = inbox();
    hub.subscribe('w', watcher.deliver);
    const own = inbox();
    const off1 = hub.subscribe('u', own.deliver);
    const off2 = hub.subscribe('u', () => undefined);
    expect(watcher.frames).toEqual([{ method: 'Online', userId: 'u' }]);
    expect(own.frames).toEqual([]);
    expect((await hub.onlineUserIds()).sort()).toEqual(['u', 'w']);
    off1();
    off1();
    expect(watcher.frames).toHaveLength(1);
    off2();
    expect(watcher.frames.at(-1)).toEqual({ method: 'Offline', userId: 'u' });
    expect(await hub.onlineUserIds()).toEqual(['w']);
  });

  it('a socket whose delivery throws does not keep the frame from the others', async () => {
    const hub = createLocalPushHub();
    const good = inbox();
    hub.subscribe('u', () => {
      throw new Error('broken pipe');
    });
    hub.subscribe('u', good.deliver);
    await hub.toUsers(['u'], { method: 'refresh' });
    expect(good.frames).toEqual([{ method: 'refresh' }]);
  });
});

describe.skipIf(!redisUrl)('push hub over Redis', () => {
  const hubs: PushHub[] = [];
  const prefix = `atrium-test-${randomBytes(4).toString('hex')}`;
  const start = async (options: { heartbeatMs?: number; instanceTtlMs?: number } = {}) => {
    const hub = await createRedisPushHub({ url: redisUrl!, prefix, log: silent, ...options });
    hubs.push(hub);
    return hub;
  };
  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((hub) => hub.close()));
  });

  it('a frame pushed on one instance reaches the sockets of the user on the others, once each', async () => {
    const a = await start();
    const b = await start();
    const onA = inbox();
    const onB = inbox();
    const otherB = inbox();
    a.subscribe('u1', onA.deliver, 'sa');
    b.subscribe('u1', onB.deliver, 'sb');
    b.subscribe('u2', otherB.deliver, 'sc');
    await a.onlineUserIds();
    await b.onlineUserIds();
    onA.frames.length = 0;
    onB.frames.length = 0;
    otherB.frames.length = 0;

    await a.toUsers(['u1'], { method: 'refresh' });
    await until(() => onB.frames.length > 0);
    expect(onA.frames).toEqual([{ method: 'refresh' }]);
    expect(onB.frames).toEqual([{ method: 'refresh' }]);

    await a.toSessions(['sb'], { method: 'logout', msg: 'elsewhere' });
    await until(() => onB.frames.length > 1);
    expect(onB.frames.at(-1)).toEqual({ method: 'logout', msg: 'elsewhere' });
    expect(onA.frames).toHaveLength(1);

    await b.toAll({ method: 'hello' });
    await until(() => onA.frames.length > 1);
    expect(onA.frames.at(-1)).toEqual({ method: 'hello' });
    await pause(50);
    // Nothing was delivered twice (an instance skips its own frames coming back from Redis).
    expect(onB.frames.filter((f) => f.method === 'hello')).toHaveLength(1);
    expect(otherB.frames).toEqual([{ method: 'hello' }]);
  });

  it('presence holds across instances: Online on the first socket anywhere, Offline after the last', async () => {
    const a = await start();
    const b = await start();
    const watcher = inbox();
    a.subscribe('watcher', watcher.deliver);
    const offB = b.subscribe('u', () => undefined);
    await until(() => watcher.frames.some((f) => f.method === 'Online' && f.userId === 'u'));
    expect((await a.onlineUserIds()).sort()).toEqual(['u', 'watcher']);

    // A second socket of the same user on the other instance: no new announcement.
    const offA = a.subscribe('u', () => undefined);
    await a.onlineUserIds();
    offB();
    await b.onlineUserIds();
    await pause(50);
    expect(watcher.frames.filter((f) => f.userId === 'u').map((f) => f.method)).toEqual(['Online']);
    expect(await b.onlineUserIds()).toContain('u');

    offA();
    await until(() => watcher.frames.some((f) => f.method === 'Offline' && f.userId === 'u'));
    expect(await b.onlineUserIds()).toEqual(['watcher']);
  });

  it('sockets coming and going at once on several instances leave the presence exact', async () => {
    const hubs3 = [await start(), await start(), await start()];
    const users = ['p1', 'p2', 'p3', 'p4'];
    const offs: (() => void)[] = [];
    for (let round = 0; round < 5; round += 1)
      for (const [i, hub] of hubs3.entries())
        for (const user of users) offs.push(hub.subscribe(user, () => undefined, `${user}-${i}-${round}`));
    await Promise.all(hubs3.map((hub) => hub.onlineUserIds()));
    expect((await hubs3[0]!.onlineUserIds()).sort()).toEqual(users);
    // Close all but one socket of p4 (on the last instance), in a shuffled order.
    const keep = offs.pop()!;
    offs.sort(() => Math.random() - 0.5);
    for (const off of offs) off();
    await Promise.all(hubs3.map((hub) => hub.onlineUserIds()));
    expect(await hubs3[1]!.onlineUserIds()).toEqual(['p4']);
    keep();
    await Promise.all(hubs3.map((hub) => hub.onlineUserIds()));
    expect(await hubs3[0]!.onlineUserIds()).toEqual([]);
  });

  it('an instance that closes takes its users out of the presence and says so', async () => {
    const a = await start();
    const b = await start();
    const watcher = inbox();
    a.subscribe('watcher', watcher.deliver);
    b.subscribe('leaver', () => undefined);
    await until(() => watcher.frames.some((f) => f.method === 'Online'));
    await b.close();
    await until(() => watcher.frames.some((f) => f.method === 'Offline' && f.userId === 'leaver'));
    expect(await a.onlineUserIds()).toEqual(['watcher']);
  });

  it('the users of an instance that died without closing are cleared by the survivors heartbeat', async () => {
    const a = await start({ heartbeatMs: 100, instanceTtlMs: 400 });
    const watcher = inbox();
    a.subscribe('watcher', watcher.deliver);
    await a.onlineUserIds();

    // A "dead" instance: its presence is in Redis, but nothing keeps it alive.
    const redis = new Redis(redisUrl!);
    try {
      await redis
        .multi()
        .zadd(`${prefix}:instances`, Date.now(), 'dead-1')
        .sadd(`${prefix}:presence:dead-1`, 'ghost')
        .hincrby(`${prefix}:presence`, 'ghost', 1)
        .exec();
      expect(await a.onlineUserIds()).toContain('ghost');
      await until(() => watcher.frames.some((f) => f.method === 'Offline' && f.userId === 'ghost'), 3000);
      expect(await a.onlineUserIds()).toEqual(['watcher']);
      expect(await redis.exists(`${prefix}:presence:dead-1`)).toBe(0);
      expect(await redis.zscore(`${prefix}:instances`, 'dead-1')).toBeNull();
    } finally {
      redis.disconnect();
    }
  });
});
