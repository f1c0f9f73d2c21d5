import { THEME_COLORS, type LayoutType, type ThemeColor, type UserInfo, type UserPreferences } from '@atrium/shared';
import { create } from 'zustand';
import { applyLanguage } from '../locales/apply.ts';
import { initialLanguage, isLanguage, type Language } from '../locales/index.ts';
import { local, session, StorageName } from '../utils/storage.ts';

/** Component sizes (default medium). */
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];
export const DEFAULT_SIZE: Size = 'medium';
export const LAYOUT_TYPES: readonly LayoutType[] = ['classic', 'functional', 'blend', 'plain'];
/** Sign-in sets blend, so it is also what a fresh browser shows. */
export const DEFAULT_LAYOUT: LayoutType = 'blend';
export type Device = 'desktop' | 'mobile';
/** Under 992 px the device is mobile. */
export const MOBILE_BREAKPOINT = 992;

/** The eight theme colours (shared with the server); hexes in app/theme.ts. */
export { THEME_COLORS, type ThemeColor };
export const SLIDE_CLASSES = ['dark', 'lightWhite'] as const;
export type SlideClass = (typeof SLIDE_CLASSES)[number];

/** What the settings drawer changes, persisted as one versioned object. */
export interface ShellSettings {
  layoutType: LayoutType;
  /** Side menu colours: the dark menu (default) or a light one. */
  slideClass: SlideClass;
  themeColor: ThemeColor;
  darkMode: boolean;
  tagsView: boolean;
  tagsIcon: boolean;
  /** Keep visited pages alive (off = every visit renders the page anew). */
  useCache: boolean;
  showLanguage: boolean;
  showSearch: boolean;
  sidebarLogo: boolean;
  fixedHeader: boolean;
}

/**
 * Version of the stored settings object. index.html reads the same entry before React starts (to
 * paint the right background), so a shape change must keep `darkMode` or update that script too.
 * 1: { layoutType } only. 2: every field of ShellSettings.
 */
export const SETTINGS_VERSION = 2;
type StoredSettings = Partial<ShellSettings> & { version?: number };

export const DEFAULT_SETTINGS: ShellSettings = {
  layoutType: DEFAULT_LAYOUT,
  slideClass: 'dark',
  themeColor: 'blue',
  darkMode: false,
  tagsView: true,
  tagsIcon: true,
  useCache: true,
  showLanguage: true,
  showSearch: true,
  sidebarLogo: true,
  fixedHeader: true,
};

const BOOLEAN_KEYS = [
  'darkMode',
  'tagsView',
  'tagsIcon',
  'useCache',
  'showLanguage',
  'showSearch',
  'sidebarLogo',
  'fixedHeader',
] as const satisfies readonly (keyof ShellSettings)[];

function isSize(value: unknown): value is Size {
  return typeof value === 'string' && (SIZES as readonly string[]).includes(value);
}

function oneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}

/**
 * Keeps only the known, well-typed fields of an untrusted settings object (local storage written by
 * an older version, or the server's preferences), so one bad field never costs the others.
 */
export function sanitizeSettings(input: unknown): Partial<ShellSettings> {
  if (typeof input !== 'object' || input === null) return {};
  const source = input as Record<string, unknown>;
  const out: Partial<ShellSettings> = {};
  if (oneOf(LAYOUT_TYPES, source.layoutType)) out.layoutType = source.layoutType;
  if (oneOf(SLIDE_CLASSES, source.slideClass)) out.slideClass = source.slideClass;
  if (oneOf(THEME_COLORS, source.themeColor)) out.themeColor = source.themeColor;
  for (const key of BOOLEAN_KEYS) if (typeof source[key] === 'boolean') out[key] = source[key];
  return out;
}

/** Reads the stored settings; version 1 (layout only) is migrated, unknown versions are dropped. */
export function readStoredSettings(): ShellSettings {
  const stored = local.get<StoredSettings>(StorageName.layoutSettings);
  if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return { ...DEFAULT_SETTINGS };
  if (stored.version === 1) return { ...DEFAULT_SETTINGS, ...sanitizeSettings({ layoutType: stored.layoutType }) };
  if (stored.version !== SETTINGS_VERSION) return { ...DEFAULT_SETTINGS };
  return { ...DEFAULT_SETTINGS, ...sanitizeSettings(stored) };
}

