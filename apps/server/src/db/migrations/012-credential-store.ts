import { PostgresAdapter, sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

/**
 * The credential store (docs/admin-sql.md): sign-in secrets leave the tables that admin-written
 * SQL may read.
 * - `user_credential` takes the password hash off `users`;
 * - `server_secret` holds keys every instance shares (the file-ticket signing key);
 * - on SQLite, `session`, `ticket` and `captcha` move into the attached credential file, together
 *   with the two new tables. SQLite has no foreign keys across files, so deleting a user deletes
 *   its credential, sessions and tickets in the service that deletes it (on both databases, so
 *   that the code is one).
 * On PostgreSQL the tables stay in the working schema; the admin-SQL role is not granted them.
 */
export async function up(db: Db): Promise<void> {
  const sqlite = !(db.getExecutor().adapter instanceof PostgresAdapter);
  if (sqlite) {
    await moveToCredentialFile(db);
  } else {
    await db.schema
      .createTable('user_credential')
      .addColumn('user_id', 'text', (c) => c.primaryKey())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('server_secret')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
    for (const table of ['session', 'ticket']) {
      await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.id(`${table}_user_id_fkey`)}`.execute(
        db,
      );
    }
  }
  await sql`insert into user_credential (user_id, password_hash) select id, password_hash from users`.execute(db);
  await db.schema.alterTable('users').dropColumn('password_hash').execute();
}

/** SQLite: the tables are created in the attached file (`cred`) and filled from the main file. */
async function moveToCredentialFile(db: Db): Promise<void> {
  const statements = [
    `create table cred.user_credential (user_id text primary key, password_hash text not null)`,
    `create table cred.server_secret (name text primary key, value text not null)`,
    `create table cred.session (id text primary key, token_hash text not null unique, user_id text not null,
      device text not null, ip text not null, created_at bigint not null, last_seen_at bigint not null,
      expires_at bigint not null, locked integer not null default 0, ended_at bigint, end_reason text)`,
    `create index cred.session_user on session (user_id)`,
    `create table cred.ticket (ticket_hash text primary key, user_id text not null, expires_at bigint not null)`,
    `create table cred.captcha (key text primary key, code text not null, expires_at bigint not null)`,
    `insert into cred.session select id, token_hash, user_id, device, ip, created_at, last_seen_at, expires_at,
      locked, ended_at, end_reason from main.session`,
    `insert into cred.ticket select ticket_hash, user_id, expires_at from main.ticket`,
    `insert into cred.captcha select key, code, expires_at from main.captcha`,
    `drop table main.session`,
    `drop table main.ticket`,
    `drop table main.captcha`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
