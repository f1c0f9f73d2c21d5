import { z } from 'zod';
import { enCode, fullName, recordId as id, recordTail, version } from '../../core/record-schema.ts';
export { idParams } from '../../core/record-schema.ts';
import { pageQuery } from '../../core/paging.ts';

const ids = z.array(id).max(1000);

export const keywordQuery = z.object({ keyword: z.string().trim().max(100).optional().default('') });

/** Top level: '-1' (the seed's value); '0' is accepted too (root parent id 0). */
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
  ...recordTail,
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
  ...recordTail,
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
  ...recordTail,
});
export const groupUpdateBody = groupBody.extend({ version });
export type GroupBody = z.infer<typeof groupBody>;
