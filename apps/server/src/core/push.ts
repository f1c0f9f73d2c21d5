import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { translate, type Language, type MessageKey, type MessageParams } from './messages.ts';

/** A server-to-client websocket frame (the frames: packages/shared/src/socket.ts). */
export interface PushFrame {
  method: string;
  [field: string]: unknown;
}

type Deliver = (frame: PushFrame) => void;

/**
 * A frame whose message each recipient reads in their own language. It travels (and crosses
 * instances) with the key and parameters; the socket that delivers it puts `msg` in place of them,
 * translated in its user's stored language (modules/socket/connection.ts). Services that push a
 * message to someone else build it with `localizedFrame`, never with the language of the request
 * that caused it.
 */
export interface LocalizedFrame extends PushFrame {
  msgKey: MessageKey;
  msgParams?: MessageParams;
}

export function localizedFrame(method: string, key: MessageKey, params?: MessageParams): LocalizedFrame {
  return params ? { method, msgKey: key, msgParams: params } : { method, msgKey: key };
}

export function isLocalizedFrame(frame: PushFrame): frame is LocalizedFrame {
  return typeof frame.msgKey === 'string';
}

// One frame usually reaches a few sockets in the same language: each language's copy is made once.
const localizedCopies = new WeakMap<LocalizedFrame, Map<Language, PushFrame>>();

/** The frame as a recipient in `language` gets it: `msg` translated, without the key and parameters. */
export function localizeFrame(frame: LocalizedFrame, language: Language): PushFrame {
  let copies = localizedCopies.get(frame);
  if (!copies) localizedCopies.set(frame, (copies = new Map()));
  let copy = copies.get(language);
  if (!copy) {
    const { msgKey, msgParams, ...rest } = frame;
    let msg: string;
    try {
      msg = translate(language, msgKey, msgParams);
    } catch {
      // A key this instance does not know (an instance of another version published it).
      msg = msgKey;
    }
    copy = { ...rest, msg };
    copies.set(language, copy);
  }
  return copy;
}

/**
 * Delivers frames to users' open sockets. Services push through it without knowing where a user's
 * sockets live; the socket module subscribes each connection. Subscriptions also make presence: a
 * user's first socket anywhere announces `Online {userId}` to everyone else, the last `Offline`.
 * Two implementations: in process (one instance) and over Redis pub/sub (any number of instances).
 */
export interface PushHub {
  /** Sends the frame to every open socket of these users, on every instance. */
  toUsers(userIds: readonly string[], frame: PushFrame): Promise<void>;
  /** Sends the frame to the sockets of these sessions only (one signed out, one replaced by a sign-in elsewhere). */
  toSessions(sessionIds: readonly string[], frame: PushFrame): Promise<void>;
  /** Sends the frame to every open socket. */
  toAll(frame: PushFrame): Promise<void>;
  /**
   * Registers one socket of a user on this instance (with its session, for toSessions); returns the
   * unsubscribe function.
   */
  subscribe(userId: string, deliver: Deliver, sessionId?: string): () => void;
  /** Users with at least one subscribed socket on any instance. */
  onlineUserIds(): Promise<string[]>;
  /** Sockets subscribed on this instance. */
  localSockets(): number;
  /** Whether what the hub needs beyond this process (Redis) answers. */
  reachable(): Promise<boolean>;
  close(): Promise<void>;
}

/** Presence frames (packages/shared/src/socket.ts); the hub sends them because it alone sees first and last sockets. */
const presenceFrame = (method: 'Online' | 'Offline', userId: string): PushFrame => ({ method, userId });

interface Subscriber {
  userId: string;
  sessionId: string | undefined;
  deliver: Deliver;
}

/** The sockets of this instance, by user and by session. */
class LocalSockets {
  private readonly byUser = new Map<string, Set<Subscriber>>();
  private readonly bySession = new Map<string, Set<Subscriber>>();

  constructor(private readonly log: Pick<FastifyBaseLogger, 'warn'> | undefined) {}

