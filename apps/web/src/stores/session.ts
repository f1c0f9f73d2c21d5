import type { CurrentUserResult, MenuItem, PermissionEntry, SysConfigInfo, UserInfo } from '@atrium/shared';
import { md5Hex } from '@atrium/shared';
import { create } from 'zustand';
import * as oauth from '../api/oauth.ts';
import { bindSession, RequestError } from '../api/request.ts';
import { LOCK_PATH } from '../router/guard.ts';
import { getNavigator } from '../router/navigation.ts';
import { followOtherTabs, postLockMessage, rememberReturnPath } from './screen-lock.ts';
import i18n from '../locales/index.ts';
import { session as sessionStorage, StorageName } from '../utils/storage.ts';
import { useCachesStore } from './caches.ts';
import { runSessionResetHooks, runSignOutHooks } from './session-reset.ts';
import { useSettingsStore } from './settings.ts';
import { useTagsStore } from './tags.ts';

export interface SessionState {
  /** Full header value, 'Bearer ...'; null when signed out. */
  token: string | null;
  userInfo: UserInfo | null;
  /** The current system's menu tree (another system's comes with CurrentUser after switching). */
  menuList: MenuItem[];
  permissionList: PermissionEntry[];
  sysConfigInfo: SysConfigInfo | null;
  /** Screen locked (stored as 1 in session storage, absent when not). */
  locked: boolean;
  /** CurrentUser has answered for this token (menus may still be empty). */
  loaded: boolean;
  /** Set by a sign-in until the shell has shown the previous-login notice. */
  justLoggedIn: boolean;

  login(form: oauth.LoginForm): Promise<void>;
  loadCurrentUser(): Promise<CurrentUserResult>;
  /** Replaces the token (flow-detail links carry one) and forgets the loaded user. */
  setToken(token: string): void;
  setLocked(locked: boolean): void;
  /** Locks the screen here, in the other tabs of the session and on the server; goes to /lockScreen. */
  lockScreen(): Promise<void>;
  /** Checks the typed password with the server, then clears the lock everywhere. Rejects on a wrong one. */
  unlockScreen(password: string): Promise<void>;
  consumeJustLoggedIn(): boolean;
  logout(): Promise<void>;
  resetToken(): void;
}

const signedOut = {
  token: null,
  userInfo: null,
  menuList: [],
  permissionList: [],
  locked: false,
  loaded: false,
  justLoggedIn: false,
} satisfies Partial<SessionState>;

export const useSessionStore = create<SessionState>()((set, get) => ({
  ...signedOut,
  token: sessionStorage.get<string>(StorageName.token),
  locked: sessionStorage.get(StorageName.lock) === 1,
  sysConfigInfo: null,

  async login(form) {
    let envelope;
    try {
      envelope = await oauth.login(form);
    } catch (error) {
      // A failed sign-in rejects with the whole response.
      throw error instanceof RequestError && error.response ? error.response : error;
    }
    const token = envelope.data?.token;
    if (!token) throw i18n.t('request.verificationFailed');
    sessionStorage.set(StorageName.token, token);
    set({ token, loaded: false, justLoggedIn: true });
    useSettingsStore.getState().setLayoutType('blend');
  },

  async loadCurrentUser() {
    const { data } = await oauth.getCurrentUser();
    if (!data) throw i18n.t('request.verificationFailed');
    set({
      userInfo: data.userInfo,
      menuList: data.menuList ?? [],
      permissionList: data.permissionList ?? [],
      sysConfigInfo: data.sysConfigInfo ?? null,
      loaded: true,
    });
    // Right after a sign-in the user's own layout, preferences and language (saved on the server) win.
    if (get().justLoggedIn) void useSettingsStore.getState().applyUserPreferences(data.userInfo);
    // Locked in another tab or before a reload that lost session storage: the server remembers.
    if (data.userInfo?.locked && !get().locked) get().setLocked(true);
    return data;
  },

  setToken(token) {
    sessionStorage.set(StorageName.token, token);
    set({ token, loaded: false });
  },

  setLocked(locked) {
    if (locked) sessionStorage.set(StorageName.lock, 1);
    else sessionStorage.remove(StorageName.lock);
    set({ locked });
  },

  async lockScreen() {
    const nav = getNavigator();
    rememberReturnPath(nav.current());
    // Locally first: a slow or failed call must not leave the screen open.
    get().setLocked(true);
    postLockMessage('lock', get().token);
    nav.navigate(LOCK_PATH);
    try {
      await oauth.lockScreen();
    } catch {
      // The wrapper has shown why; the screen stays locked here and in the other tabs.
    }
  },

  async unlockScreen(password) {
    const account = get().userInfo?.userAccount ?? '';
    await oauth.unlockScreen(account, md5Hex(password));
    get().setLocked(false);
    postLockMessage('unlock', get().token);
  },

  consumeJustLoggedIn() {
    const was = get().justLoggedIn;
    if (was) set({ justLoggedIn: false });
    return was;
  },

  async logout() {
    runSignOutHooks();
    try {
      await oauth.logout();
    } catch {
      // The wrapper has shown the error; the session still ends locally (it may already be gone).
    }
    get().resetToken();
  },

  resetToken() {
    sessionStorage.remove(StorageName.token);
    sessionStorage.remove(StorageName.lock);
    // sysConfigInfo stays: the sign-in page still shows the organisation's name and logo.
    set({ ...signedOut });
    useTagsStore.getState().reset();
    useCachesStore.getState().reset();
    runSessionResetHooks();
  },
}));

followOtherTabs(() => useSessionStore.getState());

// Every API call sends this store's token, and an ended session (600/601/602) resets it.
bindSession({
  token: () => useSessionStore.getState().token,
  reset: () => useSessionStore.getState().resetToken(),
});
