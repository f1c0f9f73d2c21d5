export { ImportDialog, type ImportApi } from './import-dialog.tsx';
export { importApiFor } from './import-api.ts';
export { downloadFile } from './download.ts';
