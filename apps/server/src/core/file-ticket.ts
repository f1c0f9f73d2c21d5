import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Tickets of private file links (docs/files.md). A link to a private file carries
 * `?ticket=<expiresAt>.<user>.<signature>`: the expiry in milliseconds since the epoch (base 36),
 * the id of the user it was issued to (base64url), and an HMAC-SHA256 over the file it names, that
 * user and that expiry, with the key every instance shares (services.secrets.fileTicketKey). The
 * file is named `<category>/<stored name>`; it is not in the ticket but in the path of the link, so
 * a ticket moved to another file, or with another user or expiry, no longer verifies.
 */

/** How long a link handed out stays usable. Lists hand out fresh links on every answer. */
export const FILE_TICKET_TTL_MS = 15 * 60 * 1000;
/** The query parameter of the link that carries the ticket. */
export const FILE_TICKET_PARAM = 'ticket';

const SIGNATURE_BYTES = 32;
const TICKET = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{1,200})\.([A-Za-z0-9_-]{43})$/;

function signature(key: Buffer, file: string, userId: string, expiresAt: number): Buffer {
  // JSON keeps the three parts apart whatever characters they hold.
  return createHmac('sha256', key)
    .update(JSON.stringify(['atrium-file-ticket', file, userId, expiresAt]))
    .digest();
}

/** A ticket for `userId` to fetch `file` (`<category>/<name>`) until `expiresAt`. */
export function signFileTicket(key: Buffer, file: string, userId: string, expiresAt: number): string {
  return [
    expiresAt.toString(36),
    Buffer.from(userId, 'utf8').toString('base64url'),
    signature(key, file, userId, expiresAt).toString('base64url'),
  ].join('.');
}

export type FileTicketCheck =
  | { ok: true; userId: string; expiresAt: number }
  /** missing: no ticket; invalid: malformed or not signed for this file; expired: signed but past its time. */
  | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

/** Checks a ticket presented for `file` at time `now`: signature first (timing-safe), then expiry. */
export function verifyFileTicket(
  key: Buffer,
  file: string,
  ticket: string | undefined | null,
  now: number,
): FileTicketCheck {
  if (!ticket) return { ok: false, reason: 'missing' };
  const parts = TICKET.exec(ticket);
  if (!parts) return { ok: false, reason: 'invalid' };
  const expiresAt = parseInt(parts[1]!, 36);
  const userId = Buffer.from(parts[2]!, 'base64url').toString('utf8');
  const given = Buffer.from(parts[3]!, 'base64url');
  // A user part that does not round-trip (stray characters) is not one we issued.
  if (!Number.isSafeInteger(expiresAt) || Buffer.from(userId, 'utf8').toString('base64url') !== parts[2]) {
    return { ok: false, reason: 'invalid' };
  }
  const expected = signature(key, file, userId, expiresAt);
  if (given.length !== SIGNATURE_BYTES || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  if (expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, userId, expiresAt };
}

/** `url` with the ticket added as its last query parameter. */
export function withTicket(url: string, ticket: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${FILE_TICKET_PARAM}=${encodeURIComponent(ticket)}`;
}
