import { z } from 'zod';
import { enCode, fullName, recordTail, version } from '../../core/record-schema.ts';
import type { GradeInfo, GradeListItem, GradeOption } from '@atrium/shared';
import { pageQuery } from '../../core/paging.ts';
import { wireSchema } from '../../core/response-schema.ts';

export const gradeListQuery = pageQuery;

/** A job grade: name, unique code, level (1 the lowest rank shown first when sorted by level). */
export const gradeBody = z.object({
  fullName,
  enCode,
  gradeLevel: z.number().int().min(1).max(99),
  ...recordTail,
});
export const gradeUpdateBody = gradeBody.extend({ version });
export type GradeBody = z.infer<typeof gradeBody>;

const namedRecord = {
  id: z.string(),
  fullName: z.string(),
  enCode: z.string(),
  enabledMark: z.number(),
  sortCode: z.number(),
  description: z.string(),
};

// Answers: the data of each route's success envelope (schema.response), see core/response-schema.ts.
export const gradeListItem = wireSchema<GradeListItem>()(
  z.object({
    ...namedRecord,
    gradeLevel: z.number(),
    creatorTime: z.number(),
    positionCount: z.number(),
    userCount: z.number(),
  }),
);
export const gradeInfo = wireSchema<GradeInfo>()(
  z.object({ ...namedRecord, gradeLevel: z.number(), version: z.number() }),
);
export const gradeOption = wireSchema<GradeOption>()(
  z.object({ id: z.string(), fullName: z.string(), enCode: z.string(), gradeLevel: z.number() }),
);
