import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Image, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileLinkHref } from '../../api/file-link.ts';
import { feedbackApi, SCREENSHOT_MAX_BYTES, SCREENSHOT_TYPES } from '../../api/feedback.ts';
import { feedback as toasts } from '../../app/feedback.ts';
import styles from './feedback.module.css';

interface Props {
  /** The stored name of the uploaded screenshot. */
  value?: string | null;
  onChange?: (value: string | null) => void;
}

/** One screenshot for a feedback form: checked here for type and size, then uploaded at once. */
export function ScreenshotField({ value, onChange }: Props) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function upload(file: File) {
    if (!(SCREENSHOT_TYPES as readonly string[]).includes(file.type)) {
      void toasts().message.error(t('feedback.screenshotType'));
      return;
    }
    if (file.size > SCREENSHOT_MAX_BYTES) {
      void toasts().message.error(t('feedback.screenshotSize'));
      return;
    }
    setBusy(true);
    try {
      const uploaded = await feedbackApi.uploadScreenshot(file);
      setPreview(uploaded.url);
      onChange?.(uploaded.name);
    } catch {
      // The request wrapper has shown the server's reason.
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.shot}>
      {value && preview ? (
        <>
          <Image src={fileLinkHref(preview)} alt={t('feedback.screenshot')} className={styles.thumb} width={96} />
          <Button
            icon={<DeleteOutlined />}
            onClick={() => {
              setPreview(null);
              onChange?.(null);
            }}
            data-testid="feedback-screenshot-remove"
          >
            {t('feedback.removeScreenshot')}
          </Button>
        </>
      ) : (
        <Upload
          accept={SCREENSHOT_TYPES.join(',')}
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} data-testid="feedback-screenshot">
            {t('feedback.upload')}
          </Button>
        </Upload>
      )}
      <span className={styles.hint}>{t('feedback.screenshotHint')}</span>
    </div>
  );
}
