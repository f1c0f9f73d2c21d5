export { FilePreview, downloadRecord, type PreviewFile } from './file-preview.tsx';
export { previewLink, type PreviewLink } from './api.ts';
