import { z } from 'zod';
import { enCode, plainText, recordId, recordTail, version } from '../../core/record-schema.ts';
import { pageQuery } from '../../core/paging.ts';
import { listOfSchema, pageOfSchema, paginationSchema } from '../../core/response-schema.ts';
export { idParams } from '../../core/record-schema.ts';

/** 1 web app, 3 flow form, 4 web form. */
const modelType = z.union([z.literal(1), z.literal(3), z.literal(4)]);
/** 1 form only, 2 form and list, 3 form, list and workflow, 4 data view. */
const webType = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
/** Design JSON travels as text, as the designer saves it; parsed and checked by design.ts. */
const jsonText = z.string().max(2_000_000);

export const modelListQuery = pageQuery.extend({
  category: z.string().trim().max(64).optional().default(''),
  type: z.coerce.number().int().pipe(modelType).optional(),
});

export const modelBody = z.object({
  fullName: plainText().min(1).max(100),
  enCode,
  type: modelType.optional().default(1),
  category: z.string().trim().max(64).optional().default(''),
  webType: webType.optional().default(2),
  formData: jsonText,
  columnData: jsonText.optional().default(''),
  appData: jsonText.optional().default(''),
  ...recordTail,
});
export type ModelBody = z.infer<typeof modelBody>;
export const modelUpdateBody = modelBody.extend({ version });

export const releaseBody = z.object({
  /** Release to the web menu (the only target today). */
  pc: z
    .union([z.literal(0), z.literal(1), z.boolean()])
    .optional()
    .default(1),
  pcModuleParentId: recordId,
  pcSystemId: recordId,
});

export const modelParams = z.object({ modelId: recordId });
export const recordParams = z.object({ modelId: recordId, id: recordId });

/** The list call of the runtime: paging, sort and the search form's values. */
export const recordListBody = z.object({
  currentPage: z.number().int().min(1).optional().default(1),
  pageSize: z.number().int().min(1).max(10_000).optional().default(20),
  sort: z.enum(['asc', 'desc']).optional().default('desc'),
  sidx: z.string().max(100).optional().default(''),
  menuId: z.string().max(64).optional().default(''),
  /** JSON text of `{ field: value }`, as the search form sends it. */
  queryJson: z.string().max(100_000).optional().default(''),
  superQueryJson: z.string().max(100_000).optional().default(''),
  /** Only the records of these ids: a relation picker reading back the records it picked. */
  ids: z.array(recordId).max(1000).optional(),
});
export type RecordListBody = z.infer<typeof recordListBody>;

export const recordBody = z.object({
  id: z.string().max(64).optional(),
  /** JSON text of the field values, keyed by model name. */
  data: z.string().max(5_000_000),
  /** The version the editor loaded (records of a model with the optimistic lock). */
  version: version.optional(),
});

/** FieldDataSelect: the field shown, and the paging query's keyword on it. */
export const fieldDataSelectQuery = pageQuery.extend({ field: z.string().trim().min(1).max(100) });

export const batchDeleteBody = z.object({ ids: z.array(recordId).min(1).max(1000) });

export const exportBody = recordListBody.extend({
  /** The columns to write, by field key; all list columns when empty. */
  selectKey: z.array(z.string().max(100)).max(500).optional().default([]),
  /** 'page' writes the current page, 'all' every match. */
  dataType: z.enum(['page', 'all']).optional().default('all'),
});

// ---------------------------------------------------------------------------------------------
// Answers.
// ---------------------------------------------------------------------------------------------

const modelSummary = z.object({
  id: z.string(),
  fullName: z.string(),
  enCode: z.string(),
  state: z.number(),
  type: z.number(),
  category: z.string(),
  webType: z.number(),
  enabledMark: z.number(),
  sortCode: z.number(),
  description: z.string(),
  tableName: z.string().nullable(),
  menuId: z.string().nullable(),
  releasedAt: z.number().nullable(),
  creatorTime: z.number(),
  lastModifyTime: z.number().nullable(),
});

export const modelListAnswer = pageOfSchema(modelSummary);

export const modelInfoAnswer = modelSummary.extend({
  formData: z.string(),
  columnData: z.string(),
  appData: z.string(),
  version: z.number(),
});

export const createdAnswer = z.object({ id: z.string() });

export const selectorAnswer = listOfSchema(
  z.object({
    id: z.string(),
    fullName: z.string(),
    enCode: z.string(),
    category: z.string(),
    webType: z.number(),
  }),
);

export const formFieldsAnswer = listOfSchema(
  z.object({
    vModel: z.string(),
    label: z.string(),
    jnpfKey: z.string(),
    table: z.string().optional(),
  }),
);

export const fieldDataSelectAnswer = pageOfSchema(z.record(z.string(), z.unknown()));

export const configAnswer = z.object({
  id: z.string(),
  fullName: z.string(),
  enCode: z.string(),
  webType: z.number(),
  formData: z.string(),
  columnData: z.string(),
  appData: z.string(),
  menuId: z.string().nullable(),
});

export const recordListAnswer = z.object({
  list: z.array(z.record(z.string(), z.unknown())),
  pagination: paginationSchema,
});

export const recordAnswer = z.object({
  id: z.string(),
  /** JSON text of the record's values. */
  data: z.string(),
  version: z.number(),
});

export const dataChangeAnswer = z.object({
  id: z.string(),
  /** JSON text of the values as people read them: names, labels, formatted dates. */
  data: z.string(),
  /** JSON text of the released form, so a detail view can lay the values out. */
  formData: z.string(),
});

export const exportAnswer = z.object({ name: z.string(), url: z.string() });

/** A previewed row: a cell of text per template column, by field name. */
const importRow = z.record(z.string().max(100), z.string().max(2000));
export const importBody = z.object({ list: z.array(importRow).max(1000) });
export const importFailuresBody = z.object({
  list: z.array(z.record(z.string().max(100), z.string().max(4000))).max(1000),
});

export const importPreviewAnswer = z.object({
  headerRow: z.array(z.object({ id: z.string(), fullName: z.string() })),
  dataRow: z.array(z.record(z.string(), z.string())),
});

export const importResultAnswer = z.object({
  resultType: z.number(),
  snum: z.number(),
  fnum: z.number(),
  failResult: z.array(z.record(z.string(), z.string())),
});
