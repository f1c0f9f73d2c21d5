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

/** The categories the list's tree groups interfaces by; fixed reference data. */
const CATEGORIES = [
  ['di-cat-system', 'system', '系统接口'],
  ['di-cat-business', 'business', '业务接口'],
  ['di-cat-example', 'example', '示例接口'],
] as const;

/**
 * Data interfaces (docs/admin-sql.md): admin-defined data sources (read-only
 * SQL, static JSON, allow-listed HTTP) that form widgets read through, with a call log per
 * interface read newest first.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('data_interface_category')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('data_interface_category')
    .values(CATEGORIES.map(([id, en_code, full_name], sort_code) => ({ id, en_code, full_name, sort_code })))
    .execute();

  await audited(db.schema.createTable('data_interface'))
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('category_id', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull().unique())
    .addColumn('data_type', 'integer', (c) => c.notNull())
    .addColumn('request_method', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('check_type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('query', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('request_parameters', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('request_headers', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('data_processing', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('property_json', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('description', 'text')
    .execute();
  await db.schema
    .createIndex('data_interface_category_sort')
    .on('data_interface')
    .columns(['category_id', 'sort_code', 'id'])
    .execute();

  await db.schema
    .createTable('data_interface_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('interface_id', 'text', (c) => c.notNull())
    .addColumn('invoked_at', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('device', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  // The log drawer pages one interface's calls newest first.
  await db.schema
    .createIndex('data_interface_log_time')
    .on('data_interface_log')
    .columns(['interface_id', 'invoked_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('data_interface_log').execute();
  await db.schema.dropTable('data_interface').execute();
  await db.schema.dropTable('data_interface_category').execute();
}
