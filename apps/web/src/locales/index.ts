import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { local, StorageName } from '../utils/storage.ts';
import type { LocaleMessages } from './zh-CN.ts';

export const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The short language codes, taken as the product's own. */
const ALIASES: Record<string, Language> = { zh: 'zh-CN', zhtw: 'zh-TW', en: 'en-US' };

/** A product language code, or a short one (zh, zhtw, en), as the product's own; else undefined. */
export function canonicalLanguage(value: unknown): Language | undefined {
  if (isLanguage(value)) return value;
  return typeof value === 'string' && Object.hasOwn(ALIASES, value.toLowerCase())
    ? ALIASES[value.toLowerCase()]
    : undefined;
}

/**
 * The stored preference, else the browser language (anything naming 'tw' is
 * Traditional Chinese), else Simplified Chinese.
 */
export function detectLanguage(stored: unknown, browserLanguage: string | undefined): Language {
  const preferred = canonicalLanguage(stored);
  if (preferred) return preferred;
  const browser = (browserLanguage ?? '').toLowerCase();
  if (browser.includes('tw')) return 'zh-TW';
  if (browser.startsWith('zh')) return 'zh-CN';
  if (browser.startsWith('en')) return 'en-US';
  return DEFAULT_LANGUAGE;
}

export function initialLanguage(): Language {
  const nav = (globalThis as { navigator?: { language?: string } }).navigator;
  return detectLanguage(local.get(StorageName.language), nav?.language);
}

// Each language is its own chunk: a user downloads the texts of the language in use only. Screens
// keep their texts in areas/<area>/<language>.ts, one file per language, so that no chunk carries
// another language's texts; the parity test checks that the three agree key for key.
const BUNDLES: Record<Language, () => Promise<{ default: LocaleMessages }>> = {
  'zh-CN': () => import('./zh-CN.ts'),
  'zh-TW': () => import('./zh-TW.ts'),
  'en-US': () => import('./en-US.ts'),
};

export function addMessages(language: Language, messages: LocaleMessages): void {
  i18n.addResourceBundle(language, 'translation', messages, true, true);
}

/**
 * The texts of a screen that ships them in its own chunks rather than in the language bundle: one
 * loader per language, each answering `{ <area>: { ... } }`. Large screens (the designers) keep their
 * texts this way so that sign-in and the shell do not download them.
 */
export type AreaTexts = Record<Language, () => Promise<Record<string, unknown>>>;

const lazyAreas = new Set<AreaTexts>();
const loadedAreas = new Map<AreaTexts, Set<Language>>();

async function addArea(area: AreaTexts, language: Language): Promise<void> {
  const done = loadedAreas.get(area) ?? new Set<Language>();
  loadedAreas.set(area, done);
  if (done.has(language)) return;
  i18n.addResourceBundle(language, 'translation', await area[language](), true, true);
  done.add(language);
}

/** Loads a screen's texts for the language in use; a later change of language loads them too. */
export async function loadAreaTexts(area: AreaTexts): Promise<void> {
  lazyAreas.add(area);
  const language = canonicalLanguage(i18n.language) ?? DEFAULT_LANGUAGE;
  await addArea(area, language);
}

/** Several screens' texts as one, for a page that hosts them all. */
export function mergeAreaTexts(...areas: AreaTexts[]): AreaTexts {
  const merged = (language: Language) => async () =>
    Object.assign({}, ...(await Promise.all(areas.map((area) => area[language]()))));
  return { 'zh-CN': merged('zh-CN'), 'zh-TW': merged('zh-TW'), 'en-US': merged('en-US') };
}

/** Fetches a language's texts once; main.tsx awaits the first before rendering anything. */
export async function loadMessages(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) addMessages(language, (await BUNDLES[language]()).default);
  await Promise.all([...lazyAreas].map((area) => addArea(area, language)));
}

// Initialisation is synchronous (no backend), so non-React code can call i18n.t after import; the
// texts arrive with loadMessages before the first render.
void i18n.use(initReactI18next).init({
  resources: {},
  lng: initialLanguage(),
  fallbackLng: false,
  interpolation: { escapeValue: false },
  initAsync: false,
});

export default i18n;
