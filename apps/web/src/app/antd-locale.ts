import type { Locale } from 'antd/es/locale';
import type { Language } from '../locales/index.ts';

// One language at a time: each is its own chunk, fetched before first render or on a switch.
const LOADERS: Record<Language, () => Promise<{ default: Locale }>> = {
  'zh-CN': () => import('antd/locale/zh_CN'),
  'zh-TW': () => import('antd/locale/zh_TW'),
  'en-US': () => import('antd/locale/en_US'),
};

const loaded = new Map<Language, Locale>();

export async function loadAntdLocale(language: Language): Promise<Locale> {
  const known = loaded.get(language);
  if (known) return known;
  const locale = (await LOADERS[language]()).default;
  loaded.set(language, locale);
  return locale;
}

/** The antd locale of a language once loaded; antd's built-in English until then. */
export function antdLocale(language: Language): Locale | undefined {
  return loaded.get(language);
}
