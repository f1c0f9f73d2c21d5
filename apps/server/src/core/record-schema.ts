import { z } from 'zod';
import type { MessageKey } from './messages.ts';

// The fields every administered record shares, validated the same way on every screen: a user
// meets one rule for a code or a name, whichever module the form belongs to.

/** Control characters, U+0000 to U+001F and U+007F: never part of a name, a code or a title. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/**
 * Single-line text a person reads (names, accounts, codes, titles): refuses control characters
 * anywhere, before trimming, so a NUL or a line break is reported (400 naming the field,
 * "不能包含控制字符") rather than stored or silently trimmed away. Add `.min`/`.max` as needed.
 */
export const plainText = () =>
  z
    .string()
    .refine((v) => !CONTROL_CHARS.test(v), { params: { problem: 'fieldControlChars' satisfies MessageKey } })
    .trim();

export const recordId = z.string().trim().min(1).max(64);
export const idParams = z.object({ id: recordId });

/** Codes are short identifiers: letters, digits and . _ - (no spaces, no colon). */
export const enCode = plainText()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/);
export const fullName = plainText().min(1).max(50);
export const flag = z.union([z.literal(0), z.literal(1)]);
export const sortCode = z.number().int().min(0).max(999_999).optional().default(0);
/** Optional notes are stored as '' rather than null. */
export const description = z
  .string()
  .max(500)
  .nullish()
  .transform((v) => v ?? '');
/** A PUT carries the version the editor loaded, for the optimistic-locking check. */
export const version = z.number().int().min(0);

/** The closing fields of a record form: state (enabled unless said), order and a note. */
export const recordTail = {
  enabledMark: flag.optional().default(1),
  sortCode,
  description,
};
