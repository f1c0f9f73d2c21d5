import { DeleteOutlined, DownloadOutlined, EyeOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadRecord, FilePreview, type PreviewFile } from '../file-preview/index.ts';
import type { FileRecord } from './chunk-upload.ts';
import { ChunkUploader } from './chunk-uploader.tsx';
import { rulesOf, type UploadFieldProps } from './field.ts';
import { ATTACHMENT_DEFAULT_SIZE, hintOf } from './rules.ts';
import styles from './upload.module.css';

/**
 * The attachment field (uploadFz): the button opens the upload dialog (附件上传, 500 px) with the
 * chunked uploader and the hint 只能上传不超过{size}{unit}的{type}文件; the field's files are listed
 * with preview, download and remove. The value is the list of file records the server answered.
 */
export function UploadFz({ field, value, onChange, disabled, readOnly }: UploadFieldProps<FileRecord[]>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [previewing, setPreviewing] = useState<PreviewFile | null>(null);
  const files = Array.isArray(value) ? value : [];
  const rules = rulesOf(field);
  // Uploads finish in any order: each adds to the newest list.
  const latest = useRef(files);
  useEffect(() => {
    latest.current = Array.isArray(value) ? value : [];
  }, [value]);
  const hint = hintOf(rules, t, ATTACHMENT_DEFAULT_SIZE);
  const locked = disabled || readOnly || field.disabled === true;

  return (
    <div data-testid="upload-fz">
      {!readOnly && (
        <Button icon={<UploadOutlined />} disabled={locked} onClick={() => setOpen(true)} data-testid="upload-fz-open">
          {field.buttonText || t('upload.uploadButton')}
        </Button>
      )}
      {field.showTip !== false && !readOnly && (
        <Typography.Text type="secondary" className={styles.hint}>
          {field.tipText || t(hint.key, hint.values)}
        </Typography.Text>
      )}
      {files.length > 0 && (
        <ul className={styles.files} data-testid="upload-fz-files">
          {files.map((f, i) => (
            <li key={`${f.fileId}-${i}`} className={styles.file}>
              <PaperClipOutlined />
              <Typography.Link ellipsis className={styles.fileName} onClick={() => setPreviewing(f)}>
                {f.name}
              </Typography.Link>
              <Button
                type="text"
                size="small"
                icon={<EyeOutlined />}
                aria-label={t('upload.preview')}
                onClick={() => setPreviewing(f)}
              />
              <Button
                type="text"
                size="small"
                icon={<DownloadOutlined />}
                aria-label={t('upload.download')}
                onClick={() => downloadRecord(f, t('upload.downloadFailed'))}
              />
              {!locked && (
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('upload.remove')}
                  onClick={() => onChange(files.filter((_, j) => j !== i))}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <Modal
        open={open}
        title={t('upload.dialogTitle')}
        width={500}
        onCancel={() => setOpen(false)}
        footer={
          <Button type="primary" onClick={() => setOpen(false)} data-testid="upload-fz-done">
            {t('upload.done')}
          </Button>
        }
        data-testid="upload-fz-dialog"
      >
        <ChunkUploader
          rules={rules}
          held={files.length}
          defaultSize={ATTACHMENT_DEFAULT_SIZE}
          onUploaded={(record) => {
            latest.current = rules.limit === 1 ? [record] : [...latest.current, record];
            onChange(latest.current);
          }}
        />
        <Typography.Text type="secondary" className={styles.hint}>
          {t(hint.key, hint.values)}
        </Typography.Text>
      </Modal>
      <FilePreview file={previewing} onClose={() => setPreviewing(null)} />
    </div>
  );
}

export default UploadFz;
