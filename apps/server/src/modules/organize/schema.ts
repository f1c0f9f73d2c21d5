import { z } from 'zod';
import { pageQuery } from '../../core/paging.ts';

const id = z.string().trim().min(1).max(64);
export const idParams = z.object({ id });

/** Codes are short identifiers: letters, digits and . _ - (no spaces). */
const enCode = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/);
const fullName = z.string().trim().min(1).max(50);
const flag = z.union([z.literal(0), z.literal(1)]);
const sortCode = z.number().int().min(0).max(999_999).optional().default(0);
const description = z
  .string()
  .max(500)
  .nullish()
  .transform((v) => v ?? '');
const version = z.number().int().min(0);
const ids = z.array(id).max(1000);

export const keywordQuery = z.object({ keyword: z.string().trim().max(100).optional().default('') });

/** Top level: '-1' (the seed's value); '0' is accepted too (spec 2 section 9: root parent id 0). */
const parentId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform((v) => (v === '0' ? '-1' : v));

export const organizeBody = z.object({
  parentId,
  category: z.enum(['company', 'department']).optional(),
  enCode,
  fullName,
  managerId: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v || null),
  enabledMark: flag.optional().default(1),
  sortCode,
  description,
});
export const organizeUpdateBody = organizeBody.extend({ version });
export type OrganizeBody = z.infer<typeof organizeBody>;

export const organizeConditionBody = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
  departIds: ids.optional().default([]),
});

export const positionListQuery = pageQuery.extend({ organizeId: id.optional() });
export const positionBody = z.object({
  organizeId: id,
  enCode,
  fullName,
  enabledMark: flag.optional().default(1),
  sortCode,
  description,
});
export const positionUpdateBody = positionBody.extend({ version });
export type PositionBody = z.infer<typeof positionBody>;

export const orgIdsBody = z.object({ organizeIds: ids });
export const positionConditionBody = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
  positionIds: ids.optional().default([]),
  departIds: ids.optional().default([]),
});

export const groupListQuery = pageQuery;
export const groupBody = z.object({
  enCode,
  fullName,
  enabledMark: flag.optional().default(1),
  sortCode,
  description,
});
export const groupUpdateBody = groupBody.extend({ version });
export type GroupBody = z.infer<typeof groupBody>;
