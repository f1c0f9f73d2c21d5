import { z } from 'zod';
import { fullName } from '../../../core/record-schema.ts';
import { pageQuery } from '../../../core/paging.ts';
import { paginationSchema } from '../../../core/response-schema.ts';

/** The list is asked for with a POST whose body is the usual paging query (docs/api-conventions.md). */
export const oaTemplateListBody = pageQuery;
export type OaTemplateListBody = z.infer<typeof oaTemplateListBody>;

/** A notice template: its name and its notice body (rich text, cleaned on the server). */
export const oaTemplateBody = z.object({
  fullName,
  content: z.string().min(1).max(100_000),
});
export type OaTemplateBody = z.infer<typeof oaTemplateBody>;

// ---------------------------------------------------------------------------------------------
// Answers: the data of each route's success envelope (schema.response), see core/response-schema.ts.
// ---------------------------------------------------------------------------------------------

export const oaTemplateRowSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  /** The cleaned HTML, ready to put into the notice editor. */
  content: z.string(),
  /** Its plain-text start, for the picker's list. */
  excerpt: z.string(),
  /** `name/account` of whoever saved it ('' once that user is gone). */
  creatorUser: z.string(),
  creatorTime: z.number(),
});
export type OaTemplateRow = z.infer<typeof oaTemplateRowSchema>;

export const oaTemplateListAnswer = z.object({ list: z.array(oaTemplateRowSchema), pagination: paginationSchema });
export const oaTemplateCreateAnswer = z.object({ id: z.string() });
