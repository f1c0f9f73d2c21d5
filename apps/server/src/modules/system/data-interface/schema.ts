import { z } from 'zod';
import { enCode, flag, recordId as id, version, plainText } from '../../../core/record-schema.ts';
export { idParams } from '../../../core/record-schema.ts';
import { pageQuery } from '../../../core/paging.ts';

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
