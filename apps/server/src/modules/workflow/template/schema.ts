import type { FlowLaunchableItem, FlowTemplateItem, FlowTemplateVersionItem, StartNode } from '@atrium/shared/workflow';
import { z } from 'zod';
import { pageQuery } from '../../../core/paging.ts';
import { enCode, flag, plainText, recordId, sortCode } from '../../../core/record-schema.ts';
import { epochMs, idText, pageOfSchema } from '../../../core/response-schema.ts';

/**
 * The node tree as saved by the designer. Only the root is checked here (a start node); the whole
 * tree is checked at publish, where each problem is named (validateFlowTree).
 */
export const nodeTreeSchema = z
  .looseObject({
    nodeId: z.string().min(1).max(100),
    type: z.literal('start'),
    name: z.string().max(100),
    properties: z.record(z.string(), z.unknown()),
    childNode: z.unknown(),
  })
  // The loose check above keeps every key; from here on the tree is handled as the designer's type.
  .transform((tree) => tree as unknown as StartNode);

export { idParams } from '../../../core/record-schema.ts';

/** An optional number of a query string, where the screens send '' for "any". */
export const optionalInt = (min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(min).max(max).optional());

export const templateListQuery = pageQuery.extend({
  category: z.string().max(100).optional().default(''),
  flowType: optionalInt(0, 1),
  enabledMark: optionalInt(0, 1),
});

/** PageListAll: staff see every template they may launch on one page (S2-7-76). */
export const launchableQuery = templateListQuery.omit({ enabledMark: true }).extend({
  pageSize: z.coerce.number().int().min(1).max(999).optional().default(999),
});

const templateFields = {
  enCode,
  fullName: plainText().min(1).max(100),
  category: plainText().max(100).optional().default(''),
  flowType: z.number().int().min(0).max(1).optional().default(0),
  formType: z.number().int().min(1).max(2).optional().default(1),
  formId: recordId.nullish(),
  icon: z.string().max(100).nullish(),
  iconBackground: z.string().max(50).nullish(),
  description: z.string().max(500).nullish(),
  sortCode,
  enabledMark: flag.optional().default(1),
};

export const templateBody = z.object({ ...templateFields, nodeTree: nodeTreeSchema.optional() });
export type TemplateBody = z.infer<typeof templateBody>;

export const templateUpdateBody = templateBody.extend({ version: z.number().int().min(0) });
export type TemplateUpdateBody = z.infer<typeof templateUpdateBody>;

export const stateBody = z.object({ enabledMark: flag });

/** The exported JSON (also what import reads back): the template's fields and its draft tree. */
export const exportedTemplate = z.object({ ...templateFields, nodeTree: nodeTreeSchema });
export type ExportedTemplate = z.infer<typeof exportedTemplate>;

/** Import takes the exported JSON, as text (a file's content) or as the object itself. */
export const importBody = z.object({
  data: z.union([z.string().min(2).max(2_000_000), z.record(z.string(), z.unknown())]),
});

const summary = {
  id: idText,
  enCode: z.string(),
  fullName: z.string(),
  category: z.string(),
  flowType: z.number(),
  formType: z.number(),
  formId: z.string().nullable(),
  icon: z.string().nullable(),
  iconBackground: z.string().nullable(),
  sortCode: z.number(),
  description: z.string().nullable(),
};

export const templateItem = z.object({
  ...summary,
  formName: z.string().nullable(),
  enabledMark: z.number(),
  currentVersion: z.number().nullable(),
  hasDraft: z.boolean(),
  creatorTime: epochMs,
  lastModifyTime: epochMs.nullable(),
}) satisfies z.ZodType<FlowTemplateItem>;
export const templateListAnswer = pageOfSchema(templateItem);

export const launchableItem = z.object({ ...summary, flowId: idText }) satisfies z.ZodType<FlowLaunchableItem>;
export const launchableAnswer = pageOfSchema(launchableItem);

export const templateInfoAnswer = templateItem.extend({
  flowId: idText.nullable(),
  versionNo: z.number().nullable(),
  /** Trees travel as the designer's objects; their shape is types.ts's FlowNode. */
  nodeTree: z.unknown(),
  draftTree: z.unknown().optional(),
  /** The form design JSON (text) of the published version, or of the bound form while unpublished. */
  formData: z.string().nullable(),
  version: z.number(),
});

export const createdAnswer = z.object({ id: idText });
export const publishedAnswer = z.object({ flowId: idText, versionNo: z.number() });
export const exportAnswer = exportedTemplate.extend({ nodeTree: z.unknown() });

export const versionsAnswer = z.array(
  z.object({
    id: idText,
    versionNo: z.number(),
    state: z.enum(['published', 'archived']),
    publishedAt: epochMs.nullable(),
    publishedBy: z.string().nullable(),
    instanceCount: z.number(),
  }) satisfies z.ZodType<FlowTemplateVersionItem>,
);
