import { ResultCode } from '@atrium/shared';
import { isShownOnWeb, type FormField, type FormJson } from '@atrium/shared/forms';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../api/request.ts';
import { recordErrors } from '../../../api/visualdev.ts';
import { useRecordSource } from './record-source.ts';
import { feedback } from '../../../app/feedback.ts';
import {
  createFormRuntime,
  formContextOf,
  FormRenderer,
  isPermitted,
  serverErrorsToPaths,
  submitForm,
  type FormRuntime,
  type Values,
} from '../../../components/form-runtime/index.ts';
import { useSessionStore } from '../../../stores/session.ts';
import { fieldsByKey, type OnlineModel } from './model.ts';
import styles from './online-form.module.css';

/**
 * Editable rows (list type 4): a row's editable cells turn into the form's own widgets, bound to
 * one form store holding the whole record as GET /{id} answered it. Saving validates the whole
 * record with the form's rules and PUTs it with the version it was read at, as the dialog does.
 */

/** Kinds the server fills or computes, and shown attributes of another record: not edited in a cell. */
const READ_ONLY_KINDS: ReadonlySet<string> = new Set([
  'createUser',
  'createTime',
  'modifyUser',
  'modifyTime',
  'currOrganize',
  'currDept',
  'currPosition',
  'billRule',
  'calculate',
  'relationFormAttr',
  'popupAttr',
  'table',
]);

/** The main-table fields of the list's columns that a cell may edit, by column prop. */
export function editableFields(model: OnlineModel, granted: ReadonlySet<string> | undefined): Map<string, FormField> {
  const fields = fieldsByKey(model.form);
  const out = new Map<string, FormField>();
  for (const column of model.list.columnList) {
    const field = fields.get(column.prop);
    // A sub-table column (`table-field`) is one cell of many rows: it is edited in the record's form.
    if (!field || column.prop.includes('-') || field.__vModel__ !== column.prop) continue;
    if (READ_ONLY_KINDS.has(field.__config__.jnpfKey) || field.disabled === true || field.readonly === true) continue;
    if (!isShownOnWeb(field) || !isPermitted(column.prop, granted)) continue;
    out.set(column.prop, field);
  }
  return out;
}

const parseValues = (text: string): Values => {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Values) : {};
  } catch {
    return {};
  }
};

export interface InlineEditing {
  id: string;
  version: number;
  runtime: FormRuntime;
}

/** The row being edited in place, with starting, saving and leaving it. */
export function useInlineEdit(model: OnlineModel, granted: ReadonlySet<string> | undefined, onSaved: () => void) {
  const { t, i18n } = useTranslation();
  const user = useSessionStore((s) => s.userInfo);
  const source = useRecordSource();
  const [editing, setEditing] = useState<InlineEditing | null>(null);
  const [saving, setSaving] = useState(false);

  const start = useCallback(
    async (id: string) => {
      try {
        const record = await source.info(model.id, id);
        const runtime = createFormRuntime(model.form, formContextOf(user, i18n.language), {
          values: parseValues(record.data),
          granted,
        });
        setEditing({ id, version: record.version, runtime });
        return true;
      } catch {
        // the request wrapper showed why (a record deleted meanwhile cannot be edited)
        return false;
      }
    },
    [model.id, model.form, user, i18n.language, granted, source],
  );

  const cancel = useCallback(() => setEditing(null), []);

  const save = useCallback(async () => {
    if (!editing) return;
    const { values, errors } = submitForm(editing.runtime);
    if (!values) {
      // A field outside the row's cells may be the one at fault: name it, the cell shows the others.
      const first = errors[0];
      feedback().message.error(first ? `${first.label}: ${first.message}` : t('onlineForm.fixErrors'));
      return;
    }
    setSaving(true);
    try {
      const res = await source.update(model.id, editing.id, values, editing.version);
      void feedback().message.success(res.msg && res.msg !== 'Success' ? res.msg : t('admin.saved'));
      setEditing(null);
      onSaved();
    } catch (error) {
      if (error instanceof RequestError && error.code === ResultCode.conflict) {
        // Someone else saved the record first: their values come in, the row stays open to redo the change.
        void feedback().message.warning(t('onlineForm.rowConflict'));
        await start(editing.id);
        return;
      }
      const problems = recordErrors(error);
      if (problems) editing.runtime.store.setErrors(serverErrorsToPaths(editing.runtime, problems));
    } finally {
      setSaving(false);
    }
  }, [editing, model.id, onSaved, start, t, source]);

  return { editing, saving, start, cancel, save };
}

interface CellProps {
  field: FormField;
  form: FormJson;
  editing: InlineEditing;
  granted?: ReadonlySet<string>;
}

/** One editable cell: the field's widget without its label, bound to the row's form store. */
export function InlineCell({ field, form, editing, granted }: CellProps) {
  const cellForm = useMemo<FormJson>(
    () => ({
      ...form,
      labelPosition: 'top',
      fields: [{ ...field, __config__: { ...field.__config__, showLabel: false, span: 24 } }],
    }),
    [form, field],
  );
  return (
    <div className={styles.inlineCell} data-testid="online-inline-cell">
      <FormRenderer
        form={cellForm}
        model={editing.runtime.model}
        store={editing.runtime.store}
        granted={granted}
        formContext={editing.runtime.formContext}
        formInfo={{ recordId: editing.id }}
      />
    </div>
  );
}
