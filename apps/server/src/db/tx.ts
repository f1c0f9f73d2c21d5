import type { Transaction } from 'kysely';
import type { Database } from './schema.ts';
import type { Db } from './index.ts';

export type Tx = Transaction<Database>;

/**
 * Runs fn in one transaction. Every mutating service call goes through here so that a failure
 * leaves nothing half-written. SQLite serialises transactions on its single connection.
 */
export function inTransaction<T>(db: Db, fn: (trx: Tx) => Promise<T>): Promise<T> {
  return db.transaction().execute(fn);
}

/**
 * Serialises concurrent transactions about one user: a no-op update takes the row lock on
 * PostgreSQL (SQLite already runs one writer at a time), so read-then-write rules such as
 * "exactly one default" hold when two requests arrive together.
 */
export async function lockUserRow(trx: Tx, userId: string): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', userId)
    .execute();
}
