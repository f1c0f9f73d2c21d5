export { ImportDialog, type ImportApi } from './import-dialog.tsx';
export { downloadFile } from './download.ts';
