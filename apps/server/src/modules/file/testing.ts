import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { FILE_TICKET_PARAM, signFileTicket } from '../../core/file-ticket.ts';
import { loadServerSecrets } from '../../core/server-secrets.ts';
import type { Db } from '../../db/index.ts';

/** Test helpers for private file links: forge, tamper with and strip tickets. */

/** The key every instance signs tickets with (read back from the credential store). */
export async function ticketKey(db: Db): Promise<Buffer> {
  return (await loadServerSecrets(db)).fileTicketKey;
}

/** The ticket of a link handed out by the server. */
export function ticketOf(url: string): string {
  const ticket = new URL(url, 'http://atrium.test').searchParams.get(FILE_TICKET_PARAM);
  expect(ticket, `a ticket in ${url}`).toBeTruthy();
  return ticket!;
}

/** The link with its ticket replaced (null: removed). */
export function withTicketParam(url: string, ticket: string | null): string {
  const parsed = new URL(url, 'http://atrium.test');
  if (ticket === null) parsed.searchParams.delete(FILE_TICKET_PARAM);
  else parsed.searchParams.set(FILE_TICKET_PARAM, ticket);
  return `${parsed.pathname}${parsed.search}`;
}

/** A ticket the server would issue to `userId` for `<category>/<name>` (for users it never gave one). */
export function forgeTicket(key: Buffer, file: string, userId: string, expiresAt: number): string {
  return signFileTicket(key, file, userId, expiresAt);
}

/** The ticket with one part changed: a later expiry, another user, or one signature character. */
export function tampered(ticket: string, part: 'expiry' | 'user' | 'signature', otherUserId = 'someone-else'): string {
  const [expiry, user, signature] = ticket.split('.') as [string, string, string];
  if (part === 'expiry') return [(parseInt(expiry, 36) + 3_600_000).toString(36), user, signature].join('.');
  if (part === 'user') return [expiry, Buffer.from(otherUserId).toString('base64url'), signature].join('.');
  const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
  return [expiry, user, flipped].join('.');
}

/** The answer is the refusal envelope (status = code), never the file. */
export function expectRefused(res: LightMyRequestResponse, code: 403 | 404, msg: string): void {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(code);
  expect(res.headers['content-type']).toContain('application/json');
  expect(res.headers['content-disposition']).toBeUndefined();
  expect(res.json()).toEqual({ code, msg });
}

/** Refusal texts in English (the tests send Accept-Language: en-US). */
export const REFUSED = {
  missing: 'This file link has no ticket; open the file again from its list',
  invalid: 'This file link is not valid',
  expired: 'This file link has expired; refresh and open the file again',
  notVisible: 'You may not see this file',
  notFound: 'The file does not exist or has expired',
} as const;
