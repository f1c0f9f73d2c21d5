import { AUTHORIZE_OBJECT_TYPES, LINK_TARGETS, MATCH_LOGICS } from '@atrium/shared';
import { z } from 'zod';
import { enCode, flag, fullName, sortCode, version } from '../../core/record-schema.ts';
import { nameTranslations } from './names.ts';

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
