import type { LayoutType } from '@atrium/shared';
import { request } from '../api/request.ts';
import type { Language } from '../locales/index.ts';
import { useSessionStore } from '../stores/session.ts';
import { useSettingsStore, type ServerPreferences, type ShellSettings } from '../stores/settings.ts';

/**
 * The user's shell choices saved with the user on the server (docs/shell-api.md), so they follow
 * the user to another browser. Local storage stays the first source on reload (no wait, no flash).
 */
const BASE = '/api/permission/Users/Current';

export function saveSystemTheme(theme: LayoutType, preferences: ServerPreferences) {
  return request<void>({ url: `${BASE}/SystemTheme`, method: 'PUT', data: { theme, preferences } });
}

export function saveSystemLanguage(language: Language) {
  return request<void>({ url: `${BASE}/SystemLanguage`, method: 'PUT', data: { language } });
}

export function preferencesOf(settings: ShellSettings): ServerPreferences {
  const { slideClass, themeColor, darkMode, tagsView, tagsIcon, useCache, showLanguage, showSearch } = settings;
  return { slideClass, themeColor, darkMode, tagsView, tagsIcon, useCache, showLanguage, showSearch };
}

/** A burst of changes (clicking through the colours) is saved once, with the last values. */
export const SAVE_DELAY_MS = 600;
let timer: ReturnType<typeof setTimeout> | undefined;

export function saveThemeSoon(): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    if (!useSessionStore.getState().token) return;
    const settings = useSettingsStore.getState();
    // A failure has been shown by the request wrapper; the choice still holds in this browser.
    saveSystemTheme(settings.layoutType, preferencesOf(settings)).catch(() => undefined);
  }, SAVE_DELAY_MS);
}
