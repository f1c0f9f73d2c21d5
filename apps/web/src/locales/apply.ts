import dayjs from 'dayjs';
import { loadAntdLocale } from '../app/antd-locale.ts';
import i18n, { loadMessages, type Language } from './index.ts';

const DAYJS_LOCALES: Record<Language, { name: string; load: () => Promise<unknown> }> = {
  'zh-CN': { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  'zh-TW': { name: 'zh-tw', load: () => import('dayjs/locale/zh-tw') },
  // English is built into dayjs.
  'en-US': { name: 'en', load: async () => undefined },
};

/** Fetches everything a language needs: texts, antd's locale and dayjs's. */
export async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([loadMessages(language), loadAntdLocale(language), DAYJS_LOCALES[language].load()]);
}

/**
 * Switches texts, dates and the document language together (antd follows through ConfigProvider).
 * A language not loaded yet switches once its chunks arrive; the last choice wins.
 */
let wanted: Language | null = null;
export async function applyLanguage(language: Language): Promise<void> {
  wanted = language;
  await loadLanguage(language);
  if (wanted !== language) return;
  if (i18n.language !== language) await i18n.changeLanguage(language);
  dayjs.locale(DAYJS_LOCALES[language].name);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
