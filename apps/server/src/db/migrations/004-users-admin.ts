import { sql, SqliteAdapter, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

const isSqlite = (db: Db) => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * User management at scale (10 000 users):
 * - users_sort: the list's order walks it and stops after one page instead of sorting every row;
 * - user_relation_member: membership lookups (an organisation subtree, a role's or a position's
 *   users) read user ids from the index alone;
 * - keyword search over account, name and mobile through an index made for substring search
 *   (docs/search.md): an FTS5 trigram table kept by triggers on SQLite, pg_trgm GIN indexes on
 *   PostgreSQL (skipped when the server does not offer the extension; the search then scans).
 */
export async function up(db: Db): Promise<void> {
  await db.schema.createIndex('users_sort').on('users').columns(['sort_code', 'id']).execute();
  await db.schema
    .createIndex('user_relation_member')
    .on('user_relation')
    .columns(['object_type', 'object_id', 'user_id'])
    .execute();
  await db.schema.createIndex('role_organize').on('role').column('organize_id').execute();

  if (isSqlite(db)) {
    await sql`create virtual table users_search using fts5(user_id unindexed, account, real_name, mobile_phone, tokenize = 'trigram')`.execute(
      db,
    );
    await sql`insert into users_search (user_id, account, real_name, mobile_phone) select id, account, real_name, mobile_phone from users`.execute(
      db,
    );
    await sql`create trigger users_search_insert after insert on users begin
      insert into users_search (user_id, account, real_name, mobile_phone) values (new.id, new.account, new.real_name, new.mobile_phone);
    end`.execute(db);
    await sql`create trigger users_search_update after update of account, real_name, mobile_phone on users begin
      delete from users_search where user_id = old.id;
      insert into users_search (user_id, account, real_name, mobile_phone) values (new.id, new.account, new.real_name, new.mobile_phone);
    end`.execute(db);
    await sql`create trigger users_search_delete after delete on users begin
      delete from users_search where user_id = old.id;
    end`.execute(db);
    return;
  }

  const offered = await sql<{
    n: number;
  }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (!offered.rows[0]?.n) return;
  // In public, never in a per-test schema: dropping such a schema must not drop the extension.
  await sql`savepoint users_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    for (const column of ['account', 'real_name', 'mobile_phone']) {
      await sql`create index ${sql.id(`users_${column}_trgm`)} on users using gin (${sql.id(column)} public.gin_trgm_ops)`.execute(
        db,
      );
    }
    await sql`release savepoint users_trgm`.execute(db);
  } catch {
    // Not allowed to install it here: the search works without the index, only slower.
    await sql`rollback to savepoint users_trgm`.execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  if (isSqlite(db)) {
    for (const trigger of ['users_search_insert', 'users_search_update', 'users_search_delete'])
      await sql`drop trigger if exists ${sql.id(trigger)}`.execute(db);
    await sql`drop table if exists users_search`.execute(db);
  } else {
    for (const column of ['account', 'real_name', 'mobile_phone'])
      await sql`drop index if exists ${sql.id(`users_${column}_trgm`)}`.execute(db);
  }
  await db.schema.dropIndex('role_organize').execute();
  await db.schema.dropIndex('user_relation_member').execute();
  await db.schema.dropIndex('users_sort').execute();
}
