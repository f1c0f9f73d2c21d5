import { patterns, THEME_COLORS } from '@atrium/shared';
import { plainText } from '../../core/record-schema.ts';
import { z } from 'zod';
import type { Language } from '../../core/messages.ts';

const matching = (name: keyof typeof patterns) => (value: string) => value === '' || patterns[name].test(value);
const md5 = z.string().regex(/^[0-9a-f]{32}$/);

export const baseInfoBody = z.object({
  realName: plainText().min(1).max(50).refine(matching('fullName')),
  gender: z
    .union([z.literal(1), z.literal(2), z.null()])
    .optional()
    .default(null),
  mobilePhone: z.string().trim().max(20).optional().default('').refine(matching('mobile')),
  email: z.string().trim().max(100).optional().default('').refine(matching('email')),
  description: z.string().max(500).optional().default(''),
});

export const modifyPasswordBody = z.object({ oldPassword: md5, password: md5 });

export const layoutType = z.enum(['classic', 'functional', 'blend', 'plain']);

export const systemThemeBody = z.object({
  theme: layoutType,
  preferences: z
    .object({
      slideClass: z.enum(['dark', 'lightWhite']).optional(),
      themeColor: z.enum(THEME_COLORS).optional(),
      darkMode: z.boolean().optional(),
      tagsView: z.boolean().optional(),
      tagsIcon: z.boolean().optional(),
      useCache: z.boolean().optional(),
      showLanguage: z.boolean().optional(),
      showSearch: z.boolean().optional(),
    })
    .strict()
    .optional(),
});

/**
 * The product's language codes, and the short ones as aliases: zh, zhtw and en. Any case,
 * `_` or `-`; the canonical code is what gets stored.
 */
const LANGUAGE_CODES: Record<string, Language> = {
  'zh-cn': 'zh-CN',
  zh: 'zh-CN',
  'zh-tw': 'zh-TW',
  zhtw: 'zh-TW',
  'en-us': 'en-US',
  en: 'en-US',
};

export function canonicalLanguage(code: string): Language | undefined {
  const key = code.trim().toLowerCase().replace('_', '-');
  return Object.hasOwn(LANGUAGE_CODES, key) ? LANGUAGE_CODES[key] : undefined;
}

export const languageCode = z
  .string()
  .max(10)
  .describe('zh-CN, zh-TW or en-US (also zh, zhtw, en)')
  .transform((code, context) => {
    const language = canonicalLanguage(code);
    if (!language) context.addIssue({ code: 'custom', message: 'language' });
    return language ?? z.NEVER;
  });

export const systemLanguageBody = z.object({ language: languageCode });

export const majorBody = z.object({
  majorId: z.string().min(1).max(64),
  majorType: z.enum(['Organize', 'Position', 'System']),
});

export const systemLogQuery = z.object({
  category: z.coerce
    .number()
    .int()
    .refine((v) => v === 1 || v === 5),
  keyword: z.string().trim().max(100).optional().default(''),
  currentPage: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(500).optional().default(20),
  startTime: z.coerce.number().int().min(0).optional(),
  endTime: z.coerce.number().int().min(0).optional(),
});

const MAX_SIGN_BYTES = 200 * 1024;
export const signImgBody = z.object({
  signImg: z
    .string()
    .max(Math.ceil((MAX_SIGN_BYTES * 4) / 3) + 40)
    .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/),
  isDefault: z.boolean().optional().default(false),
});

export const idParams = z.object({ id: z.string().min(1).max(64) });
export const avatarParams = z.object({ name: z.string().regex(/^[0-9A-Z]{26}\.(png|jpg|gif|webp)$/) });
