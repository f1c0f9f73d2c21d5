import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Migrator, PostgresAdapter, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTargets } from '../testing/index.ts';
import { credentialFileOf, CREDENTIAL_TABLES, migrate, type DatabaseHandle } from './index.ts';
import { migrations } from './migrations/index.ts';

/**
 * An existing database (before the credential store) keeps its users' passwords and sessions
 * through the move, and afterwards the main SQLite file holds none of them.
 */
describe.each(dbTargets())('the credential store on $name', (target) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await target.open();
    const { db } = handle;
    const schema =
      db.getExecutor().adapter instanceof PostgresAdapter
        ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s
        : undefined;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => migrations },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const before = await migrator.migrateTo('011-messaging');
    expect(before.error).toBeUndefined();
    await sql`insert into users (id, account, real_name, password_hash, created_at) values ('u1', 'old', 'Old', '$argon2id$old', 1)`.execute(
      db,
    );
    await sql`insert into session (id, token_hash, user_id, device, ip, created_at, last_seen_at, expires_at)
      values ('s1', 'h1', 'u1', 'pc', '::1', 1, 1, 9999999999999)`.execute(db);
    await migrate(db);
  });
  afterAll(() => handle.close());

  it('moves the password hash and the sessions, and users no longer has a password column', async () => {
    const { db } = handle;
    expect(await db.selectFrom('user_credential').selectAll().execute()).toEqual([
      { user_id: 'u1', password_hash: '$argon2id$old' },
    ]);
    expect(await db.selectFrom('session').select(['id', 'user_id']).execute()).toEqual([{ id: 's1', user_id: 'u1' }]);
    const user = await db.selectFrom('users').selectAll().where('id', '=', 'u1').executeTakeFirstOrThrow();
    expect(user).not.toHaveProperty('password_hash');
  });

  it.runIf(target.name === 'sqlite')('the main SQLite file alone holds no credential table', () => {
    const source = handle.source as { file: string };
    const main = new SQLite(source.file, { readonly: true });
    const tables = main.prepare("select name from sqlite_master where type = 'table'").pluck().all() as string[];
    main.close();
    expect(tables).toContain('users');
    for (const table of CREDENTIAL_TABLES) expect(tables).not.toContain(table);
    const credentials = new SQLite(credentialFileOf(source.file), { readonly: true });
    const stored = credentials.prepare("select name from sqlite_master where type = 'table'").pluck().all();
    credentials.close();
    expect([...stored].sort()).toEqual([...CREDENTIAL_TABLES].sort());
    expect(path.basename(credentialFileOf(source.file))).toBe('atrium-credentials.db');
  });
});
