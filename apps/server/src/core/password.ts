import { createHash } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package exports it as an ambient const enum, which isolated modules cannot read.
const ARGON2ID = 2;

/**
 * Passwords arrive as the lower-case hex md5 the client computes; what is stored is argon2id of
 * that value with its own salt, so neither the clear password nor the md5 is ever kept.
 */
export function hashPassword(md5hex: string): Promise<string> {
  return hash(md5hex, { algorithm: ARGON2ID });
}

let decoy: Promise<string> | undefined;

/** Verifies against the stored hash; with none (unknown account) it spends the same time on a decoy,
 * so response timing does not reveal which accounts exist. */
export async function verifyPassword(stored: string | undefined, md5hex: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hashPassword('0'.repeat(32));
    await verify(await decoy, md5hex).catch(() => false);
    return false;
  }
  return verify(stored, md5hex).catch(() => false);
}

/** The md5 hex of a text: what the sign-in form sends in place of the password itself. */
export const md5 = (text: string) => createHash('md5').update(text).digest('hex');
