import { z } from 'zod';
import { enCode, recordId as id, recordTail, version, plainText } from '../../../core/record-schema.ts';
export { idParams } from '../../../core/record-schema.ts';
import { pageQuery } from '../../../core/paging.ts';
import { paginationSchema } from '../../../core/response-schema.ts';

/** A printCategory dictionary item code. */
const category = z.string().trim().min(1).max(50);

/** 1 flow form, 2 function form. */
export const PRINT_TYPES = [1, 2] as const;
const type = z.union([z.literal(1), z.literal(2)]);

/** The SQL text: checked statement by statement by template-sql.ts. */
export const sqlTemplate = z.string().trim().min(1).max(20_000);

const margin = z.number().min(0).max(100);
/** Page settings of the designer: paper, orientation and margins in millimetres. */
export const pageParam = z
  .object({
    paper: z.enum(['A4', 'A5', 'Letter']).default('A4'),
    orientation: z.enum(['portrait', 'landscape']).default('portrait'),
    marginTop: margin.default(20),
    marginRight: margin.default(15),
    marginBottom: margin.default(20),
    marginLeft: margin.default(15),
  })
  .strict();
export type PageParam = z.infer<typeof pageParam>;
export const DEFAULT_PAGE_PARAM: PageParam = pageParam.parse({});

export const printListQuery = pageQuery.extend({
  category: z.string().trim().max(50).optional().default(''),
  type: z.coerce.number().int().pipe(type).optional(),
});

export const printBody = z.object({
  fullName: plainText().min(1).max(100),
  enCode,
  category,
  type,
  sqlTemplate: z.string().trim().max(20_000).optional().default(''),
  /** HTML; sanitised before it is stored (sanitize.ts). */
  printTemplate: z.string().max(1_000_000).optional().default(''),
  pageParam: pageParam.optional().default(DEFAULT_PAGE_PARAM),
  ...recordTail,
});
export type PrintBody = z.infer<typeof printBody>;
export const printUpdateBody = printBody.extend({ version });

export const fieldsBody = z.object({ sqlTemplate });

export const selectorQuery = z.object({
  type: z.coerce.number().int().pipe(type).optional(),
});

export const dataQuery = z.object({
  id,
  /** The record (or workflow task) being printed; bound as @formId. */
  formId: z.string().trim().min(1).max(64),
});

// ---------------------------------------------------------------------------------------------
// Answers: the data of each route's success envelope (schema.response), see core/response-schema.ts.
// ---------------------------------------------------------------------------------------------

export const printDevAnswer = z.object({
  list: z.array(
    z.object({
      category: z.string(),
      categoryName: z.string(),
      type: z.number(),
      creatorTime: z.number(),
      creatorUser: z.string(),
      lastModifyTime: z.number().nullable(),
      id: z.string(),
      fullName: z.string(),
      enCode: z.string(),
      enabledMark: z.number(),
      sortCode: z.number(),
      description: z.string(),
    }),
  ),
  pagination: paginationSchema,
});

export const printDevSelectorAnswer = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      fullName: z.string(),
      enCode: z.string(),
      parentId: z.string(),
      isCategory: z.boolean(),
      hasChildren: z.boolean(),
      children: z.array(
        z.object({
          hasChildren: z.boolean(),
          id: z.string(),
          fullName: z.string(),
          enCode: z.string(),
          type: z.number(),
          parentId: z.string(),
        }),
      ),
    }),
  ),
});

export const printDevDataAnswer = z.object({
  printData: z.record(z.string(), z.unknown()),
  printTemplate: z.string(),
  operatorRecordList: z.array(
    z.object({
      nodeName: z.string(),
      userName: z.string(),
      handleTime: z.number(),
      handleStatus: z.number(),
      handleOpinion: z.string().nullable(),
    }),
  ),
  fullName: z.string(),
  pageParam: z.object({
    paper: z.enum(['A4', 'A5', 'Letter']),
    orientation: z.enum(['portrait', 'landscape']),
    marginTop: z.number(),
    marginRight: z.number(),
    marginBottom: z.number(),
    marginLeft: z.number(),
  }),
});

export const fieldNodeSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  table: z.string(),
  field: z.string(),
  hasChildren: z.boolean(),
  get children() {
    return z.array(fieldNodeSchema).optional();
  },
});

export const printDevFieldsPostAnswer = z.object({ list: z.array(fieldNodeSchema) });

export const printDevAnswer2 = z.object({
  sqlTemplate: z.string(),
  printTemplate: z.string(),
  pageParam: z.object({
    paper: z.enum(['A4', 'A5', 'Letter']),
    orientation: z.enum(['portrait', 'landscape']),
    marginTop: z.number(),
    marginRight: z.number(),
    marginBottom: z.number(),
    marginLeft: z.number(),
  }),
  version: z.number(),
  category: z.string(),
  categoryName: z.string(),
  type: z.number(),
  creatorTime: z.number(),
  creatorUser: z.string(),
  lastModifyTime: z.number().nullable(),
  id: z.string(),
  fullName: z.string(),
  enCode: z.string(),
  enabledMark: z.number(),
  sortCode: z.number(),
  description: z.string(),
});

export const printDevPostAnswer = z.object({ id: z.string() });
