import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

/**
 * Message templates: the title and body (with {field} placeholders) that flow messages, notices and
 * system messages are rendered from. template_json holds the declared parameters as JSON text.
 * The unique code index is what refuses the second of two concurrent creates with one code.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('message_template')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('message_type', 'integer', (c) => c.notNull())
    .addColumn('channel', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('template_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('description', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema.createIndex('message_template_code').on('message_template').column('en_code').unique().execute();
  await db.schema
    .createIndex('message_template_order')
    .on('message_template')
    .columns(['sort_code', 'created_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('message_template').execute();
}
