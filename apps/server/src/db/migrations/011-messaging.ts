import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

/**
 * Messaging:
 * - notices become editable records on `message` (state draft/released, recipients, expiry, urgency,
 *   version for concurrent edits); flow and system messages are written released (state 1);
 * - `im_content` holds chat messages, with a per-side deletion flag because 'delete chat record'
 *   clears the caller's copy only;
 * - `im_reply` is each user's conversation list with its latest message, so the list and the
 *   unread summary of initMessage read one row per conversation instead of scanning the history.
 */
export async function up(db: Db): Promise<void> {
  // SQLite adds one column per statement.
  const messageColumns: [string, 'text' | 'integer' | 'bigint', unknown][] = [
    ['state', 'integer', 1],
    ['category', 'text', ''],
    ['urgent', 'integer', 1],
    ['expire_time', 'bigint', null],
    ['recipients', 'text', '[]'],
    ['excerpt', 'text', ''],
    ['updated_at', 'bigint', null],
    ['updated_by', 'text', null],
    ['version', 'integer', 0],
  ];
  for (const [name, type, fallback] of messageColumns) {
    await db.schema
      .alterTable('message')
      .addColumn(name, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
      .execute();
  }
  // The notice administration lists by type and state, newest first.
  await db.schema.createIndex('message_type_state').on('message').columns(['type', 'state', 'created_at']).execute();
  // The message centre pages a user's rows newest first.
  await db.schema
    .createIndex('message_receive_user_time')
    .on('message_receive')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('im_content')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('send_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('receive_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('send_time', 'bigint', (c) => c.notNull())
    .addColumn('receive_time', 'bigint')
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    // 0 unread, 1 read by the recipient.
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('send_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('receive_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // History between two users in time order (both directions are two ranges of this index).
  await db.schema
    .createIndex('im_content_pair')
    .on('im_content')
    .columns(['send_user_id', 'receive_user_id', 'send_time'])
    .execute();
  // Unread counts per sender for one recipient.
  await db.schema
    .createIndex('im_content_unread')
    .on('im_content')
    .columns(['receive_user_id', 'state', 'send_user_id'])
    .execute();

  await db.schema
    .createTable('im_reply')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('other_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('latest_message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('latest_type', 'text', (c) => c.notNull().defaultTo('text'))
    .addColumn('latest_time', 'bigint', (c) => c.notNull())
    // 1 after 'remove' (relocation): out of the list until the next message.
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('im_reply_pk', ['user_id', 'other_user_id'])
    .execute();
  await db.schema.createIndex('im_reply_list').on('im_reply').columns(['user_id', 'latest_time']).execute();
}
