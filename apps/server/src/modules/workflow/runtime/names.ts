/**
 * The real names of users a command already knows, kept for its transaction: the caller's comes
 * with his session, the initiator's with the instance's lock, so the title and the messages of the
 * command need not read them again. Nothing outlives the transaction.
 */
import type { Tx } from '../../../db/tx.ts';

const known = new WeakMap<Tx, Map<string, string>>();

const namesOf = (trx: Tx) => {
  let names = known.get(trx);
  if (!names) known.set(trx, (names = new Map()));
  return names;
};

/** Notes names already read (user id, real name) for the rest of the transaction. */
export function rememberNames(trx: Tx, entries: Iterable<readonly [string, string]>): void {
  const names = namesOf(trx);
  for (const [id, name] of entries) names.set(id, name);
}

/** The real names of `ids` (users that do not exist are left out), reading only those not known yet. */
export async function realNames(trx: Tx, ids: Iterable<string>): Promise<Map<string, string>> {
  const names = namesOf(trx);
  const missing = [...new Set(ids)].filter((id) => id && !names.has(id));
  if (missing.length) {
    const rows = await trx.selectFrom('users').select(['id', 'real_name']).where('id', 'in', missing).execute();
    for (const row of rows) names.set(row.id, row.real_name);
  }
  return names;
}
