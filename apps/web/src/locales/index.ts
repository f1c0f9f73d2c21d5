import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { local, StorageName } from '../utils/storage.ts';
import enUS from './en-US.ts';
import zhCN from './zh-CN.ts';
import zhTW from './zh-TW.ts';

export const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-CN';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * Spec 1 section 9: the stored preference, else the browser language (anything naming 'tw' is
 * Traditional Chinese), else Simplified Chinese.
 */
export function detectLanguage(stored: unknown, browserLanguage: string | undefined): Language {
  if (isLanguage(stored)) return stored;
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

export const resources = {
  'zh-CN': { translation: zhCN },
  'zh-TW': { translation: zhTW },
  'en-US': { translation: enUS },
};

// Resources are bundled, so initialisation completes synchronously and non-React code (the request
// wrapper, the guard) can call i18n.t right after import.
void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  interpolation: { escapeValue: false },
  initAsync: false,
});

export default i18n;
