import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  // Systems, menus, their elements and data schemes become editable by administrators: each edit
  // carries the version it read so two admins saving the same record cannot silently overwrite.
  for (const table of ['app_system', 'menu', 'menu_element', 'menu_resource']) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  }

  // The grants of one object (role, position, user, organisation) are saved as a whole; this row
  // versions that whole set so a second editor who started from the same state gets 409.
  await db.schema
    .createTable('authorize_object')
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addPrimaryKeyConstraint('authorize_object_pk', ['object_type', 'object_id'])
    .execute();
  await db.schema.createIndex('authorize_item').on('authorize').columns(['item_type', 'item_id']).execute();

  // A user's list-column order and visibility per menu (列表显示设置).
  await db.schema
    .createTable('column_setting')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('module_id', 'text', (c) => c.notNull().references('menu.id').onDelete('cascade'))
    .addColumn('field_list', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('column_setting_pk', ['user_id', 'module_id'])
    .execute();
}
