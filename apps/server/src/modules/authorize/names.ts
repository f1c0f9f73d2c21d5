import { z } from 'zod';
import type { Language } from '../../core/messages.ts';

/**
 * Names of menus and systems in the other languages. `full_name` holds the Simplified Chinese name
 * (the product's first language); `full_name_i18n` holds a JSON object of the others, e.g.
 * `{"en-US":"Home","zh-TW":"首頁"}`. A language without a name shows the zh-CN one.
 */
export const TRANSLATED_LANGUAGES = ['zh-TW', 'en-US'] as const satisfies readonly Language[];
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];
export type NameTranslations = Partial<Record<TranslatedLanguage, string>>;

/** A row with a name per language, as menu and app_system store it. */
export interface Named {
  full_name: string;
  full_name_i18n: string;
}

// Rows are read once per change and named many times (CurrentUser per language, lists): the parsed
// object is kept with the text it came from.
const parsed = new Map<string, NameTranslations>();

/** The stored JSON as an object; anything unreadable counts as no translations. */
export function parseNameTranslations(text: string | null | undefined): NameTranslations {
  if (!text || text === '{}') return {};
  let hit = parsed.get(text);
  if (hit) return hit;
  hit = {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const language of TRANSLATED_LANGUAGES) {
        const name = (value as Record<string, unknown>)[language];
        if (typeof name === 'string' && name.trim()) hit[language] = name.trim();
      }
    }
  } catch {
    // Left empty: the zh-CN name shows.
  }
  if (parsed.size >= 5000) parsed.clear();
  parsed.set(text, hit);
  return hit;
}

/** The row's name in `language`, else its zh-CN name. */
export function nameIn(row: Named, language: Language): string {
  if (language === 'zh-CN') return row.full_name;
  return parseNameTranslations(row.full_name_i18n)[language] ?? row.full_name;
}

/** The JSON text to store: keys in a fixed order, empty names left out. */
export function nameTranslationsJson(names: NameTranslations | undefined): string {
  const out: NameTranslations = {};
  for (const language of TRANSLATED_LANGUAGES) {
    const name = names?.[language]?.trim();
    if (name) out[language] = name;
  }
  return JSON.stringify(out);
}

/** True when any language's name (or the code) contains the lower-cased keyword. */
export function nameMatches(row: Named & { en_code: string }, keyword: string): boolean {
  if (row.full_name.toLowerCase().includes(keyword) || row.en_code.toLowerCase().includes(keyword)) return true;
  return Object.values(parseNameTranslations(row.full_name_i18n)).some((n) => n.toLowerCase().includes(keyword));
}

/** One translated name: at most 50 characters like the zh-CN name, no control characters; '' = none. */
const translatedName = z
  .string()
  .trim()
  .max(50)
  .regex(/^[^\p{Cc}\p{Cf}\p{Zl}\p{Zp}]*$/u);

/** `fullNameI18n` of a menu or system body: the names in zh-TW and en-US, each optional. */
export const nameTranslations = z
  .object({ 'zh-TW': translatedName.optional(), 'en-US': translatedName.optional() })
  .strict()
  .optional();
