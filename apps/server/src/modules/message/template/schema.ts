import { z } from 'zod';
import { recordTail, version, plainText } from '../../../core/record-schema.ts';
export { idParams } from '../../../core/record-schema.ts';
import { pageQuery } from '../../../core/paging.ts';
import { messageTemplateRowSchema, templateParamSchema } from '../../../core/response-schema-wire.ts';
import { paginationSchema } from '../../../core/response-schema.ts';

/** Query values arrive as strings; '' (the web's 'all' choice) means no filter. */
const optionalQueryInt = (max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(1).max(max).optional());

export const templateListQuery = pageQuery.extend({
  category: z.string().trim().max(64).optional().default(''),
  messageType: optionalQueryInt(3),
});
export type TemplateListQuery = z.infer<typeof templateListQuery>;

/** GET /MessageDataType/getTypeList/{id}: the message type whose parameters are wanted. */
export const typeParams = z.object({ id: z.coerce.number().int().min(1).max(3) });

/** A placeholder name, as `{field}` in a title or body: letters, digits and _, not starting with a digit. */
const field = z
  .string()
  .trim()
  .min(1)
  .max(50)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/);

const templateParams = z
  .array(z.object({ field, fieldName: plainText().min(1).max(50) }))
  .max(50)
  .refine((list) => new Set(list.map((p) => p.field)).size === list.length, {
    message: 'duplicate field',
  });

export const templateBody = z.object({
  fullName: plainText().min(1).max(50),
  enCode: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/),
  /** A messageCategory dictionary item id ('' = none). */
  category: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v ?? ''),
  messageType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  channel: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
    .optional()
    .default(1),
  title: plainText().min(1).max(200),
  content: z
    .string()
    .max(5000)
    .nullish()
    .transform((v) => v ?? ''),
  templateJson: templateParams.optional().default([]),
  ...recordTail,
});
export const templateUpdateBody = templateBody.extend({ version });
export type TemplateBody = z.infer<typeof templateBody>;

// ---------------------------------------------------------------------------------------------
// Answers: the data of each route's success envelope (schema.response), see core/response-schema.ts.
// ---------------------------------------------------------------------------------------------

export const messageTemplateConfigAnswer = z.object({
  list: z.array(messageTemplateRowSchema),
  pagination: paginationSchema,
});

export const messageTemplateConfigPostAnswer = z.object({ id: z.string() });

export const messageDataTypeGetTypeListAnswer = z.object({ list: z.array(templateParamSchema) });
