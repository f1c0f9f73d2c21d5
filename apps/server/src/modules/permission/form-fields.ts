import { z } from 'zod';

/** The closing fields of a role or user form: state (enabled unless said), order and a note. */
export const recordFormFields = {
  enabledMark: z
    .union([z.literal(0), z.literal(1)])
    .optional()
    .default(1),
  sortCode: z.number().int().min(0).max(999999).optional().default(0),
  description: z.string().max(500).nullish(),
};

/** A PUT carries the version the editor loaded, for the optimistic-locking check. */
export const versionField = { version: z.number().int().min(0) };