  /** Answers true when this is the user's first socket here. */
  add(sub: Subscriber): boolean {
    let set = this.byUser.get(sub.userId);
    const first = !set;
    if (!set) this.byUser.set(sub.userId, (set = new Set()));
    set.add(sub);
    if (sub.sessionId) {
      let sessionSet = this.bySession.get(sub.sessionId);
      if (!sessionSet) this.bySession.set(sub.sessionId, (sessionSet = new Set()));
      sessionSet.add(sub);
    }
    return first;
  }

  /** Answers true when that was the user's last socket here. */
  remove(sub: Subscriber): boolean {
    const set = this.byUser.get(sub.userId);
    if (!set?.delete(sub)) return false;
    if (sub.sessionId) {
      const sessionSet = this.bySession.get(sub.sessionId);
      sessionSet?.delete(sub);
      if (sessionSet?.size === 0) this.bySession.delete(sub.sessionId);
    }
    if (set.size > 0) return false;
    this.byUser.delete(sub.userId);
    return true;
  }

  users(): string[] {
    return [...this.byUser.keys()];
  }

  hasUser(userId: string): boolean {
    return this.byUser.has(userId);
  }

  private send(subs: Iterable<Subscriber>, frame: PushFrame): void {
    for (const sub of subs) {
      try {
        sub.deliver(frame);
      } catch (err) {
        // One broken socket must not keep the frame from the others.
        this.log?.warn({ err, userId: sub.userId }, 'push delivery failed');
      }
    }
  }

  toUsers(userIds: readonly string[], frame: PushFrame): void {
    for (const userId of new Set(userIds)) {
      const set = this.byUser.get(userId);
      if (set) this.send([...set], frame);
    }
  }

  toSessions(sessionIds: readonly string[], frame: PushFrame): void {
    for (const sessionId of new Set(sessionIds)) {
      const set = this.bySession.get(sessionId);
      if (set) this.send([...set], frame);
    }
  }

  toAll(frame: PushFrame, exceptUserId?: string): void {
    for (const [userId, set] of [...this.byUser]) if (userId !== exceptUserId) this.send([...set], frame);
  }

  clear(): void {
    this.byUser.clear();
    this.bySession.clear();
  }

  /** Every subscribed socket of this instance. */
  count(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }
}

