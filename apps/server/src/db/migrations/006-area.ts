import type { Kysely } from 'kysely';
import { seedAreas } from '../data/areas.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

/**
 * Administrative areas (province, city, district, street): a tree by parent_id ('-1' = top level).
 * - area_code: administrative codes are unique, and the constraint is what refuses the second of two
 *   concurrent creates with the same code;
 * - area_children: the lazy tree reads one parent's children in display order from the index alone.
 * The real divisions are part of the table, not of the demo: every new database gets them here,
 * since every address field needs them (see db/data/areas.ts for the source and the cost).
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('area')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('parent_id', 'text', (c) => c.notNull())
    .addColumn('en_code', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('quick_query', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_code', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('updated_at', 'bigint')
    .addColumn('updated_by', 'text')
    .execute();
  await db.schema.createIndex('area_code').on('area').column('en_code').unique().execute();
  await db.schema.createIndex('area_children').on('area').columns(['parent_id', 'sort_code', 'en_code']).execute();
  await seedAreas(db, Date.now());
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('area').execute();
}
