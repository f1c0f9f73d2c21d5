import { lazy } from 'react';

export { ChunkUploader, type ChunkUploaderProps } from './chunk-uploader.tsx';
export { ChunkUpload, type FileRecord, type UploadSnapshot, type UploadState } from './chunk-upload.ts';
export { UploadFz } from './upload-fz.tsx';
export { UploadImg, type ImageRecord } from './upload-img.tsx';
export { UploadButton } from './upload-button.tsx';
export { rulesOf, type UploadFieldProps, type UploadFormField } from './field.ts';
export * from './rules.ts';

/**
 * The upload field kinds for the form runtime's adapter, each loaded on demand; every one takes
 * `{ field, value, onChange, disabled, readOnly }`.
 */
export const uploadFieldComponents = {
  uploadFz: lazy(() => import('./upload-fz.tsx')),
  uploadImg: lazy(() => import('./upload-img.tsx')),
};