/** The hub of a single instance: everything in process. */
export function createLocalPushHub(log?: Pick<FastifyBaseLogger, 'warn'>): PushHub {
  const sockets = new LocalSockets(log);
  return {
    async toUsers(userIds, frame) {
      sockets.toUsers(userIds, frame);
    },
    async toSessions(sessionIds, frame) {
      sockets.toSessions(sessionIds, frame);
    },
    async toAll(frame) {
      sockets.toAll(frame);
    },
    subscribe(userId, deliver, sessionId) {
      const sub: Subscriber = { userId, sessionId, deliver };
      if (sockets.add(sub)) sockets.toAll(presenceFrame('Online', userId), userId);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        if (sockets.remove(sub)) sockets.toAll(presenceFrame('Offline', userId), userId);
      };
    },
    async onlineUserIds() {
      return sockets.users();
    },
    localSockets: () => sockets.count(),
    reachable: async () => true,
    async close() {
      sockets.clear();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Redis: pub/sub for frames, a hash and per-instance sets for presence
// ---------------------------------------------------------------------------------------------

export interface RedisPushHubOptions {
  url: string;
  /** Key and channel prefix, so several deployments can share one Redis. */
  prefix: string;
  log: Pick<FastifyBaseLogger, 'warn' | 'debug' | 'error'>;
  /** How often an instance says it is alive and looks for dead ones. */
  heartbeatMs?: number;
  /** An instance silent this long is taken as dead: its users leave the presence. */
  instanceTtlMs?: number;
}

/** What travels on the channel: the origin instance, the target and the frame. */
interface Envelope {
  /** Origin instance id (it has delivered to its own sockets already). */
  o: string;
  /** Target kind: users, sessions or all (ids then hold the user to leave out, if any). */
  k: 'u' | 's' | 'a';
  ids: readonly string[];
  f: PushFrame;
}

// Presence keys: `{p}:presence` hash userId -> number of instances where the user has sockets;
// `{p}:presence:{instance}` set of the users with sockets on that instance; `{p}:instances` sorted
// set instance -> last heartbeat (ms). The scripts keep the hash equal to the sum of the sets.

/** KEYS: hash, instance set, instances. ARGV: user, instance, now. Answers the new count, or -1 if the user was there already. */
const JOIN = `
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[2])
if redis.call('SADD', KEYS[2], ARGV[1]) == 1 then
  return redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
end
return -1`;

/** KEYS: hash, instance set. ARGV: user. Answers the new count (0 = now offline), or -1 if the user was not there. */
const LEAVE = `
if redis.call('SREM', KEYS[2], ARGV[1]) == 1 then
  local n = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
  if n <= 0 then
    redis.call('HDEL', KEYS[1], ARGV[1])
    return 0
  end
  return n
end
return -1`;

/**
 * KEYS: hash, instance set, instances. ARGV: instance, stale-before (ms; '' = unconditionally, for
 * the instance's own shutdown). Removes the instance's users from the presence and answers those
 * who are now offline. The check-and-remove is one script, so one sweeper alone handles a dead instance.
 */
const DROP_INSTANCE = `
if ARGV[2] ~= '' then
  local score = redis.call('ZSCORE', KEYS[3], ARGV[1])
  if (not score) or tonumber(score) >= tonumber(ARGV[2]) then return {} end
end
redis.call('ZREM', KEYS[3], ARGV[1])
local gone = {}
for _, u in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  local n = redis.call('HINCRBY', KEYS[1], u, -1)
  if n <= 0 then
    redis.call('HDEL', KEYS[1], u)
    table.insert(gone, u)
  end
end
redis.call('DEL', KEYS[2])
return gone`;

/**
 * The hub of several instances sharing Redis. A frame is delivered to this instance's sockets at
 * once and published on one channel; every other instance delivers it to its own sockets. Presence
 * is counted per instance in Redis, so `Online`/`Offline` and `onlineUserIds` hold across instances;
 * a heartbeat lets the survivors clear the users of an instance that died without closing.
 * Resolves once the channel subscription is in place.
 */
export async function createRedisPushHub(options: RedisPushHubOptions): Promise<PushHub> {
  const { log, prefix } = options;
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const instanceTtlMs = options.instanceTtlMs ?? 30_000;
  const instanceId = `${process.pid.toString(36)}-${randomBytes(6).toString('hex')}`;
  const channel = `${prefix}:push`;
  const presenceKey = `${prefix}:presence`;
  const instancesKey = `${prefix}:instances`;
  const instanceKey = (id: string) => `${prefix}:presence:${id}`;

  const sockets = new LocalSockets(log);
  // Commands and publishing on one connection; a subscribed connection can do nothing else.
  const pub = new Redis(options.url, { maxRetriesPerRequest: 2 });
  const sub = new Redis(options.url, { maxRetriesPerRequest: null });
  for (const [name, connection] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const) {
    connection.on('error', (err: Error) => log.warn({ err, connection: name }, 'push hub: redis error'));
  }

  sub.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text) as Envelope;
    } catch (err) {
      log.warn({ err }, 'push hub: unreadable frame on the channel');
      return;
    }
    if (envelope.o === instanceId) return;
    if (envelope.k === 'u') sockets.toUsers(envelope.ids, envelope.f);
    else if (envelope.k === 's') sockets.toSessions(envelope.ids, envelope.f);
    else sockets.toAll(envelope.f, envelope.ids[0]);
  });
  await sub.subscribe(channel);

  // closing: no new presence work; closed: nothing more goes to Redis.
  let closing = false;
  let closed = false;
  async function publish(k: Envelope['k'], ids: readonly string[], frame: PushFrame): Promise<void> {
    if (closed) return;
    try {
      await pub.publish(channel, JSON.stringify({ o: instanceId, k, ids, f: frame } satisfies Envelope));
    } catch (err) {
      // A push is a notice, not a record: the client refetches what it shows on reconnect.
      log.warn({ err, method: frame.method }, 'push hub: publish failed, other instances miss this frame');
    }
  }

  async function announce(method: 'Online' | 'Offline', userId: string): Promise<void> {
    const frame = presenceFrame(method, userId);
    sockets.toAll(frame, userId);
    await publish('a', [userId], frame);
  }

  // Presence changes run one after another, in the order sockets came and went.
  let presence: Promise<void> = Promise.resolve();
  const queue = (step: () => Promise<void>) => {
    if (closing) return;
    presence = presence.then(step).catch((err: unknown) => log.warn({ err }, 'push hub: presence update failed'));
  };

  async function join(userId: string): Promise<void> {
    const count = (await pub.eval(
      JOIN,
      3,
      presenceKey,
      instanceKey(instanceId),
      instancesKey,
      userId,
      instanceId,
      Date.now(),
    )) as number;
    if (count === 1) await announce('Online', userId);
  }

  async function leave(userId: string): Promise<void> {
    const count = (await pub.eval(LEAVE, 2, presenceKey, instanceKey(instanceId), userId)) as number;
    if (count === 0) await announce('Offline', userId);
  }

  async function dropInstance(id: string, staleBefore: number | null): Promise<string[]> {
    return (await pub.eval(
      DROP_INSTANCE,
      3,
      presenceKey,
      instanceKey(id),
      instancesKey,
      id,
      staleBefore === null ? '' : String(staleBefore),
    )) as string[];
  }

  async function heartbeat(): Promise<void> {
    const now = Date.now();
    const added = await pub.zadd(instancesKey, now, instanceId);
    // Taken for dead (a long pause) and swept: put this instance's users back.
    if (added === 1) for (const userId of sockets.users()) await join(userId);
    const stale = await pub.zrangebyscore(instancesKey, '-inf', `(${now - instanceTtlMs}`);
    for (const id of stale) {
      if (id === instanceId) continue;
      const gone = await dropInstance(id, now - instanceTtlMs);
      if (gone.length) log.warn({ instance: id, users: gone.length }, 'push hub: cleared the users of a dead instance');
      for (const userId of gone) await announce('Offline', userId);
    }
  }

  queue(heartbeat);
  const timer = setInterval(() => queue(heartbeat), heartbeatMs);
  timer.unref();

  return {
    async toUsers(userIds, frame) {
      sockets.toUsers(userIds, frame);
      await publish('u', userIds, frame);
    },
    async toSessions(sessionIds, frame) {
      sockets.toSessions(sessionIds, frame);
      await publish('s', sessionIds, frame);
    },
    async toAll(frame) {
      sockets.toAll(frame);
      await publish('a', [], frame);
    },
    subscribe(userId, deliver, sessionId) {
      const entry: Subscriber = { userId, sessionId, deliver };
      if (sockets.add(entry)) queue(() => join(userId));
      let done = false;
      return () => {
        if (done) return;
        done = true;
        // A socket that closes while the user opens another here keeps the user present.
        if (sockets.remove(entry)) queue(() => (sockets.hasUser(userId) ? Promise.resolve() : leave(userId)));
      };
    },
    async onlineUserIds() {
      await presence;
      return pub.hkeys(presenceKey);
    },
    localSockets: () => sockets.count(),
    async reachable() {
      try {
        return (await pub.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      if (closing) return;
      closing = true;
      clearInterval(timer);
      await presence;
      try {
        const gone = await dropInstance(instanceId, null);
        for (const userId of gone) await publish('a', [userId], presenceFrame('Offline', userId));
      } catch (err) {
        log.warn({ err }, 'push hub: could not clear presence on close; the heartbeat sweep of another instance will');
      }
      closed = true;
      sockets.clear();
      sub.disconnect();
      await pub.quit().catch(() => pub.disconnect());
    },
  };
}
