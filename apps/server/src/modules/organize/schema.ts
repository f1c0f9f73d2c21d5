import { z } from 'zod';
import { enCode, fullName, recordId as id, recordTail, version } from '../../core/record-schema.ts';
export { idParams } from '../../core/record-schema.ts';
import { pageQuery } from '../../core/paging.ts';
import {
  organizeListItemSchema,
  pickerTreeNodeSchema,
  positionListItemSchema,
  groupListItemSchema,
} from '../../core/response-schema-wire.ts';
import { paginationSchema } from '../../core/response-schema.ts';

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
  /** The job grade (optional); an empty value clears it. */
  gradeId: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v || null),
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

// ---------------------------------------------------------------------------------------------
// Answers: the data of each route's success envelope (schema.response), see core/response-schema.ts.
// ---------------------------------------------------------------------------------------------

export const organizeAnswer = z.object({ list: z.array(organizeListItemSchema) });

export const organizeTreeAnswer = z.object({ list: z.array(pickerTreeNodeSchema) });

export const organizePostAnswer = z.object({ id: z.string() });

export const positionAnswer = z.object({ list: z.array(positionListItemSchema), pagination: paginationSchema });

export const positionAllAnswer = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      fullName: z.string(),
      enCode: z.string(),
      organizeId: z.string(),
      organizeName: z.string(),
    }),
  ),
});

export const positionGetListByOrgIdsPostAnswer = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      fullName: z.string(),
      type: z.enum(['company', 'department']),
      children: z.array(
        z.object({
          id: z.string(),
          fullName: z.string(),
          enCode: z.string(),
          organizeId: z.string(),
          type: z.literal('position'),
        }),
      ),
      hasChildren: z.boolean(),
    }),
  ),
});

export const groupAnswer = z.object({ list: z.array(groupListItemSchema), pagination: paginationSchema });
