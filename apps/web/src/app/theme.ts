import { theme as antdTheme, type ThemeConfig } from 'antd';
import type { Size, ThemeColor } from '../stores/settings.ts';

/** Default primary colour. */
export const PRIMARY_COLOR = '#409EFF';

/**
 * Hexes of the eight theme colours. Each keeps white text readable on a primary
 * button (yellow is an amber for that reason).
 */
export const THEME_COLOR_HEX: Record<ThemeColor, string> = {
  blue: PRIMARY_COLOR,
  purple: '#7B5CE6',
  azure: '#1AA8D8',
  ocean: '#1D5FAF',
  green: '#1EA672',
  yellow: '#D99A16',
  orange: '#EE7A2F',
  red: '#E0474C',
};

/** Menu colours (the dark side menu). */
export const MENU_COLORS = {
  background: '#001529',
  subMenu: '#000c17',
  active: '#409eff',
  hover: '#1890ff',
} as const;

/** Page background behind the content, light and dark; index.html paints the same before React starts. */
export const PAGE_BACKGROUND = { light: '#f0f2f5', dark: '#0d0d0d' } as const;

/** See buildTheme: below antd's dialogs and their masks (1000). */
export const DRAWER_Z_INDEX = 990;

export interface ThemeChoice {
  themeColor: ThemeColor;
  darkMode: boolean;
  size?: Size;
}

/**
 * The antd theme for the user's choices. Colours are tokens of ConfigProvider, so changing one
 * regenerates every derived colour at runtime without any extra stylesheet.
 */
export function buildTheme({ themeColor, darkMode, size }: ThemeChoice): ThemeConfig {
  const primary = THEME_COLOR_HEX[themeColor] ?? PRIMARY_COLOR;
  // antd has three sizes; 'mini' is 'small' with a smaller font and controls.
  const mini = size === 'mini' ? { fontSize: 12, controlHeightSM: 20 } : {};
  return {
    algorithm: darkMode ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: { colorPrimary: primary, colorInfo: primary, colorLink: primary, ...mini },
    components: {
      // Drawers one step below dialogs (1000): a dialog or confirmation opened from a drawer is
      // rendered outside it and would otherwise tie with it, sometimes showing under the drawer
      // or over it without dimming it.
      Drawer: { zIndexPopup: DRAWER_Z_INDEX },
      Menu: {
        darkItemBg: MENU_COLORS.background,
        darkPopupBg: MENU_COLORS.background,
        darkSubMenuItemBg: MENU_COLORS.subMenu,
        // The active colour is the default primary; other theme colours take its place.
        darkItemSelectedBg: themeColor === 'blue' ? MENU_COLORS.active : primary,
        darkItemHoverColor: themeColor === 'blue' ? MENU_COLORS.hover : primary,
        darkItemHoverBg: 'rgba(255, 255, 255, 0.06)',
        darkItemColor: 'rgba(255, 255, 255, 0.72)',
      },
      Layout: {
        siderBg: MENU_COLORS.background,
        triggerBg: MENU_COLORS.subMenu,
        headerBg: darkMode ? '#141414' : '#ffffff',
        bodyBg: darkMode ? PAGE_BACKGROUND.dark : PAGE_BACKGROUND.light,
        headerPadding: '0 12px',
        headerHeight: 50,
      },
    },
  };
}

/** The default theme (tests and the first render before settings are read). */
export const theme: ThemeConfig = buildTheme({ themeColor: 'blue', darkMode: false });

/**
 * The product's four sizes on antd's three. antd 6 calls the middle size 'medium': the tables read
 * only that name from ConfigProvider, and with the old 'middle' they kept the large rows.
 */
export const ANTD_SIZE: Record<Size, 'large' | 'medium' | 'small'> = {
  default: 'large',
  medium: 'medium',
  small: 'small',
  mini: 'small',
};
