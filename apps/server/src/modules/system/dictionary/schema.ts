import { z } from 'zod';
import { enCode, flag, fullName, plainText, recordId as id, recordTail, version } from '../../../core/record-schema.ts';
import {
  dictionaryTypeNodeSchema,
  dictionaryOptionSchema,
  dictionaryDataRowSchema,
} from '../../../core/response-schema-wire.ts';
export { idParams } from '../../../core/record-schema.ts';

export const typeIdParams = z.object({ typeId: id });
export const typeParentParams = z.object({ typeId: id, parentId: id });

/** Top level is '-1'; '0' and an empty value mean the same (root parent id 0). */
const parentId = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((v) => (!v || v === '0' ? '-1' : v));

/** Query flags arrive as text: 1/0, true/false. */
const queryFlag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === '1' || v === 'true'));

export const keywordQuery = z.object({ keyword: z.string().trim().max(100).optional().default('') });

export const typeBody = z.object({
  parentId,
  fullName,
  enCode,
  isTree: flag.optional().default(0),
  ...recordTail,
});
export const typeUpdateBody = typeBody.extend({ version });
export type TypeBody = z.infer<typeof typeBody>;

export const dataListQuery = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
  /** Answer a tree (tree types do by default); 0 asks for a flat list. */
  isTree: queryFlag,
});

export const selectorQuery = z.object({ isTree: queryFlag });

export const dataBody = z.object({
  dictionaryTypeId: id,
  parentId,
  fullName,
  enCode,
  simpleSpelling: plainText().max(50).optional().default(''),
  isDefault: flag.optional().default(0),
  ...recordTail,
});
export const dataUpdateBody = dataBody.extend({ version });
export type DataBody = z.infer<typeof dataBody>;

// ---------------------------------------------------------------------------------------------
// Answers: the data of each route's success envelope (schema.response), see core/response-schema.ts.
// ---------------------------------------------------------------------------------------------

export const dictionaryTypeAnswer = z.object({ list: z.array(dictionaryTypeNodeSchema) });

export const dictionaryTypePostAnswer = z.object({ id: z.string() });

export const dictionaryDataRevisionAnswer = z.object({ revision: z.number() });

export const dictionaryDataAnswer = z.object({ list: z.array(dictionaryDataRowSchema) });

export const dictionaryDataSelectorAnswer = z.object({ list: z.array(dictionaryOptionSchema) });

export const dictionaryDataActionsStatePutAnswer = z.object({ enabledMark: z.number() });
