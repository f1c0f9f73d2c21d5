import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { ImContentTable } from '../../db/schema.ts';
import { inTransaction } from '../../db/tx.ts';

export type ChatRow = Insertable<ImContentTable> & {
  send_user_id: string;
  receive_user_id: string;
  send_time: number;
  content: string;
  content_type: string;
};

/** Most messages one transaction stores. */
const BATCH = 200;

interface Pending {
  row: ChatRow;
  done(err?: unknown): void;
}

/**
 * Stores messages with both sides' conversation entries in one transaction per batch: the first
 * message is written at once, and what arrives while that commit runs goes into the next one. At a
 * few messages a second every batch holds one message; under a burst the commit (the costly part
 * on both databases) is shared.
 */
async function storeBatch(db: Db, rows: readonly ChatRow[]): Promise<void> {
  // Later messages of a pair overwrite earlier ones: each side keeps its latest.
  const latest = new Map<string, { user_id: string; other_user_id: string; row: ChatRow }>();
  for (const row of rows) {
    for (const [user, other] of [
      [row.send_user_id, row.receive_user_id],
      [row.receive_user_id, row.send_user_id],
    ] as const) {
      latest.set(`${user} ${other}`, { user_id: user, other_user_id: other, row });
    }
  }
  // Rows in one global order: concurrent writers (other instances) lock them in the same order, so
  // PostgreSQL cannot deadlock two users writing to each other at the same moment.
  const sides = [...latest.values()].sort((a, b) =>
    a.user_id === b.user_id ? (a.other_user_id < b.other_user_id ? -1 : 1) : a.user_id < b.user_id ? -1 : 1,
  );
  await inTransaction(db, async (trx) => {
    await trx
      .insertInto('im_content')
      .values([...rows])
      .execute();
    await trx
      .insertInto('im_reply')
      .values(
        sides.map((s) => ({
          user_id: s.user_id,
          other_user_id: s.other_user_id,
          latest_message: s.row.content,
          latest_type: s.row.content_type,
          latest_time: s.row.send_time,
          hidden: 0,
        })),
      )
      .onConflict((oc) =>
        oc.columns(['user_id', 'other_user_id']).doUpdateSet((eb) => ({
          latest_message: eb.ref('excluded.latest_message'),
          latest_type: eb.ref('excluded.latest_type'),
          latest_time: eb.ref('excluded.latest_time'),
          hidden: 0,
        })),
      )
      .execute();
  });
}

class ChatWriter {
  private readonly queue: Pending[] = [];
  private running = false;

  constructor(private readonly db: Db) {}

  write(row: ChatRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, done: (err) => (err === undefined ? resolve() : reject(err)) });
      if (!this.running) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, BATCH);
        try {
          await storeBatch(
            this.db,
            batch.map((p) => p.row),
          );
          for (const p of batch) p.done();
        } catch (err) {
          if (batch.length === 1) {
            batch[0]!.done(err);
            continue;
          }
          // One bad message (a user deleted meanwhile) must not lose the others of its batch.
          for (const p of batch) {
            try {
              await storeBatch(this.db, [p.row]);
              p.done();
            } catch (single) {
              p.done(single);
            }
          }
        }
      }
    } finally {
      this.running = false;
    }
  }
}

const writers = new WeakMap<Db, ChatWriter>();

/** Stores one chat message (with both conversation entries); resolves once it is committed. */
export function storeChatMessage(db: Db, row: ChatRow): Promise<void> {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new ChatWriter(db)));
  return writer.write(row);
}
