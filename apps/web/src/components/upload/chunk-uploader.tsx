import {
  CaretRightOutlined,
  DeleteOutlined,
  PauseOutlined,
  PaperClipOutlined,
  RedoOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Button, Progress, Space, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { ChunkUpload, type FileRecord, type UploadSnapshot, type UploadState } from './chunk-upload.ts';
import { acceptAttribute, checkAttachment, UPLOADER_DEFAULT_SIZE, type AttachmentRules } from './rules.ts';
import styles from './upload.module.css';

export interface ChunkUploaderProps {
  rules: AttachmentRules;
  /** Files the field holds already (they count towards the limit). */
  held: number;
  /** Size limit when the rules give none (5 MB for the bare uploader, 10 MB in the attachment control). */
  defaultSize?: number;
  /** An optional hook run before a file is sent; false (or a rejection) refuses it quietly. */
  beforeUpload?: (file: File) => boolean | Promise<boolean>;
  onUploaded: (record: FileRecord) => void;
  disabled?: boolean;
  /** The `type` the server stores files as. */
  type?: string;
  buttonText?: string;
  buttonTestId?: string;
}

const STATE_COLOR: Record<UploadState, string> = {
  waiting: 'default',
  hashing: 'processing',
  uploading: 'processing',
  paused: 'warning',
  success: 'success',
  error: 'error',
};

const sizeText = (bytes: number) =>
  bytes >= 1048576 ? `${(bytes / 1048576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The chunked uploader: choose files, each checked against the field's rules (count, size, type)
 * with the refusal's message; each accepted file is hashed and sent in chunks (see chunk-upload.ts),
 * shown with its state and progress, with pause, resume, retry and remove (remove is gone once
 * the file is uploaded).
 */
export function ChunkUploader({
  rules,
  held,
  defaultSize = UPLOADER_DEFAULT_SIZE,
  beforeUpload,
  onUploaded,
  disabled,
  type,
  buttonText,
  buttonTestId,
}: ChunkUploaderProps) {
  const { t } = useTranslation();
  const [items, setItems] = useState<UploadSnapshot[]>([]);
  const uploads = useRef(new Map<string, ChunkUpload>());
  const input = useRef<HTMLInputElement>(null);
  const done = useRef(onUploaded);
  useEffect(() => {
    done.current = onUploaded;
  }, [onUploaded]);
  // Leaving the screen stops what is still being sent.
  useEffect(() => {
    const map = uploads.current;
    return () => map.forEach((u) => u.remove());
  }, []);

  const single = rules.limit === 1;
  const active = items.filter((i) => i.state !== 'success' && i.state !== 'error').length;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    let count = held + active;
    for (const file of files) {
      const refusal = checkAttachment(file, rules, count, t, defaultSize);
      if (refusal) {
        void feedback().message.error(t(refusal.key, refusal.values));
        continue;
      }
      if (beforeUpload) {
        const ok = await Promise.resolve(beforeUpload(file)).catch(() => false);
        if (!ok) continue;
      }
      count += 1;
      const upload = new ChunkUpload(file, {
        type,
        texts: { readError: (name) => t('upload.readError', { name }), failed: t('upload.failed') },
        onChange: (snap) => {
          setItems((list) => list.map((i) => (i.id === snap.id ? snap : i)));
          if (snap.readError) {
            // A read error cancels the file: shown once, then it leaves the list.
            void feedback().message.error(snap.error!);
            uploads.current.get(snap.id)?.remove();
            uploads.current.delete(snap.id);
            setItems((list) => list.filter((i) => i.id !== snap.id));
          }
        },
        onDone: (record) => done.current(record),
      });
      uploads.current.set(upload.id, upload);
      setItems((list) => [...list, upload.state]);
      upload.start();
    }
  }

  const remove = (id: string) => {
    uploads.current.get(id)?.remove();
    uploads.current.delete(id);
    setItems((list) => list.filter((i) => i.id !== id));
  };

  return (
    <div className={styles.uploader} data-testid="chunk-uploader">
      <input
        ref={input}
        type="file"
        hidden
        className={styles.fileInput}
        multiple={!single}
        accept={acceptAttribute(rules.accept)}
        onChange={(e) => void choose(e)}
        data-testid="chunk-uploader-input"
      />
      <Button
        icon={<UploadOutlined />}
        disabled={disabled}
        onClick={() => input.current?.click()}
        data-testid={buttonTestId ?? 'chunk-uploader-choose'}
      >
        {buttonText ?? t('upload.choose')}
      </Button>
      {items.length > 0 && (
        <ul className={styles.items}>
          {items.map((item) => {
            const u = uploads.current.get(item.id);
            return (
              <li key={item.id} className={styles.item} data-testid="upload-item" data-state={item.state}>
                <div className={styles.itemHead}>
                  <PaperClipOutlined />
                  <Typography.Text ellipsis className={styles.itemName}>
                    {item.name}
                  </Typography.Text>
                  <Typography.Text type="secondary" className={styles.itemSize}>
                    {sizeText(item.size)}
                  </Typography.Text>
                  <Tag color={STATE_COLOR[item.state]} data-testid="upload-state">
                    {item.instant && item.state === 'success'
                      ? t('upload.instant')
                      : t(`upload.state${item.state[0]!.toUpperCase()}${item.state.slice(1)}`)}
                  </Tag>
                  <Space size={0}>
                    {(item.state === 'uploading' || item.state === 'hashing') && (
                      <Tooltip title={t('upload.pause')}>
                        <Button
                          type="text"
                          size="small"
                          icon={<PauseOutlined />}
                          aria-label={t('upload.pause')}
                          onClick={() => u?.pause()}
                          data-testid="upload-pause"
                        />
                      </Tooltip>
                    )}
                    {item.state === 'paused' && (
                      <Tooltip title={t('upload.resume')}>
                        <Button
                          type="text"
                          size="small"
                          icon={<CaretRightOutlined />}
                          aria-label={t('upload.resume')}
                          onClick={() => u?.resume()}
                          data-testid="upload-resume"
                        />
                      </Tooltip>
                    )}
                    {item.state === 'error' && (
                      <Tooltip title={t('upload.retry')}>
                        <Button
                          type="text"
                          size="small"
                          icon={<RedoOutlined />}
                          aria-label={t('upload.retry')}
                          onClick={() => u?.retry()}
                          data-testid="upload-retry"
                        />
                      </Tooltip>
                    )}
                    {item.state !== 'success' && (
                      <Tooltip title={t('upload.remove')}>
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('upload.remove')}
                          onClick={() => remove(item.id)}
                          data-testid="upload-remove"
                        />
                      </Tooltip>
                    )}
                  </Space>
                </div>
                {item.state !== 'success' && (
                  <Progress
                    percent={Math.floor(item.progress * 100)}
                    size="small"
                    status={item.state === 'error' ? 'exception' : item.state === 'paused' ? 'normal' : 'active'}
                    data-testid="upload-progress"
                  />
                )}
                {item.error && (
                  <Typography.Text type="danger" className={styles.itemError}>
                    {item.error}
                  </Typography.Text>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
