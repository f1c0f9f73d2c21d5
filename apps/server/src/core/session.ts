import { createHash, randomBytes } from 'node:crypto';
import { ResultCode } from '@atrium/shared';
import type { Db } from '../db/index.ts';
import type { SessionTable } from '../db/schema.ts';
import type { Tx } from '../db/tx.ts';
import { reuse } from '../db/reuse.ts';
import type { RowMemo } from '../db/table-changes.ts';
import { AppError } from './errors.ts';
import { newId } from './ids.ts';

const TOKEN_PREFIX = 'Bearer ';

/** Why a session ended before its time; each reason has its own message for the signed-out user. */
export const SessionEnd = {
  signedInElsewhere: 'signed-in-elsewhere',
  permissionChanged: 'permission-changed',
} as const;
/** A session's expiry moves forward at most once a minute, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000;

export interface SessionInfo {
  id: string;
  userId: string;
  device: string;
  locked: boolean;
}

export function hashToken(token: string): string {
  const bare = token.startsWith(TOKEN_PREFIX) ? token.slice(TOKEN_PREFIX.length) : token;
  return createHash('sha256').update(bare).digest('base64url');
}

export async function createSession(
  db: Db | Tx,
  input: { userId: string; ip: string; device: string; timeoutMinutes: number; now: number },
): Promise<{ token: string; sessionId: string }> {
  const bare = randomBytes(32).toString('base64url');
  const id = newId(input.now);
  await db
    .insertInto('session')
    .values({
      id,
      token_hash: hashToken(bare),
      user_id: input.userId,
      device: input.device,
      ip: input.ip,
      created_at: input.now,
      last_seen_at: input.now,
      expires_at: input.now + input.timeoutMinutes * 60_000,
      locked: 0,
      ended_at: null,
      end_reason: null,
    })
    .execute();
  return { token: TOKEN_PREFIX + bare, sessionId: id };
}

/**
 * Resolves a token to its live session or fails with a session code (docs/api-conventions.md): 602
 * for a token that never existed or was signed out, 601 for one ended by a sign-in elsewhere, 600 for
 * an expired one.
 */
export async function resolveSession(
  db: Db,
  token: string | undefined,
  timeoutMinutes: () => Promise<number>,
  now: number,
  rows?: RowMemo<SessionTable>,
): Promise<SessionInfo> {
  if (!token) throw new AppError(ResultCode.tokenInvalid, 'tokenInvalid');
  const row = rows ? await rows.get(token, () => readSessionRow(db, token)) : await readSessionRow(db, token);
  if (!row) throw new AppError(ResultCode.tokenInvalid, 'tokenInvalid');
  if (row.ended_at !== null)
    throw new AppError(
      ResultCode.loggedInElsewhere,
      row.end_reason === SessionEnd.permissionChanged ? 'permissionChanged' : 'loggedInElsewhere',
    );
  if (row.expires_at <= now) throw new AppError(ResultCode.sessionExpired, 'sessionExpired');
  if (now - row.last_seen_at >= TOUCH_INTERVAL_MS) {
    const timeout = await timeoutMinutes();
    await db
      .updateTable('session')
      .set({ last_seen_at: now, expires_at: now + timeout * 60_000 })
      .where('id', '=', row.id)
      .execute();
  }
  return toInfo(row);
}

async function readSessionRow(db: Db, token: string): Promise<SessionTable | undefined> {
  const hash = hashToken(token);
  const [row] = await reuse(
    db,
    'session-by-token',
    () => db.selectFrom('session').selectAll().where('token_hash', '=', hash),
    [hash],
  );
  return row;
}

function toInfo(row: SessionTable): SessionInfo {
  return { id: row.id, userId: row.user_id, device: row.device, locked: row.locked === 1 };
}

export async function deleteSession(db: Db | Tx, sessionId: string): Promise<void> {
  await db.deleteFrom('session').where('id', '=', sessionId).execute();
}

/** Ends the user's other live sessions on a device kind; their tokens then answer 601. */
export async function endOtherSessions(
  db: Db | Tx,
  input: { userId: string; device: string; keepId: string; now: number },
): Promise<string[]> {
  const ended = await db
    .updateTable('session')
    .set({ ended_at: input.now, end_reason: SessionEnd.signedInElsewhere })
    .where('user_id', '=', input.userId)
    .where('device', '=', input.device)
    .where('id', '<>', input.keepId)
    .where('ended_at', 'is', null)
    .returning('id')
    .execute();
  return ended.map((r) => r.id);
}

export async function setSessionLocked(db: Db | Tx, sessionId: string, locked: boolean): Promise<void> {
  await db
    .updateTable('session')
    .set({ locked: locked ? 1 : 0 })
    .where('id', '=', sessionId)
    .execute();
}

/** Sessions that expired or were ended more than a day ago carry no information worth keeping. */
export async function purgeSessions(db: Db, now: number): Promise<void> {
  const cutoff = now - 24 * 3600_000;
  await db
    .deleteFrom('session')
    .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('ended_at', '<', cutoff)]))
    .execute();
}
