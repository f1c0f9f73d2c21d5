import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

/**
 * Job grades and feedback.
 * - job_grade: a rank (name, unique code, level) that positions and users may carry; the unique
 *   code index refuses the second of two concurrent creates with one code.
 * - position.grade_id, users.grade_id: the grade of a position and of a user (both optional).
 * - feedback: what a user wrote to the administrators from the navbar, with an optional screenshot
 *   (an image name under the feedback file category); status 0 open, 1 handled.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('job_grade')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull())
    .addColumn('grade_level', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('description', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema.createIndex('job_grade_code').on('job_grade').column('en_code').unique().execute();
  await db.schema.createIndex('job_grade_order').on('job_grade').columns(['sort_code', 'id']).execute();
  await db.schema.alterTable('position').addColumn('grade_id', 'text').execute();
  await db.schema.alterTable('users').addColumn('grade_id', 'text').execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('screenshot', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('handled_by', 'text')
    .addColumn('handled_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feedback_user').on('feedback').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('feedback_order').on('feedback').columns(['status', 'created_at']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('feedback').execute();
  await db.schema.alterTable('users').dropColumn('grade_id').execute();
  await db.schema.alterTable('position').dropColumn('grade_id').execute();
  await db.schema.dropTable('job_grade').execute();
}
