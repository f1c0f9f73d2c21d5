import { z } from 'zod';

// The fields every administered record shares (DESIGN section 5), validated the same way on every
// screen: a user meets one rule for a code or a name, whichever module the form belongs to.

export const recordId = z.string().trim().min(1).max(64);
export const idParams = z.object({ id: recordId });

/** Codes are short identifiers: letters, digits and . _ - (no spaces, no colon). */
export const enCode = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/);
export const fullName = z.string().trim().min(1).max(50);
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
