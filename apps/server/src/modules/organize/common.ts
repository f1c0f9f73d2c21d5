import { fail, type AppError } from '../../core/errors.ts';
import type { MessageKey, MessageParams } from '../../core/messages.ts';

/** Translates a problem in the caller's language (request.t). */
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/** 400 naming the field, for rules zod cannot express (database checks). */
export function badField(t: Translate, field: string, problem: MessageKey, params?: MessageParams): AppError {
  return fail('invalidField', { field, problem: t(problem, params) });
}

export const countOf = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);

/** The pickers' keyword match: name or code contains the (already lower-cased) needle. */
export const matchesKeyword = (r: { full_name: string; en_code: string }, needle: string) =>
  r.full_name.toLowerCase().includes(needle) || r.en_code.toLowerCase().includes(needle);
