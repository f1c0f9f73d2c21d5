import type { NamedRecord } from '@atrium/shared';
import type { Db } from '../db/index.ts';
import type { Tx } from '../db/tx.ts';
import { fail, notFound } from './errors.ts';
import type { MessageKey } from './messages.ts';
import type { VersionedTable } from './versioned.ts';

/** Who saves a record, and when (ms). */
export interface Actor {
  userId: string;
  now: number;
}

/** Audit and locking columns of a record being created: version 0, created now by the actor. */
export const createdColumns = (actor: Actor) => ({
  version: 0,
  created_at: actor.now,
  created_by: actor.userId,
  updated_at: null,
  updated_by: null,
});

/** Audit columns of a record being saved. */
export const updatedColumns = (actor: Actor) => ({ updated_at: actor.now, updated_by: actor.userId });

/** The columns every organisation, position, group and role shares. */
export interface NamedRow {
  id: string;
  full_name: string;
  en_code: string;
  enabled: number;
  sort_code: number;
  description: string | null;
}

/** The wire fields of those shared columns, as the lists and detail forms show them. */
export const namedRecordFields = (r: NamedRow): NamedRecord => ({
  id: r.id,
  fullName: r.full_name,
  enCode: r.en_code,
  enabledMark: r.enabled,
  sortCode: r.sort_code,
  description: r.description ?? '',
});

/** 404 unless the record exists. */
export async function assertRecord(db: Db, table: VersionedTable, id: string): Promise<void> {
  // Kysely cannot narrow a generic table name; the runtime statement is the plain one below.
  const row = await db
    .selectFrom(table as 'users')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
}

/** What still refers to a record: the message explaining each kind of reference, and how many there are. */
export type References = ReadonlyArray<readonly [MessageKey, number]>;

/**
 * Deletes a record unless something still refers to it: 404 when it is missing, 400 naming the
 * first kind of reference (with its count) so the admin knows what to remove first.
 */
export async function removeUnreferenced(
  trx: Tx,
  table: VersionedTable,
  id: string,
  references: () => Promise<References>,
): Promise<void> {
  await assertRecord(trx, table, id);
  for (const [key, count] of await references()) if (count) throw fail(key, { count });
  await trx
    .deleteFrom(table as 'users')
    .where('id', '=', id)
    .execute();
}

/** Flips `enabled` of a record (bumping its version) and answers the new state. */
export async function toggleEnabled(
  trx: Tx,
  table: 'role' | 'users' | 'app_system' | 'menu' | 'job_grade',
  id: string,
  current: { enabled: number },
  actor: Actor,
): Promise<number> {
  const enabled = current.enabled === 1 ? 0 : 1;
  await trx
    .updateTable(table as 'users')
    .set((eb) => ({ enabled, ...updatedColumns(actor), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .execute();
  return enabled;
}
