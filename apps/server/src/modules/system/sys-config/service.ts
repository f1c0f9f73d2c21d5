import type { Db } from '../../../db/index.ts';
import { inTransaction } from '../../../db/tx.ts';
import { readSettings, writeSettings, type Settings } from '../../../core/settings.ts';
import type { SysConfigBody } from './schema.ts';

/** The settings the screen edits (every key of DEFAULT_SETTINGS). */
export const sysConfig = (db: Db): Promise<Settings> => readSettings(db);

/**
 * Saves the given settings in one transaction and answers them all. Logins, locks and captchas read
 * the settings on every request, so a change holds from the next request on, on every instance.
 * A new token timeout also applies to the sessions already open: each now expires that long after
 * it was last seen, instead of keeping the timeout it was signed in with.
 */
export async function saveSysConfig(db: Db, body: SysConfigBody, now: number): Promise<Settings> {
  return inTransaction(db, async (trx) => {
    const before = await readSettings(trx);
    await writeSettings(trx, body, now);
    if (body.tokenTimeout !== undefined && body.tokenTimeout !== before.tokenTimeout) {
      const timeoutMs = body.tokenTimeout * 60_000;
      await trx
        .updateTable('session')
        .set((eb) => ({ expires_at: eb('last_seen_at', '+', timeoutMs) }))
        .where('ended_at', 'is', null)
        // An expired session stays expired, even when the new timeout is longer.
        .where('expires_at', '>', now)
        .execute();
    }
    return readSettings(trx);
  });
}
