// The shell imports menu-icon.tsx directly: the picker below brings antd's Select, which only the
// menu screen needs.
export { IconPicker } from './icon-picker.tsx';
export { MENU_ICON_NAMES, MENU_ICONS } from './icon-set.ts';
export { loadMenuIcons, menuIcon } from './menu-icon.tsx';
