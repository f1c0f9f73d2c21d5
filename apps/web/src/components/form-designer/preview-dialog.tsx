/** The preview: the design rendered by the real form renderer, at desktop or phone width. */
import type { FormField, FormJson } from '@atrium/shared/forms';
import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { Modal, Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRenderer, useFormRuntime } from '../form-runtime/index.ts';
import styles from './form-designer.module.css';

/**
 * The form as a phone shows it: fields meant for the app only, one to a line, labels above. The
 * renderer decides web visibility by "pc", so app fields are marked visible for it here.
 */
export function phoneForm(form: FormJson): FormJson {
  const adapt = (fields: FormField[]): FormField[] =>
    fields
      .filter((f) => {
        const visibility = f.__config__.visibility;
        return !f.__config__.noShow && (!Array.isArray(visibility) || visibility.includes('app'));
      })
      .map((f) => ({
        ...f,
        __config__: {
          ...f.__config__,
          span: 24,
          visibility: ['pc', 'app'],
          ...(Array.isArray(f.__config__.children) ? { children: adapt(f.__config__.children) } : {}),
        },
      }));
  return { ...form, labelPosition: 'top', fields: adapt(form.fields) };
}

function PreviewForm({ form }: { form: FormJson }) {
  const runtime = useFormRuntime(form);
  return <FormRenderer form={form} model={runtime.model} store={runtime.store} formContext={runtime.formContext} />;
}

export function PreviewDialog({ form, onClose }: { form: FormJson | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [device, setDevice] = useState<'desktop' | 'phone'>('desktop');
  const shown = useMemo(() => (form && device === 'phone' ? phoneForm(form) : form), [form, device]);
  const width =
    device === 'phone' ? 460 : Math.min(1100, Math.max(600, parseInt(String(form?.generalWidth), 10) || 900));
  return (
    <Modal
      open={!!form}
      title={t('formDesigner.preview.title')}
      width={width}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      centered
    >
      <div className={styles.previewHead}>
        <Segmented
          value={device}
          onChange={(v) => setDevice(v as 'desktop' | 'phone')}
          options={[
            { value: 'desktop', icon: <DesktopOutlined />, label: t('formDesigner.preview.desktop') },
            { value: 'phone', icon: <MobileOutlined />, label: t('formDesigner.preview.phone') },
          ]}
        />
      </div>
      {shown && (
        <div className={device === 'phone' ? styles.phone : styles.desktop} data-testid={`fd-preview-${device}`}>
          {/* A new key per device: the runtime is built for one form JSON */}
          <PreviewForm key={device} form={shown} />
        </div>
      )}
    </Modal>
  );
}
