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
