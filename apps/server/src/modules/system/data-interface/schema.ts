import { z } from 'zod';
import { enCode, flag, recordId as id, version, plainText } from '../../../core/record-schema.ts';
export { idParams } from '../../../core/record-schema.ts';
import { pageQuery } from '../../../core/paging.ts';
import { paginationSchema } from '../../../core/response-schema.ts';

/** A parameter or header name, usable as `{name}` in SQL. */
const fieldName = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/);

export const PARAMETER_TYPES = ['varchar', 'int', 'datetime', 'decimal', 'bigint', 'text'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export const requestParameter = z.object({
  field: fieldName,
  dataType: z.enum(PARAMETER_TYPES).optional().default('varchar'),
  defaultValue: z
    .union([z.string().max(2000), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? '' : String(v))),
  required: z
    .union([flag, z.boolean()])
    .optional()
    .default(0)
    .transform((v) => (v === true || v === 1 ? 1 : 0)),
  fieldName: z.string().max(100).optional().default(''),
});
export type RequestParameter = z.infer<typeof requestParameter>;

export const requestHeader = z.object({
  field: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/),
  value: z.string().max(2000).optional().default(''),
});

export const propertyJson = z
  .object({
    countSql: z.string().max(20_000).optional().default(''),
    echoSql: z.string().max(20_000).optional().default(''),
    pageParameters: z.string().max(2000).optional().default(''),
    echoParameters: z.string().max(2000).optional().default(''),
  })
  .optional()
  .default({ countSql: '', echoSql: '', pageParameters: '', echoParameters: '' });
export type PropertyJson = z.infer<typeof propertyJson>;

export const dataInterfaceBody = z.object({
  categoryId: id,
  fullName: plainText().min(1).max(50),
  enCode,
  /** 1 SQL, 2 static JSON, 3 HTTP API. */
  dataType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  requestMethod: z.string().trim().max(10).optional().default(''),
  checkType: flag.optional().default(0),
  query: z.string().max(100_000).optional().default(''),
  requestParameters: z.array(requestParameter).max(50).optional().default([]),
  requestHeaders: z.array(requestHeader).max(50).optional().default([]),
  dataProcessing: z.string().max(20_000).optional().default(''),
  propertyJson,
  enabledMark: flag.optional().default(1),
  sortCode: z.number().int().min(0).max(999_999).optional().default(0),
  description: z
    .string()
    .max(500)
    .nullish()
    .transform((v) => v ?? ''),
});
export const dataInterfaceUpdateBody = dataInterfaceBody.extend({ version });
export type DataInterfaceBody = z.infer<typeof dataInterfaceBody>;

export const listQuery = pageQuery.extend({
  categoryId: id.optional(),
  dataType: z.coerce.number().int().min(1).max(3).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const getListQuery = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
  dataType: z.coerce.number().int().min(1).max(3).optional(),
});

export const exportQuery = z.object({ format: z.enum(['json', 'xlsx']).optional().default('json') });

/** A parameter value a caller supplies: `value`, or `defaultValue` as the form widgets send it. */
const paramItem = z.object({
  field: z.string().trim().min(1).max(50),
  value: z.unknown().optional(),
  defaultValue: z.unknown().optional(),
});
const paramList = z.array(paramItem).max(50).optional().default([]);
export type ParamList = z.infer<typeof paramList>;

export const previewBody = z.object({
  paramList,
  keyword: z.string().trim().max(100).optional().default(''),
  currentPage: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(500).optional().default(20),
});
export type PreviewBody = z.infer<typeof previewBody>;

/** A column of the result (a key of its rows). */
const column = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/);

export const widgetListBody = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
  currentPage: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(10_000).optional().default(20),
  propsValue: column.optional().default('id'),
  relationField: column.optional().default('fullName'),
  /** The popup's columns, comma-joined. */
  columnOptions: z
    .union([z.string().max(2000), z.array(z.object({ value: z.string() }).loose())])
    .optional()
    .default('')
    .transform((v) =>
      (typeof v === 'string' ? v.split(',') : v.map((c) => c.value)).map((s) => s.trim()).filter(Boolean),
    ),
  paramList,
});
export type WidgetListBody = z.infer<typeof widgetListBody>;

