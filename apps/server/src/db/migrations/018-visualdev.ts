import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

/**
 * Visual development (docs/visual-development.md).
 * - visualdev_model: a designed form and list. The draft (form_data, column_data, app_data) is what
 *   the designer saves; release copies it to the released_* columns the runtime reads, so editing
 *   a draft never changes what staff use. table_name is fixed at the first release: a model's
 *   records stay in the table they were written to whatever its code becomes later.
 * - visualdev_column: every column release made in a model's tables, with the storage kind it was
 *   made for. A field removed from the design keeps its column (and its data); a field whose kind
 *   now needs another storage gets its column remade only while the column holds no data.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('visualdev_model')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull())
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('category', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('web_type', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('form_data', 'text', (c) => c.notNull())
    .addColumn('column_data', 'text', (c) => c.notNull())
    .addColumn('app_data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('released_form_data', 'text')
    .addColumn('released_column_data', 'text')
    .addColumn('released_app_data', 'text')
    .addColumn('released_at', 'bigint')
    .addColumn('table_name', 'text')
    .addColumn('menu_id', 'text')
    .addColumn('description', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema.createIndex('visualdev_model_code').on('visualdev_model').column('en_code').unique().execute();
  await db.schema.createIndex('visualdev_model_table').on('visualdev_model').column('table_name').unique().execute();
  await db.schema
    .createIndex('visualdev_model_order')
    .on('visualdev_model')
    .columns(['category', 'sort_code', 'id'])
    .execute();

  await db.schema
    .createTable('visualdev_column')
    .addColumn('model_id', 'text', (c) => c.notNull().references('visualdev_model.id').onDelete('cascade'))
    .addColumn('table_name', 'text', (c) => c.notNull())
    .addColumn('column_name', 'text', (c) => c.notNull())
    .addColumn('storage', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('visualdev_column_pk', ['table_name', 'column_name'])
    .execute();
  await db.schema.createIndex('visualdev_column_model').on('visualdev_column').column('model_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('visualdev_column').execute();
  await db.schema.dropTable('visualdev_model').execute();
}
