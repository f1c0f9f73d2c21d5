import type { LayoutType } from '@atrium/shared';
import { create } from 'zustand';
import { applyLanguage } from '../locales/apply.ts';
import { initialLanguage, type Language } from '../locales/index.ts';
import { local, session, StorageName } from '../utils/storage.ts';

/** Component sizes of spec 1 section 9 (default medium). */
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type Size = (typeof SIZES)[number];
export const DEFAULT_SIZE: Size = 'medium';
export const LAYOUT_TYPES: readonly LayoutType[] = ['classic', 'functional', 'blend', 'plain'];
/** Spec: sign-in sets blend, so it is also what a fresh browser shows. */
export const DEFAULT_LAYOUT: LayoutType = 'blend';
export type Device = 'desktop' | 'mobile';
/** Spec 1 section 9: under 992 px the device is mobile. */
export const MOBILE_BREAKPOINT = 992;

/** Layout settings persisted as one versioned object; bump the version when the shape changes. */
const LAYOUT_SETTINGS_VERSION = 1;
interface StoredLayoutSettings {
  version: number;
  layoutType: LayoutType;
}

function isSize(value: unknown): value is Size {
  return typeof value === 'string' && (SIZES as readonly string[]).includes(value);
}

function readLayoutType(): LayoutType {
  const stored = local.get<StoredLayoutSettings>(StorageName.layoutSettings);
  if (stored?.version === LAYOUT_SETTINGS_VERSION && LAYOUT_TYPES.includes(stored.layoutType)) return stored.layoutType;
  return DEFAULT_LAYOUT;
}

function readSize(): Size {
  const fromSession = session.get(StorageName.size);
  if (isSize(fromSession)) return fromSession;
  const fromLocal = local.get(StorageName.size);
  return isSize(fromLocal) ? fromLocal : DEFAULT_SIZE;
}

export interface SettingsState {
  layoutType: LayoutType;
  language: Language;
  size: Size;
  sidebarOpened: boolean;
  device: Device;
  setLayoutType(layoutType: LayoutType): void;
  setLanguage(language: Language): void;
  setSize(size: Size): void;
  setSidebarOpened(opened: boolean): void;
  toggleSidebar(): void;
  setDevice(device: Device): void;
}

export function initialSettings(): Pick<
  SettingsState,
  'layoutType' | 'language' | 'size' | 'sidebarOpened' | 'device'
> {
  return {
    layoutType: readLayoutType(),
    language: initialLanguage(),
    size: readSize(),
    sidebarOpened: local.get<boolean>(StorageName.sidebarStatus) ?? true,
    device: 'desktop',
  };
}

export const useSettingsStore = create<SettingsState>()((set, get) => ({
  ...initialSettings(),
  setLayoutType(layoutType) {
    local.set(StorageName.layoutSettings, { version: LAYOUT_SETTINGS_VERSION, layoutType });
    set({ layoutType });
  },
  setLanguage(language) {
    local.set(StorageName.language, language);
    applyLanguage(language);
    set({ language });
  },
  setSize(size) {
    // Spec 1 section 3 names both storages for size: the tab keeps its choice, new tabs inherit it.
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
}));
