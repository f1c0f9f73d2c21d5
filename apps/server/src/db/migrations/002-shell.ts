import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // Shell settings a user chose (colour, dark mode, tags...), applied on every device they sign in from.
  await db.schema
    .alterTable('users')
    .addColumn('preferences', 'text', (c) => c.notNull().defaultTo('{}'))
    .execute();

  await db.schema
    .createTable('user_sign_img')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sign_img', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_sign_img_user').on('user_sign_img').column('user_id').execute();

  await db.schema
    .createTable('ticket')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('message')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('files', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('flow_type', 'integer')
    .addColumn('release_time', 'bigint')
    .addColumn('release_user_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .execute();

  await db.schema
    .createTable('message_receive')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull().references('message.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read_time', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('message_receive_once', ['message_id', 'user_id'])
    .execute();
  await db.schema.createIndex('message_receive_user').on('message_receive').columns(['user_id', 'is_read']).execute();
}
