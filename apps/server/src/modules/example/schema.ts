import { JNPF_KEYS } from '@atrium/shared/forms';
import { z } from 'zod';

/** A field of a caller-supplied form: its kind is checked here, the rest by the shared validator. */
const formField = z.looseObject({
  __config__: z.looseObject({ jnpfKey: z.enum(JNPF_KEYS as [string, ...string[]]) }),
  __vModel__: z.string().max(100).optional(),
});

export const galleryValidateBody = z.object({
  /** Another form to validate against (administrators only); the gallery form when absent. */
  formJson: z.looseObject({ fields: z.array(formField).max(1000) }).optional(),
  /** The record's values keyed by model name; sub-tables are arrays of row objects. */
  data: z.record(z.string(), z.unknown()),
});

// ---------------------------------------------------------------------------------------------
// Answers: the data of each route's success envelope (schema.response), see core/response-schema.ts.
// ---------------------------------------------------------------------------------------------

/** The cleaned values: known fields only, calculated fields recomputed, system fields left out. */
export const galleryValidateAnswer = z.record(z.string(), z.unknown());

/** What the 400 answer carries in data: every problem, in form order. */
export const galleryErrors = z.object({
  errors: z.array(z.object({ path: z.string(), field: z.string(), label: z.string(), message: z.string() })),
});
