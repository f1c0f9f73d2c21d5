import type { CreateTableBuilder, Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the database as it was
   at that point in history, not against today's typed schema. */
type Db = Kysely<any>;

function audited<T extends string>(table: CreateTableBuilder<T, never>) {
  return table
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0));
}

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('sys_config')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('revision')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull())
    .execute();

  await audited(db.schema.createTable('app_system'))
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text')
    .execute();

  await audited(db.schema.createTable('menu'))
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('system_id', 'text', (c) => c.notNull().references('app_system.id'))
    .addColumn('parent_id', 'text', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('url_address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('link_target', 'text', (c) => c.notNull().defaultTo('_self'))
    .addColumn('property_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('description', 'text')
    .execute();
  await db.schema.createIndex('menu_system_parent').on('menu').columns(['system_id', 'parent_id']).execute();

  await audited(db.schema.createTable('menu_element'))
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('menu_id', 'text', (c) => c.notNull().references('menu.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull())
    .addUniqueConstraint('menu_element_code', ['menu_id', 'kind', 'en_code'])
    .execute();

  await audited(db.schema.createTable('menu_resource'))
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('menu_id', 'text', (c) => c.notNull().references('menu.id').onDelete('cascade'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull())
    .addColumn('condition_json', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('match_logic', 'text', (c) => c.notNull().defaultTo('and'))
    .addColumn('all_data', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('menu_resource_code', ['menu_id', 'en_code'])
    .execute();

  await audited(db.schema.createTable('organize'))
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent_id', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('manager_id', 'text')
    .addColumn('organize_id_tree', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('organize_parent').on('organize').column('parent_id').execute();

  await audited(db.schema.createTable('position'))
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organize_id', 'text', (c) => c.notNull().references('organize.id'))
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await audited(db.schema.createTable('role'))
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('global_mark', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('organize_id', 'text')
    .addColumn('description', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await audited(db.schema.createTable('user_group'))
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await audited(db.schema.createTable('users'))
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account', 'text', (c) => c.notNull().unique())
    .addColumn('real_name', 'text', (c) => c.notNull())
    .addColumn('gender', 'integer')
    .addColumn('head_icon', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('mobile_phone', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_administrator', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('manager_id', 'text')
    .addColumn('organize_id', 'text')
    .addColumn('position_id', 'text')
    .addColumn('system_id', 'text')
    .addColumn('theme', 'text', (c) => c.notNull().defaultTo('blend'))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('lock_mark', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('unlock_time', 'bigint')
    .addColumn('login_error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_login_time', 'bigint')
    .addColumn('last_login_ip', 'text')
    .addColumn('last_login_place', 'text')
    .addColumn('prev_login_time', 'bigint')
    .addColumn('prev_login_ip', 'text')
    .addColumn('prev_login_place', 'text')
    .addColumn('description', 'text')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('users_organize').on('users').column('organize_id').execute();
  await db.schema.createIndex('users_manager').on('users').column('manager_id').execute();

  await db.schema
    .createTable('user_relation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addUniqueConstraint('user_relation_once', ['user_id', 'object_type', 'object_id'])
    .execute();
  await db.schema
    .createIndex('user_relation_object')
    .on('user_relation')
    .columns(['object_type', 'object_id'])
    .execute();

  await db.schema
    .createTable('authorize')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_type', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('object_type', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addUniqueConstraint('authorize_once', ['object_type', 'object_id', 'item_type', 'item_id'])
    .execute();

  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('ended_at', 'bigint')
    .addColumn('end_reason', 'text')
    .execute();
  await db.schema.createIndex('session_user').on('session').column('user_id').execute();

  await db.schema
    .createTable('captcha')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sys_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('category', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('abstracts', 'text', (c) => c.notNull())
    .addColumn('request_url', 'text', (c) => c.notNull())
    .addColumn('request_method', 'text', (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sys_log_user').on('sys_log').columns(['user_id', 'category', 'created_at']).execute();
}
