import { AUTHORIZE_OBJECT_TYPES, LINK_TARGETS, MATCH_LOGICS } from '@atrium/shared';
import { z } from 'zod';
import { enCode, flag, fullName, sortCode, version } from '../../core/record-schema.ts';
import { nameTranslations } from './names.ts';
import { listOfSchema } from '../../core/response-schema.ts';
import {
  menuInfoSchema,
  menuSelectorNodeSchema,
  moduleElementInfoSchema,
  dataSchemeInfoSchema,
  schemeFieldSchema,
  columnSettingSchema,
} from '../../core/response-schema-wire.ts';

const id = z.string().min(1).max(64);
export const idParams = z.object({ id });
export const objectIdParams = z.object({ objectId: id });
export const moduleIdParams = z.object({ moduleId: id });
export const systemIdParams = z.object({ systemId: id });

export const keywordQuery = z.object({ keyword: z.string().trim().max(100).optional().default('') });

export const systemBody = z.object({
  fullName,
  fullNameI18n: nameTranslations,
  enCode,
  icon: z.string().trim().max(100).optional().default(''),
  description: z.string().max(500).optional().default(''),
  sortCode,
  enabledMark: flag.optional().default(1),
});
export const systemUpdateBody = systemBody.extend({ version });

export const menuListQuery = z.object({
  systemId: id.optional(),
  keyword: z.string().trim().max(100).optional().default(''),
});
export const menuSelectorQuery = z.object({ systemId: id.optional() });

export const menuBody = z.object({
  systemId: id,
  parentId: id,
  type: z.number().int().min(1).max(8),
  fullName,
  fullNameI18n: nameTranslations,
  enCode,
  icon: z.string().trim().max(100).optional().default(''),
  urlAddress: z.string().trim().max(500).optional().default(''),
  linkTarget: z.enum(LINK_TARGETS).optional().default('_self'),
  propertyJson: z.string().max(4000).optional().default('{}'),
  description: z.string().max(500).optional().default(''),
  sortCode,
  enabledMark: flag.optional().default(1),
});
export const menuUpdateBody = menuBody.omit({ systemId: true }).extend({ version });

export const elementListQuery = z.object({ moduleId: id, keyword: z.string().trim().max(100).optional().default('') });

export const elementBody = z.object({
  moduleId: id,
  fullName,
  enCode,
  sortCode,
  enabledMark: flag.optional().default(1),
});
export const elementUpdateBody = elementBody.omit({ moduleId: true }).extend({ version });

export const schemeBody = elementBody.extend({
  conditionJson: z.string().max(20_000),
  matchLogic: z.enum(MATCH_LOGICS).optional().default('and'),
  allData: flag.optional().default(0),
});
export const schemeUpdateBody = schemeBody.omit({ moduleId: true }).extend({ version });

export const authorizeQuery = z.object({ objectType: z.enum(AUTHORIZE_OBJECT_TYPES) });

const ids = z.array(id).max(5000).optional().default([]);
export const authorizeSaveBody = z.object({
  objectType: z.enum(AUTHORIZE_OBJECT_TYPES),
  version,
  system: ids,
  module: ids,
  button: ids,
  column: ids,
  form: ids,
  resource: ids,
});

export const columnsBody = z.object({ moduleId: id, fieldList: z.string().max(50_000) });

// ---------------------------------------------------------------------------------------------
// Answers: the data of each route's success envelope (schema.response), see core/response-schema.ts.
// ---------------------------------------------------------------------------------------------

/** The stored translations of a name, beside the name in the caller's language. */
const storedTranslations = z.object({ 'zh-TW': z.string().optional(), 'en-US': z.string().optional() });

/** A system as its list and its editor show it. */
export const systemAnswer2 = z.object({
  id: z.string(),
  fullName: z.string(),
  enCode: z.string(),
  icon: z.string(),
  description: z.string(),
  sortCode: z.number(),
  enabledMark: z.number(),
  version: z.number(),
  creatorTime: z.number(),
  menuCount: z.number().optional(),
  fullNameI18n: storedTranslations,
});

export const systemAnswer = listOfSchema(systemAnswer2);

export const systemPostAnswer = z.object({ id: z.string() });

export const systemActionsStatePutAnswer = z.object({ enabledMark: z.number() });

/** A node of a system's menu tree, with the stored translations of its name on every level. */
type MenuTreeNode = Omit<z.infer<typeof menuInfoSchema>, 'children'> & {
  fullNameI18n: z.infer<typeof storedTranslations>;
  children?: MenuTreeNode[];
};
const menuTreeNode: z.ZodType<MenuTreeNode> = z.lazy(() =>
  menuInfoSchema
    .omit({ children: true })
    .safeExtend({ fullNameI18n: storedTranslations, children: z.array(menuTreeNode).optional() }),
);

export const menuAnswer = listOfSchema(menuTreeNode);

export const menuSelectorAnswer = z.object({ list: z.array(menuSelectorNodeSchema) });

/** One menu for its editor. */
export const menuAnswer2 = menuInfoSchema.safeExtend({ fullNameI18n: storedTranslations });

export const rootAnswer3 = z.object({ list: z.array(moduleElementInfoSchema) });

export const moduleDataAuthorizeSchemeAnswer = z.object({ list: z.array(dataSchemeInfoSchema) });

export const moduleDataAuthorizeSchemeFieldsAnswer = z.object({ list: z.array(schemeFieldSchema) });

export const authorityObjectsAnswer = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      fullName: z.string(),
      enCode: z.string(),
      parentId: z.string(),
      description: z.string(),
    }),
  ),
});

export const authorityGetColumnsByModuleIdAnswer = z.array(columnSettingSchema);
