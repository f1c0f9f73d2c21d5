import { EyeOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileLinkHref } from '../../api/file-link.ts';
import { FileLink } from '../../components/file-link/index.ts';
import { FilePreview, type PreviewFile } from '../../components/file-preview/index.ts';
import type { FileRecord, ImageRecord, UploadFieldProps } from '../../components/upload/index.ts';
import styles from './work-flow-detail.module.css';

/*
 * The form runtime's upload widgets, loaded when a dialog or the comment box first shows one: the
 * detail page itself stays small for the readers who never attach anything.
 */
const LazyUploadFz = lazy(() => import('../../components/upload/upload-fz.tsx'));
const LazyUploadImg = lazy(() => import('../../components/upload/upload-img.tsx'));

export function AttachmentUpload(props: UploadFieldProps<FileRecord[]>) {
  return (
    <Suspense fallback={<Spin size="small" />}>
      <LazyUploadFz {...props} />
    </Suspense>
  );
}

export function ImageUpload(props: UploadFieldProps<ImageRecord[]>) {
  return (
    <Suspense fallback={<Spin size="small" />}>
      <LazyUploadImg {...props} />
    </Suspense>
  );
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/**
 * One entry of a stored files list (a record's `fileList`, a comment's `file` or `image`) as the
 * preview and the download take it: the upload answer's `{ name, url, fileId ... }`, an older
 * `{ fileName, fileUrl }`, or a bare name. Null when it names no file.
 */
export function fileOf(entry: unknown): PreviewFile | null {
  if (typeof entry === 'string') return entry ? { name: entry } : null;
  if (!entry || typeof entry !== 'object') return null;
  const e = entry as Record<string, unknown>;
  const url = text(e.url) ?? text(e.fileUrl);
  const name = text(e.name) ?? text(e.fileName) ?? text(e.fullName) ?? url;
  if (!name) return null;
  return {
    name,
    url,
    fileId: text(e.fileId),
    fileVersionId: text(e.fileVersionId),
    fileExtension: text(e.fileExtension),
  };
}

export const filesOf = (entries: readonly unknown[] | null | undefined): PreviewFile[] =>
  (entries ?? []).map(fileOf).filter((f): f is PreviewFile => f !== null);

/**
 * Files of a record or a comment: each name is its download link (a refused link shows the server's
 * message), with a preview button; a file without a link shows its name only.
 */
export function FlowFiles({ files, testId }: { files: readonly unknown[] | null | undefined; testId?: string }) {
  const { t } = useTranslation();
  const [previewing, setPreviewing] = useState<PreviewFile | null>(null);
  const list = filesOf(files);
  if (!list.length) return null;
  return (
    <ul className={styles.files} data-testid={testId}>
      {list.map((file, i) => (
        <li key={`${file.fileId ?? file.name}-${i}`} className={styles.file}>
          <PaperClipOutlined aria-hidden />
          {file.url ? <FileLink url={file.url} name={file.name} /> : <span>{file.name}</span>}
          {file.url && (
            <Button
              type="text"
              size="small"
              className="noPrint"
              icon={<EyeOutlined aria-hidden />}
              aria-label={t('upload.preview')}
              onClick={() => setPreviewing(file)}
            />
          )}
        </li>
      ))}
      <FilePreview file={previewing} onClose={() => setPreviewing(null)} />
    </ul>
  );
}

/** Images of a comment as thumbnails; a click opens the image viewer. */
export function FlowImages({ images, testId }: { images: readonly unknown[] | null | undefined; testId?: string }) {
  const [previewing, setPreviewing] = useState<PreviewFile | null>(null);
  const list = filesOf(images).filter((f) => f.url);
  if (!list.length) return null;
  return (
    <div className={styles.images} data-testid={testId}>
      {list.map((image, i) => (
        <button
          key={`${image.fileId ?? image.url}-${i}`}
          type="button"
          className={styles.thumb}
          onClick={() => setPreviewing(image)}
        >
          <img src={fileLinkHref(image.url!)} alt={image.name} />
        </button>
      ))}
      <FilePreview file={previewing} onClose={() => setPreviewing(null)} />
    </div>
  );
}
