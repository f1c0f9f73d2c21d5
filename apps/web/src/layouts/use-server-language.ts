import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import i18n from '../locales/index.ts';
import { useSessionStore } from '../stores/session.ts';
import { useSettingsStore } from '../stores/settings.ts';

/**
 * The server names menus and systems, and writes log texts, in the language of the request
 * (Accept-Language). The language the shell's menus were fetched in: recorded as each CurrentUser
 * answer lands, forgotten on sign-out.
 */
let menusLanguage: string | null = null;
useSessionStore.subscribe((state, previous) => {
  if (state.menuList !== previous.menuList || state.userInfo !== previous.userInfo)
    menusLanguage = state.loaded ? i18n.language : null;
});

/**
 * Once the language changes (the switch in the top bar, or the user's saved language applied after
 * sign-in), fetches the menus again and refreshes what the screens show from the server, so that
 * the side menu, the system switch and lists speak the new language without a reload.
 */
export function useServerTextsFollowLanguage(queryClient: QueryClient): void {
  const language = useSettingsStore((s) => s.language);
  const loaded = useSessionStore((s) => s.loaded);
  useEffect(() => {
    if (!loaded) return;
    // Menus that landed before this module did were fetched in the language then in use.
    menusLanguage ??= language;
    if (menusLanguage === language) return;
    menusLanguage = language;
    void useSessionStore
      .getState()
      .loadCurrentUser()
      .catch(() => undefined);
    void queryClient.invalidateQueries();
  }, [language, loaded, queryClient]);
}
