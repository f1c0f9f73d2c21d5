import { ResultCode } from '@atrium/shared';
import type { Updateable } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Tx } from '../db/tx.ts';
import { AppError, notFound } from './errors.ts';

/** Tables whose rows carry an optimistic-locking `version`. */
export type VersionedTable = {
  [K in keyof Database]: Database[K] extends { id: string; version: number } ? K : never;
}[keyof Database];

/**
 * Optimistic locking for every editable record: the write succeeds only when the caller saw the
 * current `version`, and bumps it. Two admins saving the same record with the same version get
 * exactly one success; the other gets 409 with nothing changed, so no edit is silently lost.
 */
export async function updateVersioned<T extends VersionedTable>(
  trx: Tx,
  table: T,
  id: string,
  version: number,
  values: Updateable<Database[T]>,
): Promise<void> {
  // Kysely cannot narrow a generic table name; the runtime statement is the plain one below.
  const t = table as 'users';
  const result = await trx
    .updateTable(t)
    .set({ ...(values as Updateable<Database['users']>), version: version + 1 })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return;
  const exists = await trx.selectFrom(t).select('version').where('id', '=', id).executeTakeFirst();
  if (!exists) throw notFound();
  throw new AppError(ResultCode.conflict, 'versionConflict', undefined, { version: exists.version });
}
