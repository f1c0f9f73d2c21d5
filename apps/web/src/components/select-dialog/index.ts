export { SelectDialog, type SelectDialogProps, type SelectPage, type SelectQuery } from './select-dialog.tsx';
export { SELECT_ALL_PAGE_SIZE, SELECT_PAGE_SIZE, selectDefaults, type SelectDefaults } from './select-defaults.ts';
