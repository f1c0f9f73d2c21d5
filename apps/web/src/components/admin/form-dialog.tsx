import { ResultCode } from '@atrium/shared';
import { Alert, Form, Grid, Modal, Spin, type FormInstance } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../api/request.ts';
import { feedback } from '../../app/feedback.ts';
import styles from './admin.module.css';

/** A record as the detail call returns it: the form values plus the optimistic-locking version. */
export type Versioned<V> = V & { version?: number };

export interface FormDialogProps<V extends object> {
  open: boolean;
  title: ReactNode;
  /** Loads the record being edited (its detail call); leave out when creating. */
  load?: () => Promise<Versioned<V>>;
  /** Values of a new record (or fixed values such as the parent), applied after `load`. */
  initialValues?: Partial<V>;
  /** Saves the values; `version` is the one the detail call returned (undefined when creating). */
  submit: (values: V, version: number | undefined) => Promise<{ msg?: string }>;
  onClose: () => void;
  /** Called after a successful save, before the dialog closes. */
  onSaved: () => void;
  /** The form items; the function form gets the form instance for dependent fields. */
  children: ReactNode | ((form: FormInstance<V>) => ReactNode);
  width?: number;
  labelWidth?: number;
}

/** The form's values, or undefined when a field is invalid (the form already shows why). */
export async function validValues<V>(form: FormInstance<V>): Promise<V | undefined> {
  try {
    return await form.validateFields();
  } catch {
    return undefined;
  }
}

/** True when a failed call was refused because the record changed since it was read. */
export function isConflict(error: unknown): boolean {
  return error instanceof RequestError && error.code === ResultCode.conflict;
}

/**
 * Create/edit dialog of a management screen: loads the detail, submits the values with the
 * `version` it read, and on a 409 (someone else saved first) says so and loads the latest record
 * into the form so the user can apply the change again without losing the other person's edit.
 */
export function FormDialog<V extends object>({
  open,
  title,
  load,
  initialValues,
  submit,
  onClose,
  onSaved,
  children,
  width = 600,
  labelWidth = 120,
}: FormDialogProps<V>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>();
  // Phones stack labels above the inputs so the inputs keep the dialog's width.
  const mobile = Grid.useBreakpoint().md === false;
  const version = useRef<number | undefined>(undefined);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState(false);
  const loadRef = useRef(load);
  loadRef.current = load;
  const initialRef = useRef(initialValues);
  initialRef.current = initialValues;

  async function reload(): Promise<boolean> {
    const loader = loadRef.current;
    if (!loader) return true;
    setLoading(true);
    try {
      const record = await loader();
      version.current = record.version;
      form.setFieldsValue(record as Parameters<typeof form.setFieldsValue>[0]);
      return true;
    } catch {
      return false;
    } finally {
      setLoading(false);
    }
  }

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    version.current = undefined;
    setConflict(false);
    if (initialRef.current) form.setFieldsValue(initialRef.current as Parameters<typeof form.setFieldsValue>[0]);
    void reload().then((ok) => {
      // A record that cannot be read (deleted meanwhile) cannot be edited: the wrapper said why.
      if (!ok) onClose();
    });
    // Runs once per opening; `load` changes identity on every render of the caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  async function onOk() {
    const values = await validValues(form);
    if (!values) return;
    setSaving(true);
    try {
      const res = await submit(values, version.current);
      void feedback().message.success(res.msg && res.msg !== 'Success' ? res.msg : t('admin.saved'));
      onSaved();
      onClose();
    } catch (error) {
      if (isConflict(error)) {
        setConflict(true);
        await reload();
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      forceRender
      mask={{ closable: false }}
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ disabled: loading }}
      onOk={onOk}
      onCancel={onClose}
    >
      {conflict && (
        <Alert
          className={styles.conflict}
          type="warning"
          showIcon
          title={t('admin.conflict')}
          data-testid="admin-conflict"
        />
      )}
      <Spin spinning={loading}>
        <Form<V>
          className={styles.dialogForm}
          form={form}
          layout={mobile ? 'vertical' : 'horizontal'}
          labelCol={mobile ? undefined : { flex: `${labelWidth}px` }}
          labelWrap
          wrapperCol={mobile ? undefined : { flex: 1 }}
          colon={false}
        >
          {/* Fields mount only while open: their pickers load options only when needed. */}
          {open && (typeof children === 'function' ? children(form) : children)}
        </Form>
      </Spin>
    </Modal>
  );
}
