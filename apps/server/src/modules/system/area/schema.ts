import { z } from 'zod';
import { enCode, fullName, plainText, recordId as id, recordTail, version } from '../../../core/record-schema.ts';
import { areaNodeSchema, areaRowSchema } from '../../../core/response-schema-wire.ts';
export { idParams } from '../../../core/record-schema.ts';

/** '-1' is the top level; '0' is accepted for it too (JNPF pickers send either). */
const parentId = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform((v) => (v === '0' ? '-1' : v));
export const parentParams = z.object({ parentId });

/** GET /{id}/Selector/{x}: the children of `id` for the parent picker, leaving out `x` ('0' = none). */
export const selectorParams = z.object({ id: parentId, excludeId: id });

/** Accepts 1/0 and true/false as query text. */
const queryFlag = z
  .enum(['1', '0', 'true', 'false'])
  .optional()
  .transform((v) => v === '1' || v === 'true');

export const areaListQuery = z.object({
  keyword: z.string().trim().max(50).optional().default(''),
  /** Pickers ask for enabled areas only; the admin screen sees every area. */
  enabledOnly: queryFlag,
});

export const areaBody = z.object({
  parentId,
  enCode,
  fullName,
  quickQuery: plainText()
    .max(50)
    .nullish()
    .transform((v) => v ?? ''),
  ...recordTail,
});
export const areaUpdateBody = areaBody.extend({ version });
export type AreaBody = z.infer<typeof areaBody>;

/** POST /GetAreaByIds: address values, each a path of ids from the province down. */
export const areaByIdsBody = z.object({
  idsList: z.array(z.array(id).max(10)).max(500),
});

// ---------------------------------------------------------------------------------------------
// Answers: the data of each route's success envelope (schema.response), see core/response-schema.ts.
// ---------------------------------------------------------------------------------------------

export const areaGetAreaByIdsPostAnswer = z.array(z.array(z.string()));

export const areaSelectorAnswer = z.object({ list: z.array(areaNodeSchema) });

export const areaAnswer = z.object({ list: z.array(areaRowSchema) });

export const areaPostAnswer = z.object({ id: z.string() });

export const areaActionsStatePutAnswer = z.object({ enabledMark: z.number() });
