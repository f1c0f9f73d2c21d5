import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FILE_TICKET_TTL_MS, signFileTicket, verifyFileTicket, withTicket } from './file-ticket.ts';

const key = randomBytes(32);
const file = 'annex/01HZX7Q2W3E4R5T6Y7U8I9O0PAa1b2c3d4e5f6a7b8.pdf';
const user = '01HZX7Q2W3E4R5T6Y7U8I9O0PA';

/** A clock the test moves by hand. */
function fakeClock(start = 1_700_000_000_000) {
  return {
    now: start,
    advance(ms: number) {
      this.now += ms;
    },
  };
}

/** The ticket with one of its three parts replaced. */
function withPart(ticket: string, index: number, value: string): string {
  const parts = ticket.split('.');
  parts[index] = value;
  return parts.join('.');
}

describe('file tickets', () => {
  it('verifies for the file and user it was issued to until its expiry, then answers expired', () => {
    const clock = fakeClock();
    const ticket = signFileTicket(key, file, user, clock.now + FILE_TICKET_TTL_MS);
    expect(verifyFileTicket(key, file, ticket, clock.now)).toEqual({
      ok: true,
      userId: user,
      expiresAt: clock.now + FILE_TICKET_TTL_MS,
    });
    clock.advance(FILE_TICKET_TTL_MS - 1);
    expect(verifyFileTicket(key, file, ticket, clock.now).ok).toBe(true);
    clock.advance(1);
    expect(verifyFileTicket(key, file, ticket, clock.now)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses a missing ticket, another file, another key and any changed part', () => {
    const clock = fakeClock();
    const expiresAt = clock.now + FILE_TICKET_TTL_MS;
    const ticket = signFileTicket(key, file, user, expiresAt);
    expect(verifyFileTicket(key, file, undefined, clock.now)).toEqual({ ok: false, reason: 'missing' });
    expect(verifyFileTicket(key, file, '', clock.now)).toEqual({ ok: false, reason: 'missing' });
    const invalid = { ok: false, reason: 'invalid' };
    expect(verifyFileTicket(key, file.replace('.pdf', '.doc'), ticket, clock.now)).toEqual(invalid);
    expect(verifyFileTicket(key, `IM/${file.slice(6)}`, ticket, clock.now)).toEqual(invalid);
    expect(verifyFileTicket(randomBytes(32), file, ticket, clock.now)).toEqual(invalid);
    // Another user, a later expiry, a changed signature, garbage.
    const other = Buffer.from('01HZX7Q2W3E4R5T6Y7U8I9O0PB').toString('base64url');
    expect(verifyFileTicket(key, file, withPart(ticket, 1, other), clock.now)).toEqual(invalid);
    expect(verifyFileTicket(key, file, withPart(ticket, 0, (expiresAt * 10).toString(36)), clock.now)).toEqual(invalid);
    const sig = ticket.split('.')[2]!;
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect(verifyFileTicket(key, file, withPart(ticket, 2, flipped), clock.now)).toEqual(invalid);
    expect(verifyFileTicket(key, file, withPart(ticket, 2, sig.slice(0, 20)), clock.now)).toEqual(invalid);
    expect(verifyFileTicket(key, file, `${ticket}.x`, clock.now)).toEqual(invalid);
    expect(verifyFileTicket(key, file, 'not a ticket', clock.now)).toEqual(invalid);
    // A tampered expired ticket is invalid, not merely expired.
    clock.advance(FILE_TICKET_TTL_MS * 2);
    expect(verifyFileTicket(key, file, withPart(ticket, 2, flipped), clock.now)).toEqual(invalid);
  });

  it('is bound to user ids of any characters and travels in a query parameter', () => {
    const odd = 'user.with-odd_chars/é';
    const ticket = signFileTicket(key, file, odd, 2_000_000_000_000);
    expect(verifyFileTicket(key, file, ticket, 1_000_000_000_000)).toMatchObject({ ok: true, userId: odd });
    expect(withTicket('/api/file/Annex/x.pdf', ticket)).toBe(`/api/file/Annex/x.pdf?ticket=${ticket}`);
    expect(withTicket('/api/file/Annex/x.pdf?fullName=a', 'a.b.c')).toBe(
      '/api/file/Annex/x.pdf?fullName=a&ticket=a.b.c',
    );
  });
});
