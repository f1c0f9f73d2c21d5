import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request.ts';
import { feedback } from '../../app/feedback.ts';
import { acceptAttribute, checkAttachment, UPLOADER_DEFAULT_SIZE, type AttachmentRules } from './rules.ts';
import styles from './upload.module.css';

interface Props {
  /** The API path the file is posted to (multipart, field `file`). */
  action: string;
  rules?: AttachmentRules;
  text?: string;
  disabled?: boolean;
  /** The server's answer data on success. */
  onSuccess?: (data: unknown) => void;
}

/**
 * The upload button: posts one file to a configurable address; success shows the server's message
 * for a second, a refusal shows its message as an error (the request wrapper), a failure 上传失败.
 */
export function UploadButton({ action, rules = {}, text, disabled, onSuccess }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refusal = checkAttachment(file, rules, 0, t, UPLOADER_DEFAULT_SIZE);
    if (refusal) {
      void feedback().message.error(t(refusal.key, refusal.values));
      return;
    }
    const body = new FormData();
    body.append('file', file, file.name);
    setBusy(true);
    try {
      const res = await request({ url: action, method: 'POST', data: body });
      void feedback().message.success({ content: res.msg || t('upload.stateSuccess'), duration: 1 });
      onSuccess?.(res.data);
    } catch (error) {
      // A refusal was shown with the server's message; anything else is a plain failure.
      if (!(error instanceof Error && 'response' in error && error.response))
        void feedback().message.error(t('upload.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        className={styles.fileInput}
        accept={acceptAttribute(rules.accept)}
        onChange={(e) => void choose(e)}
      />
      <Button icon={<UploadOutlined />} loading={busy} disabled={disabled} onClick={() => input.current?.click()}>
        {text || t('upload.uploadButton')}
      </Button>
    </>
  );
}
