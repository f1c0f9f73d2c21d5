import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

/**
 * A trigger node waiting for a callback (docs/workflow.md, "Data interfaces in a flow"): its node
 * instance keeps the SHA-256 hash of the single-use token the outside system answers with, never the
 * token itself (admin-written SQL may read this table). The unique index finds the waiting step by
 * the token's hash; the many steps without a token hold NULL, which never collides on either
 * database. The hash is cleared once the token is spent.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('flow_node_instance').addColumn('callback_token_digest', 'text').execute();
  await db.schema
    .createIndex('flow_node_instance_callback')
    .on('flow_node_instance')
    .column('callback_token_digest')
    .unique()
    .execute();
}
