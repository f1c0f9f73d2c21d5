import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

/**
 * The flow monitor lists every instance newest first (by `created_at`); without an index on it
 * each page sorted the whole table.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('flow_instance_created').on('flow_instance').columns(['created_at', 'id']).execute();
}
