import { galleryForm, toFormLang, type FormField, type FormValues } from '@atrium/shared/forms';
import { Alert, Button, Card, Radio, Space, Typography } from 'antd';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../app/feedback.ts';
import {
  DateQuickFilter,
  FormDetail,
  FormRenderer,
  serverErrorsToPaths,
  submitForm,
  useFormGrants,
  useFormRuntime,
  type FieldEventHandler,
} from '../../../components/form-runtime/index.ts';
import type { AttachmentRules, FileRecord } from '../../../components/upload/index.ts';
import { validateOnServer } from './gallery-api.ts';
import styles from './form-gallery.module.css';

type DetailMode = 'general' | 'fullScreen' | 'drawer';

// The uploader loads with its card, as the widgets do: the gallery's first paint does not wait for it.
const ChunkUploader = lazy(() =>
  import('../../../components/upload/index.ts').then((m) => ({ default: m.ChunkUploader })),
);

/** The bare uploader's demo: documents only, up to 5 MB. */
const UPLOADER_RULES: AttachmentRules = { accept: '.pdf,.txt,.xlsx,.docx', fileSize: 5, sizeUnit: 'MB' };

/**
 * The widget gallery (extension demos): every field kind in one real form. Submit validates in
 * the browser, then sends the record through the server's validator of the same form and shows
 * its messages on the fields, or the values it kept.
 */
export default function FormGalleryPage() {
  const { t, i18n } = useTranslation();
  const form = galleryForm(toFormLang(i18n.language));
  const granted = useFormGrants();
  const options = useMemo(() => ({ granted }), [granted]);
  const runtime = useFormRuntime(form, options);
  const [saved, setSaved] = useState<FormValues | null>(null);
  const [serverErrors, setServerErrors] = useState(0);
  const [busy, setBusy] = useState(false);
  const [detail, setDetail] = useState<{ mode: DetailMode; values: FormValues } | null>(null);
  const [mode, setMode] = useState<DetailMode>('general');
  const [range, setRange] = useState<[number | '', number | '']>(['', '']);
  const [uploaded, setUploaded] = useState<FileRecord[]>([]);

  // The uploader's pre-upload hook: Office's temporary files (~$name) are skipped, with a word.
  const skipTemporary = useCallback(
    (file: File) => {
      if (!file.name.startsWith('~$')) return true;
      feedback().message.warning(t('formRuntime.gallery.uploaderSkipped', { name: file.name }));
      return false;
    },
    [t],
  );

  const onEvent = useCallback<FieldEventHandler>((field: FormField, event) => {
    if (event === 'click') feedback().message.info(String(field.buttonText ?? ''));
  }, []);

  const submit = async () => {
    setSaved(null);
    setServerErrors(0);
    const { values } = submitForm(runtime);
    if (!values) {
      feedback().message.error(t('formRuntime.gallery.fixErrors'));
      document
        .querySelector('[data-testid="form-renderer"] .ant-form-item-has-error, [role="alert"]')
        ?.scrollIntoView({ block: 'center' });
      return;
    }
    setBusy(true);
    try {
      const answer = await validateOnServer(values);
      if (answer.ok) setSaved(answer.values);
      else {
        runtime.store.setErrors(serverErrorsToPaths(runtime, answer.errors));
        setServerErrors(answer.errors.length);
      }
    } finally {
      setBusy(false);
    }
  };

  const reset = () => {
    runtime.store.load(runtime.model.defaults(runtime.formContext));
    setSaved(null);
    setServerErrors(0);
  };

  return (
    <div className={styles.page} data-testid="form-gallery">
      <Card
        className={styles.galleryCard}
        title={t('formRuntime.gallery.title')}
        extra={
          <Space wrap>
            <Radio.Group
              size="small"
              value={mode}
              onChange={(e) => setMode(e.target.value as DetailMode)}
              optionType="button"
              aria-label={t('formRuntime.gallery.detailMode')}
              options={[
                { value: 'general', label: t('formRuntime.gallery.modeGeneral') },
                { value: 'fullScreen', label: t('formRuntime.gallery.modeFullScreen') },
                { value: 'drawer', label: t('formRuntime.gallery.modeDrawer') },
              ]}
            />
            <Button onClick={() => setDetail({ mode, values: runtime.store.data() })}>
              {t('formRuntime.gallery.openDetail')}
            </Button>
          </Space>
        }
      >
        <Typography.Paragraph type="secondary">{t('formRuntime.gallery.intro')}</Typography.Paragraph>
        <FormRenderer
          form={form}
          model={runtime.model}
          store={runtime.store}
          granted={granted}
          formContext={runtime.formContext}
          onEvent={onEvent}
        />
        {serverErrors > 0 && (
          <Alert type="error" showIcon title={t('formRuntime.gallery.serverRejected', { count: serverErrors })} />
        )}
        {saved && (
          <Alert
            type="success"
            showIcon
            title={t('formRuntime.gallery.saved')}
            description={
              <pre className={styles.saved} data-testid="gallery-saved">
                {JSON.stringify(saved, null, 2)}
              </pre>
            }
          />
        )}
        <div className={styles.actions}>
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="gallery-submit">
            {t('formRuntime.gallery.submit')}
          </Button>
          <Button onClick={reset}>{t('formRuntime.gallery.reset')}</Button>
        </div>
      </Card>
      <Card title={t('formRuntime.gallery.quickFilter')} className={styles.card}>
        <Typography.Paragraph type="secondary">{t('formRuntime.gallery.quickFilterHint')}</Typography.Paragraph>
        <DateQuickFilter onChange={(start, end) => setRange([start, end])} />
        <div className={styles.emitted} data-testid="quick-filter-range">
          {range[0] === ''
            ? t('formRuntime.gallery.cleared')
            : t('formRuntime.gallery.emitted', { start: range[0], end: range[1] })}
        </div>
      </Card>
      <Card title={t('formRuntime.gallery.uploader')} className={styles.card} data-testid="gallery-uploader">
        <Typography.Paragraph type="secondary">{t('formRuntime.gallery.uploaderHint')}</Typography.Paragraph>
        <Suspense>
          <ChunkUploader
            rules={UPLOADER_RULES}
            held={uploaded.length}
            beforeUpload={skipTemporary}
            onUploaded={(record) => setUploaded((list) => [...list, record])}
          />
        </Suspense>
        <ul className={styles.emitted} data-testid="gallery-uploaded">
          {uploaded.map((f) => (
            <li key={f.fileId}>{f.name}</li>
          ))}
        </ul>
      </Card>
      {detail && (
        <FormDetail
          open
          form={{ ...form, popupType: detail.mode }}
          values={detail.values}
          title={t('formRuntime.gallery.title')}
          granted={granted}
          onClose={() => setDetail(null)}
        />
      )}
    </div>
  );
}
