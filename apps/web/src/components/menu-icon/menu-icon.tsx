import { AppstoreOutlined, FolderOutlined } from '@ant-design/icons';
import type { MenuType } from '@atrium/shared';
import { useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

type IconSet = Record<string, ComponentType>;

/**
 * Records made before icons were antd names carry icon-font class names of the original platform
 * ('icon-ym icon-ym-home'), a font Atrium does not ship; a keyword in the name picks the nearest
 * icon of the set instead.
 */
const BY_KEYWORD: [RegExp, string][] = [
  [/home|workbench/i, 'HomeOutlined'],
  [/dashboard|portal/i, 'DashboardOutlined'],
  [/user|permission|role|organi[sz]e|position|group/i, 'TeamOutlined'],
  [/flow|approve/i, 'ApartmentOutlined'],
  [/message|notice|chat/i, 'MessageOutlined'],
  [/report|chart|screen|data/i, 'BarChartOutlined'],
  [/dictionary|dict/i, 'BookOutlined'],
  [/form|generator|model/i, 'FormOutlined'],
  [/system|setting|config/i, 'SettingOutlined'],
  [/link/i, 'LinkOutlined'],
  [/doc|file/i, 'FileTextOutlined'],
];

// The set (icon-set.ts) is some 15 KB of drawings: it loads after the shell has painted, and until
// it arrives an entry shows the folder or grid of its type, then its own icon.
let iconSet: IconSet | undefined;
let loading: Promise<IconSet> | undefined;
const listeners = new Set<() => void>();

/** Loads the icon set once; every menu icon on screen redraws when it arrives. */
export function loadMenuIcons(): Promise<IconSet> {
  loading ??= import('./icon-set.ts').then(({ MENU_ICONS }) => {
    iconSet = MENU_ICONS;
    for (const listener of listeners) listener();
    return MENU_ICONS;
  });
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The set's name for a record's icon: the name itself, else a keyword's icon. */
function nameIn(set: IconSet, icon: string): string | undefined {
  const name = icon.trim();
  if (set[name]) return name;
  return BY_KEYWORD.find(([pattern]) => pattern.test(icon))?.[1];
}

function MenuIcon({ icon, type }: { icon: string; type: MenuType }) {
  const set = useSyncExternalStore(subscribe, () => iconSet);
  if (!set) void loadMenuIcons();
  const name = set && nameIn(set, icon);
  const Named = name ? set[name] : undefined;
  if (Named) return <Named />;
  return type === 0 || type === 1 ? <FolderOutlined /> : <AppstoreOutlined />;
}

/**
 * The icon a menu (or system) record names: an antd icon name from the compact set, else a keyword
 * of an older icon-font class name, else a folder for grouping entries and a grid for pages.
 */
export function menuIcon(icon: string | null | undefined, type: MenuType): ReactNode {
  return <MenuIcon icon={icon ?? ''} type={type} />;
}
