/** List column settings (列表显示设置): the drawer, the hook a list screen uses, and the merge logic. */
export { ColumnSettingsDrawer } from './column-settings-drawer.tsx';
export { useColumnSettings, columnSettingsApi } from './use-column-settings.tsx';
export { applySettings, defaultSettings, mergeSettings, moveItem, type ColumnDef } from './merge.ts';
