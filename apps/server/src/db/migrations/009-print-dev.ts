import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

/**
 * Print templates. `category` holds the
 * enCode of a printCategory dictionary item: codes are stable across seeds, ids are not.
 * `page_param` is the JSON of the page settings (paper, orientation, margins).
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('print_template')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('sql_template', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('print_template', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('page_param', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('description', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'text')
    .execute();
  // The list's order, and the selector's grouping by category.
  await db.schema
    .createIndex('print_template_sort')
    .on('print_template')
    .columns(['sort_code', 'created_at'])
    .execute();
  await db.schema.createIndex('print_template_category').on('print_template').columns(['category', 'type']).execute();
}
