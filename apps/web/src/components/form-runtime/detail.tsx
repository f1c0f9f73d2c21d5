import type { FormJson } from '@atrium/shared/forms';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Drawer, Modal, Spin } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { DetailOpenerProvider } from './detail-context.ts';
import { hideOrphanAttributes } from './detail-form.ts';
import { loadDisplayRecord, loadRelatedForm } from './related-records.ts';
import { DETAIL_EXTRA_TYPE, useRelationStore } from './relation-state.ts';
import { FormRenderer } from './renderer.tsx';
import type { Values } from './store.ts';
import { useFormRuntime } from './use-form-runtime.ts';
import styles from './form-runtime.module.css';

const PrintPreview = lazy(async () => ({ default: (await import('../print-preview/index.ts')).PrintPreview }));

export interface FormDetailProps {
  open: boolean;
  form: FormJson;
  /** The record's values; or give `recordId` (and `loadRecord`, or `modelId`) to load them when the view opens. */
  values?: Values;
  recordId?: string;
  /**
   * The released model the record belongs to: recorded in the dynamic-model extra while the view
   * is open; without `loadRecord` the record is read as people read it from the model's runtime.
   */
  modelId?: string;
  loadRecord?: (id: string) => Promise<Values>;
  /** The form's name: the full-screen header and the print download are named after it. */
  title?: string;
  granted?: ReadonlySet<string>;
  onClose: () => void;
}

/** CSS width from the form's setting ('600px', '60%', 800). */
const widthOf = (w: string | number | undefined, fallback: string) =>
  w === undefined || w === '' ? fallback : typeof w === 'number' ? `${w}px` : w;

/** The detail of a related record another detail (or a disabled relation field) opens. */
interface NestedDetail {
  modelId: string;
  recordId: string;
  form: FormJson;
  title: string;
}

/**
 * Lets the relation fields inside open the records of related forms, in a nested detail view of
 * the given popup type (the mode of the view or form they are in). The related model's released
 * form is read first, with the main loading flag up; a failed read brings the flag down and opens
 * nothing (the request wrapper showed why). A field without a record id opens nothing.
 */
export function RelatedDetailProvider({
  popupType,
  children,
}: {
  popupType: FormJson['popupType'];
  children: ReactNode;
}) {
  const [loading, setLoading] = useState(false);
  const [nested, setNested] = useState<NestedDetail | null>(null);
  const live = useRef(true);
  const sequence = useRef(0);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const open = useCallback(
    (modelId: string | undefined, recordId: string | undefined) => {
      if (!modelId || !recordId) return;
      const mine = ++sequence.current;
      const current = () => live.current && mine === sequence.current;
      setLoading(true);
      loadRelatedForm(modelId, popupType)
        .then((related) => {
          if (current() && related) setNested({ modelId, recordId, ...related });
        })
        .catch(() => undefined)
        .finally(() => {
          if (current()) setLoading(false);
        });
    },
    [popupType],
  );
  const close = useCallback(() => setNested(null), []);
  return (
    <DetailOpenerProvider value={open}>
      {children}
      {/* the main loading flag: up while a related form is read for a nested detail */}
      {loading && <Spin fullscreen spinning data-testid="detail-main-loading" />}
      {nested &&
        createPortal(
          <FormDetail
            open
            form={nested.form}
            modelId={nested.modelId}
            recordId={nested.recordId}
            title={nested.title}
            onClose={close}
          />,
          document.body,
        )}
    </DetailOpenerProvider>
  );
}

function DetailBody({
  form,
  values,
  granted,
  modelId,
  recordId,
}: {
  form: FormJson;
  values: Values;
  granted?: ReadonlySet<string>;
  modelId?: string;
  recordId?: string;
}) {
  const runtime = useFormRuntime(form, { values, granted });
  const formInfo = useMemo(() => ({ modelId, recordId }), [modelId, recordId]);
  return (
    <FormRenderer
      form={form}
      model={runtime.model}
      store={runtime.store}
      granted={granted}
      formContext={runtime.formContext}
      readOnly
      formInfo={formInfo}
    />
  );
}

/**
 * A record's read-only detail in the form's popup type: a dialog titled 详情 (general), a full
 * screen page with a back header (fullScreen) or a side drawer (drawer), each at the form's
 * configured width, with a cancel button and, when the form enables printing and names a print
 * template, the print button that opens the print preview.
 *
 * With a record id it records the model and the record in the dynamic-model extra (type 2), loads
 * the record, fills the form with it and shows it; attribute fields whose source field is hidden
 * are hidden too. Related-form links inside open the related record's detail in the same mode, the
 * main loading flag up while the related form is read. A record that cannot be read closes the view.
 */
export function FormDetail(props: FormDetailProps) {
  const { open, form, recordId, modelId, onClose, granted } = props;
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Values | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [printing, setPrinting] = useState(false);
  const popupType = form.popupType ?? 'general';
  const shown = useMemo(() => hideOrphanAttributes(form, granted), [form, granted]);
  const fromModel = useCallback((id: string) => loadDisplayRecord(modelId!, id), [modelId]);
  const loadRecord = props.loadRecord ?? (modelId ? fromModel : undefined);

  useEffect(() => {
    if (!open || !loadRecord) return;
    // without a record there is nothing to show: the view stays closed
    if (!recordId) {
      onClose();
      return;
    }
    const state = useRelationStore.getState();
    const previous = state.dynamicModelExtra;
    state.setDynamicModelExtra({ modelId: modelId ?? '', id: recordId, type: DETAIL_EXTRA_TYPE });
    let live = true;
    setLoading(true);
    setLoaded(undefined);
    loadRecord(recordId).then(
      (values) => {
        if (!live) return;
        setLoaded(values);
        setLoading(false);
      },
      () => {
        if (!live) return;
        // the request wrapper said why; there is nothing to show
        setLoading(false);
        onClose();
      },
    );
    return () => {
      live = false;
      useRelationStore.getState().setDynamicModelExtra(previous);
    };
  }, [open, recordId, modelId, loadRecord, onClose]);

  if (!open || (loadRecord && !recordId)) return null;
  const values = loadRecord ? loaded : props.values;
  const busy = loadRecord ? loading : false;
  const canPrint = form.hasPrintBtn === true && !!form.printId;

  const body: ReactNode =
    busy || !values ? (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin />
      </div>
    ) : (
      <RelatedDetailProvider popupType={popupType}>
        <DetailBody form={shown} values={values} granted={granted} modelId={modelId} recordId={recordId} />
      </RelatedDetailProvider>
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
        data-popup-type="fullScreen"
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
        data-popup-type="drawer"
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
      data-popup-type="general"
    >
      {body}
      {print}
    </Modal>
  );
}
