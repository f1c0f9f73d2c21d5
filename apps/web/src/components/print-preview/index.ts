export { PrintPreview, type PrintPreviewProps } from './print-preview.tsx';
export { fillTemplate, type ApprovalRecord, type FillContext, type PrintData } from './fill.ts';
export { docFileName, type PageParam } from './page-document.ts';
export { saveFile } from './save-file.ts';
