import { DeleteOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Image, Spin } from 'antd';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { fileLinkHref } from '../../api/file-link.ts';
import { request } from '../../api/request.ts';
import { feedback } from '../../app/feedback.ts';
import { rulesOf, type UploadFieldProps } from './field.ts';
import { checkImage, IMAGE_DEFAULT_TYPE } from './rules.ts';
import styles from './upload-img.module.css';
import uploadStyles from './upload.module.css';

/** An uploaded image as the field stores it. */
export interface ImageRecord {
  name: string;
  fileId: string;
  url: string;
}

/**
 * The image field (uploadImg): picture cards with preview and remove, and an add card while the
 * limit allows. Each image is checked first (count, size default 10 MB, and that its bytes are an
 * image), then posted to /api/file/Uploader/{type} (default annexpic), which checks the content again.
 */
export function UploadImg({ field, value, onChange, disabled, readOnly }: UploadFieldProps<ImageRecord[]>) {
  const { t } = useTranslation();
  const images = Array.isArray(value) ? value : [];
  const rules = rulesOf(field);
  const [busy, setBusy] = useState(0);
  const [shown, setShown] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const latest = useRef(images);
  useEffect(() => {
    latest.current = Array.isArray(value) ? value : [];
  }, [value]);
  const locked = disabled || readOnly || field.disabled === true;
  const type =
    typeof field.pathType === 'string' && /^[A-Za-z]+$/.test(field.pathType) ? field.pathType : IMAGE_DEFAULT_TYPE;
  const full = !!rules.limit && images.length + busy >= rules.limit;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    let held = latest.current.length + busy;
    for (const file of files) {
      const refusal = await checkImage(file, rules, held);
      if (refusal) {
        void feedback().message.error(t(refusal.key, refusal.values));
        continue;
      }
      held += 1;
      setBusy((n) => n + 1);
      const body = new FormData();
      body.append('file', file, file.name);
      request<ImageRecord>({ url: `/api/file/Uploader/${type}`, method: 'POST', data: body })
        .then((res) => {
          latest.current = [...latest.current, res.data!];
          onChange(latest.current);
        })
        // The request wrapper showed the server's reason.
        .catch(() => undefined)
        .finally(() => setBusy((n) => n - 1));
    }
  }

  return (
    <div className={styles.grid} data-testid="upload-img">
      {images.map((img, i) => (
        <div key={`${img.fileId}-${i}`} className={styles.card}>
          <img src={fileLinkHref(img.url)} alt={img.name} className={styles.thumb} />
          <div className={styles.actions}>
            <Button
              type="text"
              size="small"
              icon={<EyeOutlined />}
              aria-label={t('upload.preview')}
              onClick={() => setShown(img.url)}
              className={styles.action}
            />
            {!locked && (
              <Button
                type="text"
                size="small"
                icon={<DeleteOutlined />}
                aria-label={t('upload.remove')}
                onClick={() => onChange(images.filter((_, j) => j !== i))}
                className={styles.action}
              />
            )}
          </div>
        </div>
      ))}
      {busy > 0 && (
        <div className={styles.card}>
          <Spin />
        </div>
      )}
      {!locked && !full && (
        <button
          type="button"
          className={styles.add}
          onClick={() => input.current?.click()}
          data-testid="upload-img-add"
        >
          <PlusOutlined />
          <span>{t('upload.addImage')}</span>
        </button>
      )}
      <input
        ref={input}
        type="file"
        hidden
        className={uploadStyles.fileInput}
        accept="image/*"
        multiple={rules.limit !== 1}
        onChange={(e) => void choose(e)}
        data-testid="upload-img-input"
      />
      {shown && (
        <Image
          style={{ display: 'none' }}
          src={fileLinkHref(shown)}
          preview={{ open: true, onOpenChange: (open) => !open && setShown(null) }}
        />
      )}
    </div>
  );
}

export default UploadImg;
