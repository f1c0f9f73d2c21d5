import type { Db } from '../db/index.ts';
import type { Tx } from '../db/tx.ts';
import { reuse } from '../db/reuse.ts';

/**
 * Counters that say "what you cached is stale". Every instance reads them (one indexed query per
 * request) and keeps its caches while they stand still; whoever changes the underlying data bumps
 * the counter in the same transaction, so a change on one instance is seen by all at once.
 * - authority: grants, menus and their elements, roles, memberships, and the names of
 *   organisations, positions and roles (the cached authority carries those names);
 * - settings: the sys_config rows;
 * - dictionary: dictionary types and items (clients re-read their dictionary cache when it moves).
 */
export type RevisionName = 'authority' | 'settings' | 'dictionary';
/** The revisions every signed-in request reads (the dictionary one is read only by its own calls). */
export type Revisions = Record<'authority' | 'settings', number>;

export async function readRevisions(db: Db | Tx): Promise<Revisions> {
  const rows = await reuse(db as Db, 'revisions', () => db.selectFrom('revision').select(['name', 'value']), []);
  const revisions: Revisions = { authority: 0, settings: 0 };
  for (const row of rows) if (row.name in revisions) revisions[row.name as keyof Revisions] = row.value;
  return revisions;
}

export async function bumpRevision(db: Db | Tx, name: RevisionName): Promise<void> {
  await db
    .insertInto('revision')
    .values({ name, value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('revision.value', '+', 1) })))
    .execute();
}
