export { FilePreview, downloadRecord, isImageFile, type PreviewFile } from './file-preview.tsx';
export { previewLink, type PreviewLink } from './api.ts';
