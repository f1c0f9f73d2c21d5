import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { areaSearch } from '../../modules/system/area/area-search.ts';
import { userSearch } from '../../modules/permission/users.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

const isSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * Keyword search by index (docs/search.md), built here over the rows already there:
 * - areas (name, code, quick query) and users (account, name, mobile) get a search index: FTS5
 *   trigram tables kept by triggers on SQLite, trigram and short-substring GIN indexes on PostgreSQL;
 * - the users search of migration 004 (an FTS5 table on SQLite, one pg_trgm index per column on
 *   PostgreSQL) is replaced by the new one;
 * - area_search_order: a keyword common enough to be matched by a scan walks the areas in the
 *   search's order and stops after the first page.
 */
export async function up(db: Db): Promise<void> {
  if (isSqlite(db)) {
    for (const trigger of ['users_search_insert', 'users_search_update', 'users_search_delete'])
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    await sql`drop table if exists users_search`.execute(db);
  } else {
    for (const column of ['account', 'real_name', 'mobile_phone'])
      await sql`drop index if exists ${sql.id(`users_${column}_trgm`)}`.execute(db);
  }
  await areaSearch.create(db);
  await userSearch.create(db);
  await db.schema.createIndex('area_search_order').on('area').columns(['type', 'sort_code', 'en_code']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('area_search_order').execute();
  await userSearch.drop(db);
  await areaSearch.drop(db);
}
