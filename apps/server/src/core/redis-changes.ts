import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { TableChanges } from '../db/table-changes.ts';

export interface TableChangeFeed {
  close(): Promise<void>;
}

/** What goes over the channel: the sending instance and the tables it committed ('*' for unknown). */
const encode = (instance: string, tables: readonly string[] | null) => `${instance} ${tables ? tables.join(',') : '*'}`;

/**
 * Tells every instance sharing Redis which tables this one's commits wrote, and counts theirs here,
 * so the row memos (session, user, revisions) hold on PostgreSQL as they do on SQLite. The memos
 * trust their rows only while the subscription stands: before it is confirmed, and from the moment
 * the connection drops until it is subscribed again, `changes` is not live and every memo reads
 * through; coming back moves every stamp, since messages sent meanwhile are lost.
 */
export async function connectTableChangeFeed(options: {
  url: string;
  prefix: string;
  changes: TableChanges;
  log: FastifyBaseLogger;
}): Promise<TableChangeFeed> {
  const { changes, log } = options;
  const channel = `${options.prefix}:table-changes`;
  const instance = `${process.pid.toString(36)}-${randomBytes(6).toString('hex')}`;
  // A subscribed connection can only listen, so publishing has a connection of its own.
  const pub = new Redis(options.url, { maxRetriesPerRequest: 2 });
  const sub = new Redis(options.url, { maxRetriesPerRequest: null, autoResubscribe: false });
  for (const [name, connection] of [
    ['publisher', pub],
    ['subscriber', sub],
  ] as const)
    connection.on('error', (err: Error) => log.warn({ err, connection: name }, 'table changes: redis error'));

  let closed = false;
  sub.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const space = text.indexOf(' ');
    if (space < 0 || text.slice(0, space) === instance) return;
    const list = text.slice(space + 1);
    changes.written(list === '*' ? null : list.split(','));
  });
  const down = () => changes.setLive(false);
  sub.on('close', down);
  sub.on('end', down);
  sub.on('reconnecting', down);
  const subscribe = async () => {
    try {
      await sub.subscribe(channel);
      if (!closed) changes.setLive(true);
    } catch (err) {
      log.warn({ err }, 'table changes: subscribe failed; caches read through until it succeeds');
    }
  };
  // Every (re)connection subscribes afresh and only then trusts the memos again.
  sub.on('ready', () => void subscribe());
  await new Promise<void>((resolve) => {
    if (sub.status === 'ready') resolve();
    else sub.once('ready', () => resolve());
    setTimeout(resolve, 5_000).unref();
  });
  await subscribe();

  const stop = changes.onCommit((tables) => {
    if (closed) return;
    pub.publish(channel, encode(instance, tables)).catch((err: unknown) => {
      // Redis is away: the other instances' subscriptions are down too, so they read through.
      log.warn({ err }, 'table changes: publish failed');
    });
  });

  return {
    async close() {
      closed = true;
      stop();
      changes.setLive(false);
      sub.disconnect();
      pub.disconnect();
    },
  };
}
