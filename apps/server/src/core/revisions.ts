import type { Db } from '../db/index.ts';
import type { Tx } from '../db/tx.ts';

/**
 * Counters that say "what you cached is stale". Whoever changes the underlying data bumps the
 * counter in the same transaction, so a change on one instance is seen by all once it commits.
 * Global names:
 * - authority: a change that may alter anyone's authority (systems, user imports, group names);
 * - menus: any menu or menu element changed (per-menu facts: declared columns, data schemes);
 * - settings: the sys_config rows;
 * - dictionary: dictionary types and items (clients re-read their dictionary cache when it moves).
 * Keyed names move for one thing only, so a change reaches just the caches that depend on it:
 * - `authority:<userId>`: the user's memberships, major organisation, state or own grants;
 * - `role:<id>`, `position:<id>`, `organize:<id>`: that holder's grants, name or state;
 * - `menu:<systemId>`: the menus of one system (a released form model adds one here);
 * - `form:<modelId>`: one online-form model.
 */
export type RevisionName =
  | 'authority'
  | 'menus'
  | 'settings'
  | 'dictionary'
  | `authority:${string}`
  | `role:${string}`
  | `position:${string}`
  | `organize:${string}`
  | `menu:${string}`
  | `form:${string}`;

/** The global revisions every signed-in request carries (the dictionary one is read only by its own calls). */
export interface Revisions {
  /**
   * Moves with the global `authority` or `menus` revision: per-menu facts (columns, data schemes)
   * hang off it. Both counters only grow, so their sum moves whenever either does.
   */
  authority: number;
  settings: number;
}

/** The current value of each name (0 for one never bumped), in one indexed read. */
export async function readRevisionValues(db: Db | Tx, names: readonly string[]): Promise<Map<string, number>> {
  const values = new Map<string, number>(names.map((name) => [name, 0]));
  if (!names.length) return values;
  const rows = await db.selectFrom('revision').select(['name', 'value']).where('name', 'in', names).execute();
  for (const row of rows) values.set(row.name, row.value);
  return values;
}

/**
 * Moves with every bump, whatever its name: a cache that reads data and then the revisions it
 * depends on compares this before and after, and so knows whether a change slipped in between.
 */
export const ANY_REVISION = 'any';

/** Bumps each name once, and ANY_REVISION, in the caller's transaction. */
export async function bumpRevision(db: Db | Tx, ...names: RevisionName[]): Promise<void> {
  if (!names.length) return;
  const unique = [...new Set<string>(names), ANY_REVISION];
  if (!unique.length) return;
  await db
    .insertInto('revision')
    .values(unique.map((name) => ({ name, value: 1 })))
    .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ value: eb('revision.value', '+', 1) })))
    .execute();
}