function writeSettings(settings: ShellSettings): void {
  local.set(StorageName.layoutSettings, { version: SETTINGS_VERSION, ...settings });
}

function readSize(): Size {
  const fromSession = session.get(StorageName.size);
  if (isSize(fromSession)) return fromSession;
  const fromLocal = local.get(StorageName.size);
  return isSize(fromLocal) ? fromLocal : DEFAULT_SIZE;
}

/** The server's copy of the user's choices (docs/shell-api.md SystemTheme) as sent in CurrentUser. */
export type ServerPreferences = UserPreferences;

export function pickSettings(state: ShellSettings): ShellSettings {
  const out = {} as Record<keyof ShellSettings, unknown>;
  for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof ShellSettings)[]) out[key] = state[key];
  return out as ShellSettings;
}

export interface SettingsState extends ShellSettings {
  language: Language;
  size: Size;
  sidebarOpened: boolean;
  device: Device;
  /** The drawer of the top bar's settings button. */
  settingsOpen: boolean;
  /** Local only: sign-in uses it, and it must not overwrite the user's saved layout on the server. */
  setLayoutType(layoutType: LayoutType): void;
  /** A user's change of settings (persisted locally; the caller saves it on the server). */
  updateSettings(patch: Partial<ShellSettings>): void;
  /** After sign-in: the layout, preferences and language saved with the user on the server. */
  /** Resolves once a saved language, if any, is loaded and in use. */
  applyUserPreferences(userInfo: UserInfo | null | undefined): Promise<void>;
  /** Resolves once the language's texts are loaded and in use. */
  setLanguage(language: Language): Promise<void>;
  setSize(size: Size): void;
  setSidebarOpened(opened: boolean): void;
  toggleSidebar(): void;
  setDevice(device: Device): void;
  setSettingsOpen(open: boolean): void;
}

export function initialSettings(): Pick<
  SettingsState,
  keyof ShellSettings | 'language' | 'size' | 'sidebarOpened' | 'device' | 'settingsOpen'
> {
  return {
    // Read synchronously at import, before the first render, so a reload never shows other colours.
    ...readStoredSettings(),
    language: initialLanguage(),
    size: readSize(),
    sidebarOpened: local.get<boolean>(StorageName.sidebarStatus) ?? true,
    device: 'desktop',
    settingsOpen: false,
  };
}

export const useSettingsStore = create<SettingsState>()((set, get) => ({
  ...initialSettings(),
  setLayoutType(layoutType) {
    get().updateSettings({ layoutType });
  },
  updateSettings(patch) {
    const next = { ...pickSettings(get()), ...sanitizeSettings(patch) };
    writeSettings(next);
    set(next);
  },
  async applyUserPreferences(userInfo) {
    if (!userInfo) return;
    // Sanitised all the same: an older server or a hand-edited row must not break the shell.
    get().updateSettings({
      ...sanitizeSettings(userInfo.preferences),
      ...sanitizeSettings({ layoutType: userInfo.theme }),
    });
    if (isLanguage(userInfo.language) && userInfo.language !== get().language)
      await get().setLanguage(userInfo.language);
  },
  async setLanguage(language) {
    local.set(StorageName.language, language);
    await applyLanguage(language);
    // A later choice made while this one loaded has won already.
    if (local.get(StorageName.language) === language) set({ language });
  },
  setSize(size) {
    // Size is kept in both storages: the tab keeps its choice, new tabs inherit it.
    session.set(StorageName.size, size);
    local.set(StorageName.size, size);
    set({ size });
  },
  setSidebarOpened(opened) {
    local.set(StorageName.sidebarStatus, opened);
    set({ sidebarOpened: opened });
  },
  toggleSidebar() {
    get().setSidebarOpened(!get().sidebarOpened);
  },
  setDevice(device) {
    set({ device });
  },
  setSettingsOpen(open) {
    set({ settingsOpen: open });
  },
}));
