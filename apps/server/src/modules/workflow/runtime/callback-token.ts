/**
 * The tokens of triggers waiting for a callback (docs/workflow.md, "Data interfaces in a flow"). A
 * token is the HMAC-SHA256 of a random seed under a key every instance shares, 43 URL-safe characters
 * (256 bits). The step keeps only the token's SHA-256 and the call's job only the seed: both tables
 * are readable by admin-written SQL, the key is not (it lives in the credential store,
 * docs/admin-sql.md), so nothing readable there answers a flow. The job derives the token again on
 * every attempt, so retries hand out the same token.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { FLOW_CALLBACK_PATH, type CallbackFlowVariable } from '@atrium/shared/workflow';
import { sharedSecret } from '../../../core/server-secrets.ts';
import type { Db } from '../../../db/index.ts';
import type { Tx } from '../../../db/tx.ts';

const KEY_NAME = 'flow-callback';

/**
 * The key tokens are derived with, made on first use. Read through the caller's transaction when
 * there is one: a key made inside a command that rolls back goes with the hash made from it.
 */
export async function callbackKey(db: Db | Tx): Promise<Buffer> {
  const row = await db.selectFrom('server_secret').select('value').where('name', '=', KEY_NAME).executeTakeFirst();
  return row ? Buffer.from(row.value, 'base64') : sharedSecret(db, KEY_NAME);
}

export const callbackToken = (key: Buffer, seed: string): string =>
  createHmac('sha256', key).update(`atrium-flow-callback:${seed}`).digest('base64url');

/** What a step keeps of its token (hex); a presented token is looked up by it. */
export const callbackTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** A new token for a step: its seed (for the call's job) and its hash (for the step). */
export async function newCallbackToken(db: Db | Tx): Promise<{ seed: string; hash: string }> {
  const seed = randomBytes(32).toString('base64url');
  return { seed, hash: callbackTokenHash(callbackToken(await callbackKey(db), seed)) };
}

/** The values of the callback variables for a token: itself, and the path the answer is posted to. */
export const callbackValues = (token: string): Record<CallbackFlowVariable, string> => ({
  flowCallbackToken: token,
  flowCallbackUrl: `${FLOW_CALLBACK_PATH}/${token}`,
});
