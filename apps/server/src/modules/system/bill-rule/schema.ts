import { BILL_DATE_FORMATS, BILL_MAX_DIGIT } from '@atrium/shared';
import { z } from 'zod';
import { enCode, fullName, recordTail, version } from '../../../core/record-schema.ts';
export { idParams } from '../../../core/record-schema.ts';
import { pageQuery } from '../../../core/paging.ts';
import { billRuleListItemSchema, billRuleTemplateSchema } from '../../../core/response-schema-wire.ts';
import { paginationSchema } from '../../../core/response-schema.ts';

export const enCodeParams = z.object({ enCode });

/** The business type: a businessType dictionary item id ('' = none). */
const category = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((v) => v ?? '');

export const billRuleListQuery = pageQuery.extend({ categoryId: z.string().trim().max(64).optional().default('') });

const billRuleFields = z.object({
  fullName,
  enCode,
  category,
  /** Letters, digits and a few separators: the prefix becomes part of every number. */
  prefix: z
    .string()
    .trim()
    .max(20)
    .regex(/^[A-Za-z0-9_\-/.]*$/)
    .nullish()
    .transform((v) => v ?? ''),
  dateFormat: z.enum(BILL_DATE_FORMATS),
  digit: z.number().int().min(1).max(BILL_MAX_DIGIT),
  /** Digits, greater than zero (never 0). */
  startNumber: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/)
    .refine((v) => Number(v) > 0),
  ...recordTail,
});

/** The first serial must fit in the serial length, else every number would be longer than `digit`. */
const startFitsDigit = (body: { startNumber: string; digit: number }) =>
  String(Number(body.startNumber)).length <= body.digit;
const startFitsDigitIssue = { path: ['startNumber'] };

export const billRuleBody = billRuleFields.refine(startFitsDigit, startFitsDigitIssue);
export const billRuleUpdateBody = billRuleFields.extend({ version }).refine(startFitsDigit, startFitsDigitIssue);
export type BillRuleBody = z.infer<typeof billRuleBody>;

// ---------------------------------------------------------------------------------------------
// Answers: the data of each route's success envelope (schema.response), see core/response-schema.ts.
// ---------------------------------------------------------------------------------------------

export const billRuleAnswer = z.object({ list: z.array(billRuleListItemSchema), pagination: paginationSchema });

export const billRuleSelectorAnswer = z.object({ list: z.array(billRuleTemplateSchema), pagination: paginationSchema });

export const billRuleBillNumberAnswer = z.string();

export const billRulePostAnswer = z.object({ id: z.string() });

export const billRuleActionsStatePutAnswer = z.object({ enabledMark: z.number() });
