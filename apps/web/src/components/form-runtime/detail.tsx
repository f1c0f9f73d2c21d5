import type { FormJson } from '@atrium/shared/forms';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Drawer, Modal, Spin } from 'antd';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRenderer } from './renderer.tsx';
import type { Values } from './store.ts';
import { useFormRuntime } from './use-form-runtime.ts';
import styles from './form-runtime.module.css';

const PrintPreview = lazy(async () => ({ default: (await import('../print-preview/index.ts')).PrintPreview }));

export interface FormDetailProps {
  open: boolean;
  form: FormJson;
  /** The record's values; or give `recordId` and `loadRecord` to load them when the view opens. */
  values?: Values;
  recordId?: string;
  loadRecord?: (id: string) => Promise<Values>;
  /** The form's name: the full-screen header and the print download are named after it. */
  title?: string;
  granted?: ReadonlySet<string>;
  onClose: () => void;
}

/** CSS width from the form's setting ('600px', '60%', 800). */
const widthOf = (w: string | number | undefined, fallback: string) =>
  w === undefined || w === '' ? fallback : typeof w === 'number' ? `${w}px` : w;

function DetailBody({
  form,
  values,
  granted,
  recordId,
}: {
  form: FormJson;
  values: Values;
  granted?: ReadonlySet<string>;
  recordId?: string;
}) {
  const runtime = useFormRuntime(form, { values, granted });
  return (
    <FormRenderer
      form={form}
      model={runtime.model}
      store={runtime.store}
      granted={granted}
      formContext={runtime.formContext}
      readOnly
      formInfo={{ recordId }}
    />
  );
}

/**
 * A record's read-only detail in the form's popup type: a dialog titled 详情 (general), a full
 * screen page with a back header (fullScreen) or a side drawer (drawer), each at the form's
 * configured width, with a cancel button and, when the form enables printing and names a print
 * template, the print button that opens the print preview.
 */
export function FormDetail(props: FormDetailProps) {
  const { open, form, recordId, loadRecord, onClose, granted } = props;
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Values | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [printing, setPrinting] = useState(false);

  useEffect(() => {
    if (!open || !loadRecord) return;
    // without a record there is nothing to show: the view stays closed
    if (!recordId) {
      onClose();
      return;
    }
    let live = true;
    setLoading(true);
    loadRecord(recordId)
      .then((v) => live && setLoaded(v))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [open, recordId, loadRecord, onClose]);

  if (!open || (loadRecord && !recordId)) return null;
  const values = loadRecord ? loaded : props.values;
  const busy = loadRecord ? loading : false;
  const canPrint = form.hasPrintBtn === true && !!form.printId;
  const popupType = form.popupType ?? 'general';

  const body: ReactNode =
    busy || !values ? (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    ) : (
      <DetailBody form={form} values={values} granted={granted} recordId={recordId} />
    );
  const buttons = (
    <div className={styles.detailFooter}>
      {canPrint && (
        <Button type="primary" onClick={() => setPrinting(true)} data-testid="detail-print">
          {form.printButtonText || t('formRuntime.print')}
        </Button>
      )}
      <Button onClick={onClose}>{form.cancelButtonText || t('formRuntime.cancel')}</Button>
    </div>
  );
  const print = printing && (
    <Suspense fallback={null}>
      <PrintPreview
        open
        templateId={form.printId}
        formId={recordId}
        fullName={props.title}
        onClose={() => setPrinting(false)}
      />
    </Suspense>
  );

  if (popupType === 'fullScreen')
    return (
      <div
        className={styles.fullScreen}
        role="dialog"
        aria-label={props.title || t('formRuntime.detail')}
        data-testid="form-detail"
      >
        <div className={styles.fullScreenHeader}>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={onClose}>
            {t('formRuntime.back')}
          </Button>
          <span className={styles.fullScreenTitle}>{props.title || t('formRuntime.detail')}</span>
          {buttons}
        </div>
        <div className={styles.fullScreenBody}>
          <div className={styles.fullScreenSheet} style={{ width: widthOf(form.fullScreenWidth, '100%') }}>
            {body}
          </div>
        </div>
        {print}
      </div>
    );
  if (popupType === 'drawer')
    return (
      <Drawer
        open
        title={t('formRuntime.detail')}
        size={widthOf(form.drawerWidth, '600px')}
        onClose={onClose}
        footer={buttons}
        destroyOnHidden
        data-testid="form-detail"
      >
        {body}
        {print}
      </Drawer>
    );
  return (
    <Modal
      open
      title={t('formRuntime.detail')}
      width={widthOf(form.generalWidth, '600px')}
      onCancel={onClose}
      footer={buttons}
      destroyOnHidden
      data-testid="form-detail"
    >
      {body}
      {print}
    </Modal>
  );
}