export const infoByIdsBody = z.object({
  ids: z
    .union([z.array(z.union([z.string().max(200), z.number()])).max(500), z.string().max(20_000)])
    .transform((v) => (typeof v === 'string' ? v.split(',') : v).map(String).filter((s) => s !== '')),
  propsValue: column.optional().default('id'),
  relationField: column.optional().default('fullName'),
  paramList,
});
export type InfoByIdsBody = z.infer<typeof infoByIdsBody>;

export const logQuery = pageQuery;

// ---------------------------------------------------------------------------------------------
// Answers: the data of each route's success envelope (schema.response), see core/response-schema.ts.
// ---------------------------------------------------------------------------------------------

export const dataInterfaceAnswer = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      fullName: z.string(),
      enCode: z.string(),
      categoryId: z.string(),
      categoryName: z.string(),
      dataType: z.number(),
      requestMethod: z.string(),
      checkType: z.number(),
      enabledMark: z.number(),
      sortCode: z.number(),
      description: z.string(),
      creatorTime: z.number(),
      creatorUser: z.string(),
      lastModifyTime: z.number().nullable(),
    }),
  ),
  pagination: paginationSchema,
});

export const dataInterfacePostAnswer = z.object({ id: z.string() });

export const dataInterfaceSelectorAnswer = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      fullName: z.string(),
      enCode: z.string(),
      parentId: z.string(),
      type: z.string(),
      hasChildren: z.boolean(),
      isLeaf: z.boolean(),
      children: z.array(
        z.object({
          parentId: z.string(),
          type: z.string(),
          hasChildren: z.boolean(),
          isLeaf: z.boolean(),
          children: z.array(z.unknown() /* never */),
          id: z.string(),
          fullName: z.string(),
          enCode: z.string(),
          categoryId: z.string(),
          dataType: z.number(),
          checkType: z.number(),
        }),
      ),
    }),
  ),
});

export const dataInterfaceGetListAnswer = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      fullName: z.string(),
      enCode: z.string(),
      categoryId: z.string(),
      dataType: z.number(),
      checkType: z.number(),
    }),
  ),
});

export const dataInterfaceGetParamAnswer = z.array(
  z.object({
    field: z.string(),
    dataType: z.enum(['bigint', 'int', 'text', 'varchar', 'datetime', 'decimal']),
    defaultValue: z.string(),
    required: z.literal([1, 0]),
    fieldName: z.string(),
  }),
);

export const requestHeaderSchema = z.object({ field: z.string(), value: z.string() });

export const definitionSchema = z.object({
  id: z.string(),
  categoryId: z.string(),
  fullName: z.string(),
  enCode: z.string(),
  dataType: z.number(),
  requestMethod: z.string(),
  checkType: z.number(),
  query: z.string(),
  requestParameters: z.array(
    z.object({
      field: z.string(),
      dataType: z.enum(['bigint', 'int', 'text', 'varchar', 'datetime', 'decimal']),
      defaultValue: z.string(),
      required: z.literal([1, 0]),
      fieldName: z.string(),
    }),
  ),
  requestHeaders: z.array(requestHeaderSchema),
  dataProcessing: z.string(),
  propertyJson: z.object({
    countSql: z.string(),
    echoSql: z.string(),
    pageParameters: z.string(),
    echoParameters: z.string(),
  }),
  enabledMark: z.number(),
  sortCode: z.number(),
  description: z.string(),
  version: z.number(),
});

export const dataInterfaceActionsStatePutAnswer = z.object({ enabledMark: z.number() });

/** Whatever the interface answers (rows, a page, any JSON): its shape is the interface's own. */
export const dataInterfaceActionsPreviewPostAnswer = z.unknown();

export const dataInterfaceActionListPostAnswer = z.object({
  list: z.array(z.record(z.string(), z.unknown())),
  pagination: z.object({ total: z.number(), currentPage: z.number(), pageSize: z.number() }),
});

export const dataInterfaceActionInfoByIdsPostAnswer = z.array(z.record(z.string(), z.unknown()));

export const dataInterfaceLogAnswer = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      invokTime: z.number(),
      userId: z.string(),
      userName: z.string(),
      invokWasteTime: z.number(),
      invokIp: z.string(),
      invokDevice: z.string(),
      invokType: z.string(),
      isSuccess: z.number(),
      errorMessage: z.string(),
    }),
  ),
  pagination: paginationSchema,
});
