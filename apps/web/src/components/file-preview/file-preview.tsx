import { DownloadOutlined, FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button, Image, Modal, Result, Space, Spin, Tooltip } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFileLink, fileLinkHref } from '../../api/file-link.ts';
import { feedback } from '../../app/feedback.ts';
import { extensionOf, PREVIEW_IMAGE_TYPES } from '../upload/rules.ts';
import { previewLink, type PreviewLink } from './api.ts';
import styles from './file-preview.module.css';

/**
 * A file as the preview takes it (an attachment record): its id and version, the download link the
 * server handed out, the name it shows and its extension (else the name's).
 */
export interface PreviewFile {
  fileId?: string;
  fileVersionId?: string;
  url?: string;
  name: string;
  fileExtension?: string;
}

/** Whether the preview shows the file in the image viewer: png, jpg, jpeg, bmp or gif. */
export function isImageFile(file: Pick<PreviewFile, 'name' | 'fileExtension'>): boolean {
  const extension = (file.fileExtension || extensionOf(file.name)).replace(/^\./, '').toLowerCase();
  return (PREVIEW_IMAGE_TYPES as readonly string[]).includes(extension);
}

interface Props {
  /** The file to show; null keeps the preview closed. */
  file: PreviewFile | null;
  onClose: () => void;
  /** Offer the download button (default true). */
  showDownload?: boolean;
}

/** Downloads through the handed-out link; without one: 'file download failed'. */
export function downloadRecord(file: PreviewFile, failedText: string): void {
  if (!file.url) {
    void feedback().message.warning(failedText);
    return;
  }
  void downloadFileLink(file.url, file.name);
}

/**
 * The full-screen file preview: images in the image viewer (png, jpg, jpeg, bmp, gif), PDF and
 * office documents (converted by the server when it can) in the browser's own viewer in a frame
 * titled 'document preview - {name}', with download, cancel and a full-screen toggle (an icon with
 * its tooltip). A file without an address warns 'file does not exist' and closes; one the server
 * cannot show offers its download.
 */
export function FilePreview({ file, onClose, showDownload = true }: Props) {
  const { t } = useTranslation();
  const [link, setLink] = useState<PreviewLink | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const [full, setFull] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  // The caller's close handler may change every render; the load must not run again for that.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!file) return;
    if (!file.url) {
      void feedback().message.warning(t('upload.fileNotExist'));
      close.current();
      return;
    }
    let live = true;
    setState('loading');
    setLink(null);
    previewLink({ name: file.name, url: file.url, fileVersionId: file.fileVersionId })
      .then((answer) => {
        if (!live) return;
        setLink(answer);
        setState('ready');
      })
      .catch(() => live && setState('unavailable'));
    return () => {
      live = false;
    };
  }, [file, t]);

  useEffect(() => {
    const onChange = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  if (!file || !file.url) return null;

  const toggleFull = () => {
    if (!document.fullscreenEnabled || !body.current?.requestFullscreen) {
      void feedback().message.warning(t('upload.fullScreenUnsupported'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void body.current.requestFullscreen();
  };

  // Images open straight in the image viewer.
  if (state === 'ready' && link?.kind === 'image' && isImageFile(file)) {
    return (
      <Image
        style={{ display: 'none' }}
        src={fileLinkHref(link.url)}
        alt={file.name}
        preview={{ open: true, onOpenChange: (open) => !open && onClose() }}
        data-testid="file-preview-image"
      />
    );
  }

  return (
    <Modal
      open
      title={t('upload.previewTitle', { name: file.name })}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      onCancel={onClose}
      destroyOnHidden
      data-testid="file-preview"
      footer={
        <Space wrap>
          <Tooltip title={full ? t('upload.exitFullScreen') : t('upload.fullScreen')}>
            <Button
              icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              onClick={toggleFull}
              disabled={state !== 'ready'}
              aria-label={full ? t('upload.exitFullScreen') : t('upload.fullScreen')}
              data-testid="file-preview-fullscreen"
            />
          </Tooltip>
          {showDownload && (
            <Button
              icon={<DownloadOutlined />}
              onClick={() => downloadRecord(file, t('upload.downloadFailed'))}
              data-testid="file-preview-download"
            >
              {t('upload.download')}
            </Button>
          )}
          <Button onClick={onClose}>{t('upload.cancel')}</Button>
        </Space>
      }
    >
      <div ref={body}>
        {state === 'loading' && <Spin style={{ display: 'block', padding: 48 }} />}
        {state === 'unavailable' && (
          <Result
            className={styles.unavailable}
            status="info"
            title={t('upload.previewUnavailable')}
            data-testid="file-preview-unavailable"
            extra={
              <Button
                type="primary"
                icon={<DownloadOutlined />}
                onClick={() => downloadRecord(file, t('upload.downloadFailed'))}
              >
                {t('upload.download')}
              </Button>
            }
          />
        )}
        {state === 'ready' && link && (
          <iframe
            className={`${styles.frame} ${full ? styles.full : ''}`}
            title={t('upload.previewTitle', { name: file.name })}
            src={fileLinkHref(link.url)}
            data-testid="file-preview-frame"
          />
        )}
      </div>
    </Modal>
  );
}
