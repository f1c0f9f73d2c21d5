import { PostgresAdapter, sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

/**
 * Durable jobs (core/jobs, docs/jobs.md): one row per job, claimed with a lease so that exactly one
 * instance runs it at a time, retried with back-off, kept `dead` with its last error after its
 * last attempt. `dedupe_key` makes enqueuing the same logical job twice give one row; a recurring
 * job is one row with `interval_ms` that reschedules itself.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('job')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('null'))
    // Epoch milliseconds: not to be started before.
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    // pending, running, done or dead.
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('interval_ms', 'bigint')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Claiming reads the due pending rows in run_at order and the running rows whose lease ran out.
  await db.schema.createIndex('job_claim').on('job').columns(['state', 'run_at']).execute();
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    // Every job is updated two or three times: vacuum and fresh statistics (the claim's plan relies
    // on them) are wanted long before the default 20% of the table has changed.
    await sql`alter table job set (autovacuum_vacuum_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.02)`.execute(
      db,
    );
  }
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('job').execute();
}
