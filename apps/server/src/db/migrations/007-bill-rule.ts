import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

/**
 * Bill rules: how business numbers are made, and the counter that
 * issues them. `this_number` counts the numbers issued in the period named by `date_part` (the date
 * part of the last issued number; 0 = none issued yet); issuing is one atomic UPDATE of this row, so
 * the counter never hands out a number twice and a rolled-back issue leaves no gap. The last issued
 * number follows from these and the rule's format, which is fixed once a number is issued.
 * `en_code` is unique: forms ask for their next number by it.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('bill_rule')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('prefix', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('date_format', 'text', (c) => c.notNull())
    .addColumn('digit', 'integer', (c) => c.notNull())
    .addColumn('start_number', 'text', (c) => c.notNull())
    .addColumn('this_number', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('date_part', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The list and the template dialog filter by category and read it in display order.
  await db.schema
    .createIndex('bill_rule_category_sort')
    .on('bill_rule')
    .columns(['category', 'sort_code', 'created_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('bill_rule').execute();
}
