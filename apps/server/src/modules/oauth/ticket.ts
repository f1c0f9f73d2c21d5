import { createHash, randomBytes } from 'node:crypto';
import type { LayoutType } from '@atrium/shared';
import type { Db } from '../../db/index.ts';
import { inTransaction } from '../../db/tx.ts';
import { fail } from '../../core/errors.ts';
import { createSession } from '../../core/session.ts';
import { readSettings } from '../../core/settings.ts';

export const TICKET_TTL_MS = 60_000;
const hash = (ticket: string) => createHash('sha256').update(ticket).digest('base64url');

/** A ticket stands in for the token in a URL opened in a new window: it works once, for a minute. */
export async function issueTicket(db: Db, userId: string, now: number): Promise<string> {
  const ticket = randomBytes(24).toString('base64url');
  await db.deleteFrom('ticket').where('expires_at', '<', now).execute();
  await db
    .insertInto('ticket')
    .values({ ticket_hash: hash(ticket), user_id: userId, expires_at: now + TICKET_TTL_MS })
    .execute();
  return ticket;
}

export async function ticketLogin(
  db: Db,
  ticket: string,
  client: { ip: string; device: string },
  now: number,
): Promise<{ token: string; theme: LayoutType }> {
  const settings = await readSettings(db);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .deleteFrom('ticket')
      .where('ticket_hash', '=', hash(ticket))
      .returning(['user_id', 'expires_at'])
      .executeTakeFirst();
    if (!row || row.expires_at <= now) throw fail('ticketInvalid');
    const user = await trx
      .selectFrom('users')
      .select(['id', 'theme', 'enabled', 'lock_mark'])
      .where('id', '=', row.user_id)
      .executeTakeFirst();
    if (!user || user.enabled !== 1 || user.lock_mark === 1) throw fail('ticketInvalid');
    const session = await createSession(trx, {
      userId: user.id,
      ip: client.ip,
      device: client.device,
      timeoutMinutes: settings.tokenTimeout,
      now,
    });
    const theme = (
      ['classic', 'functional', 'blend', 'plain'].includes(user.theme) ? user.theme : 'blend'
    ) as LayoutType;
    return { token: session.token, theme };
  });
}
