import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

/**
 * Notice templates (docs/messages.md): reusable notice texts that the notice editor offers. The
 * unique name index refuses the second of two concurrent saves under one name; the list reads them
 * newest first.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('oa_template')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .execute();
  await db.schema.createIndex('oa_template_name').on('oa_template').column('full_name').unique().execute();
  await db.schema.createIndex('oa_template_order').on('oa_template').columns(['created_at', 'id']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('oa_template').execute();
}
