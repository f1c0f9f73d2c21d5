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

/** The tables whose rows are named by a text `id`. */
type TableWithId = {
  [K in keyof Database]: Database[K] extends { id: unknown } ? K : never;
}[keyof Database];

/**
 * Takes a row's lock for the rest of the transaction: a no-op update, which PostgreSQL holds until
 * commit (SQLite already runs one writer at a time). Read-then-write rules ("exactly one default",
 * "no child under a deleted parent", one release of a model at a time) then hold when two requests
 * arrive together. Answers false when the row does not exist.
 */
export async function lockRow(trx: Tx, table: TableWithId, id: string): Promise<boolean> {
  // One statement for every such table: their `id` columns are alike, which the type cannot show.
  const result = await trx
    .updateTable(table as 'users')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Serialises concurrent transactions about one user (see lockRow). */
export async function lockUserRow(trx: Tx, userId: string): Promise<void> {
  await lockRow(trx, 'users', userId);
}
