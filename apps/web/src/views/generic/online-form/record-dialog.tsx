import { ResultCode } from '@atrium/shared';
import type { FormJson } from '@atrium/shared/forms';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Grid, Modal, Spin } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../api/request.ts';
import { recordErrors } from '../../../api/visualdev.ts';
import { useRecordSource } from './record-source.ts';
import { feedback } from '../../../app/feedback.ts';
import {
  FormRenderer,
  RelatedDetailProvider,
  serverErrorsToPaths,
  submitForm,
  useFormRuntime,
  type Values,
} from '../../../components/form-runtime/index.ts';
import { widthOf } from './model.ts';
import styles from './online-form.module.css';

interface Props {
  modelId: string;
  form: FormJson;
  /** The record being edited; undefined adds one. */
  recordId?: string;
  title: string;
  granted?: ReadonlySet<string>;
  onClose: () => void;
  /** After a successful save, before the dialog closes. */
  onSaved: () => void;
}

interface Loaded {
  values?: Values;
  version?: number;
}

const parseValues = (text: string): Values => {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Values) : {};
  } catch {
    return {};
  }
};

/**
 * Adds or edits a record of a released model in the popup type its form names (a dialog of
 * `generalWidth`, a full screen page, or a drawer of `drawerWidth`), through the form runtime:
 * validated in the browser by the rules the server runs, saved with the version it read. A 409
 * (someone else saved first) shows the server's message and loads the latest record, the dialog
 * staying open; a 400 shows the server's problems on their fields.
 */
export function RecordDialog({ modelId, form, recordId, title, granted, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const mobile = Grid.useBreakpoint().md === false;
  const source = useRecordSource();
  const [loaded, setLoaded] = useState<Loaded | null>(recordId ? null : {});
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);

  const load = async (): Promise<boolean> => {
    if (!recordId) return true;
    try {
      const record = await source.info(modelId, recordId);
      setLoaded({ values: parseValues(record.data), version: record.version });
      return true;
    } catch {
      return false;
    }
  };

  useEffect(() => {
    // A record that cannot be read (deleted meanwhile) cannot be edited: the wrapper said why.
    void load().then((ok) => !ok && onClose());
    // once per record
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [modelId, recordId]);

  const options = useMemo(() => ({ values: loaded?.values, granted }), [loaded, granted]);
  const runtime = useFormRuntime(form, options);

  const save = async () => {
    const { values } = submitForm(runtime);
    if (!values) {
      feedback().message.error(t('onlineForm.fixErrors'));
      return;
    }
    setSaving(true);
    try {
      const res = recordId
        ? await source.update(modelId, recordId, values, loaded?.version)
        : await source.create(modelId, values);
      void feedback().message.success(res.msg && res.msg !== 'Success' ? res.msg : t('admin.saved'));
      onSaved();
      onClose();
    } catch (error) {
      if (error instanceof RequestError && error.code === ResultCode.conflict) {
        setConflict(error.message);
        await load();
        return;
      }
      const errors = recordErrors(error);
      if (errors) runtime.store.setErrors(serverErrorsToPaths(runtime, errors));
    } finally {
      setSaving(false);
    }
  };

  const body = (
    <div data-testid="online-form-body">
      {conflict && (
        <Alert
          className={styles.conflict}
          type="warning"
          showIcon
          title={conflict}
          description={t('admin.conflict')}
          data-testid="online-form-conflict"
        />
      )}
      {loaded ? (
        // a disabled related-form field opens its record in this dialog's mode
        <RelatedDetailProvider popupType={form.popupType}>
          <FormRenderer
            key={loaded.version ?? 'new'}
            form={form}
            model={runtime.model}
            store={runtime.store}
            granted={granted}
            formContext={runtime.formContext}
            formInfo={{ modelId, recordId }}
          />
        </RelatedDetailProvider>
      ) : (
        <div className={styles.loading}>
          <Spin />
        </div>
      )}
    </div>
  );
  const buttons: ReactNode = (
    <div className={styles.footer}>
      {form.hasCancelBtn !== false && (
        <Button onClick={onClose} data-testid="online-form-cancel">
          {form.cancelButtonText || t('common.cancel')}
        </Button>
      )}
      {form.hasConfirmBtn !== false && (
        <Button
          type="primary"
          loading={saving}
          disabled={!loaded}
          onClick={() => void save()}
          data-testid="online-form-save"
        >
          {form.confirmButtonText || t('common.ok')}
        </Button>
      )}
    </div>
  );

  const popupType = form.popupType ?? 'general';
  if (popupType === 'fullScreen')
    return (
      <div className={styles.fullScreen} role="dialog" aria-label={title} data-testid="online-form-dialog">
        <div className={styles.fullScreenHeader}>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={onClose}>
            {t('formRuntime.back')}
          </Button>
          <span className={styles.fullScreenTitle}>{title}</span>
          {buttons}
        </div>
        <div className={styles.fullScreenBody}>
          <div className={styles.fullScreenSheet} style={{ width: widthOf(form.fullScreenWidth, '100%') }}>
            {body}
          </div>
        </div>
      </div>
    );
  if (popupType === 'drawer')
    return (
      <Drawer
        open
        title={title}
        size={mobile ? '100%' : widthOf(form.drawerWidth, '600px')}
        onClose={onClose}
        footer={buttons}
        mask={{ closable: false }}
        destroyOnHidden
        data-testid="online-form-dialog"
      >
        {body}
      </Drawer>
    );
  return (
    <Modal
      open
      title={title}
      width={widthOf(form.generalWidth, '600px')}
      onCancel={onClose}
      footer={buttons}
      mask={{ closable: false }}
      destroyOnHidden
      data-testid="online-form-dialog"
    >
      {body}
    </Modal>
  );
}
