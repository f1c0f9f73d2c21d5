import type { ThemeConfig } from 'antd';
import type { Size } from '../stores/settings.ts';

/** Default primary colour of spec 1 section 3. */
export const PRIMARY_COLOR = '#409EFF';

/** Menu colours of spec 1 section 9. */
export const MENU_COLORS = {
  background: '#001529',
  subMenu: '#000c17',
  active: '#409eff',
  hover: '#1890ff',
} as const;

export const theme: ThemeConfig = {
  token: { colorPrimary: PRIMARY_COLOR },
  components: {
    Menu: {
      darkItemBg: MENU_COLORS.background,
      darkPopupBg: MENU_COLORS.background,
      darkSubMenuItemBg: MENU_COLORS.subMenu,
      darkItemSelectedBg: MENU_COLORS.active,
      darkItemHoverColor: MENU_COLORS.hover,
    },
    Layout: { siderBg: MENU_COLORS.background, triggerBg: MENU_COLORS.subMenu },
  },
};

/** The spec's four sizes on antd's three. */
export const ANTD_SIZE: Record<Size, 'large' | 'middle' | 'small'> = {
  default: 'large',
  medium: 'middle',
  small: 'small',
  mini: 'small',
};
