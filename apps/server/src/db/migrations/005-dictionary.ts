import type { CreateTableBuilder, Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

function audited<T extends string>(table: CreateTableBuilder<T, never>) {
  return table
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0));
}

/**
 * Dictionaries: a tree of dictionary types (a type with children acts as a
 * category; each type keeps flat or tree items, is_tree) and their items. Item codes are unique per
 * type, enforced by the database so two concurrent creates cannot both win. Users get the education
 * and nation fields, which hold item ids of those dictionaries.
 */
export async function up(db: Db): Promise<void> {
  await audited(db.schema.createTable('dictionary_type'))
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent_id', 'text', (c) => c.notNull().defaultTo('-1'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('is_tree', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .execute();
  await db.schema.createIndex('dictionary_type_parent').on('dictionary_type').column('parent_id').execute();

  await audited(db.schema.createTable('dictionary_data'))
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type_id', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text', (c) => c.notNull().defaultTo('-1'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull())
    .addColumn('simple_spelling', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('description', 'text')
    .addUniqueConstraint('dictionary_data_type_code', ['type_id', 'en_code'])
    .execute();
  // Lists and the client cache read a type's items in display order; deletes check for children.
  await db.schema
    .createIndex('dictionary_data_type_sort')
    .on('dictionary_data')
    .columns(['type_id', 'sort_code', 'id'])
    .execute();
  await db.schema.createIndex('dictionary_data_parent').on('dictionary_data').column('parent_id').execute();

  await db.schema.alterTable('users').addColumn('education', 'text').execute();
  await db.schema.alterTable('users').addColumn('nation', 'text').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('users').dropColumn('nation').execute();
  await db.schema.alterTable('users').dropColumn('education').execute();
  await db.schema.dropTable('dictionary_data').execute();
  await db.schema.dropTable('dictionary_type').execute();
}
