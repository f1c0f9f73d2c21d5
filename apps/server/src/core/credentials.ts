import type { Db } from '../db/index.ts';
import type { Tx } from '../db/tx.ts';

/**
 * Reads and writes of the credential store (docs/admin-sql.md) that concern one user: the
 * password hash and, when the user goes, everything that lets someone sign in as them. SQLite
 * cannot cascade from `users` into the credential file, so the services call these explicitly.
 */

export async function passwordHashOf(db: Db | Tx, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_credential')
    .select('password_hash')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.password_hash;
}

export async function setPasswordHash(db: Db | Tx, userId: string, passwordHash: string): Promise<void> {
  await db
    .insertInto('user_credential')
    .values({ user_id: userId, password_hash: passwordHash })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ password_hash: passwordHash }))
    .execute();
}

/** Ends every way of acting as the user: password, sessions and sign-in tickets. */
export async function deleteUserCredentials(db: Db | Tx, userId: string): Promise<void> {
  await db.deleteFrom('session').where('user_id', '=', userId).execute();
  await db.deleteFrom('ticket').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_credential').where('user_id', '=', userId).execute();
}
