import type { FormField } from '@atrium/shared/forms';
import { Button, Descriptions, Modal, Spin, Typography } from 'antd';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PopupSelect, RelationAttr } from '../../pickers/popup-select.tsx';
import { cellText, interfaceSource } from '../../pickers/popup-source.ts';
import { valueList } from '../../pickers/picker-values.ts';
import { useRenderContext } from '../context.tsx';
import { useDetailOpener } from '../detail-context.ts';
import { loadDisplayRecord } from '../related-records.ts';
import { loadRelationData, useRelationStore } from '../relation-state.ts';
import { useFieldValue, type FormStore, type Values } from '../store.ts';
import styles from '../form-runtime.module.css';
import { prop, type WidgetProps } from './types.ts';

const NO_STORE_PATH = '\u0000';

/** A picked related record: the text shown for it and, when the record says, its key. */
interface Picked {
  id?: string;
  text: string;
}

const textOf = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/**
 * The records a relation or popup field points at. The key is kept at `<path>_id` and the text at
 * `<path>`; a record from before (no `<path>_id`) holds the key at `<path>`. A detail view's text
 * of several picks may come joined by commas. A text without a key is shown, but opens nothing.
 */
function usePicked(store: FormStore, path: string | undefined, value: unknown): Picked[] {
  const idValue = useFieldValue(store, path ? `${path}_id` : NO_STORE_PATH);
  if (idValue === undefined) return valueList(value).map((id) => ({ id, text: id }));
  const ids = valueList(idValue);
  let texts = (Array.isArray(value) ? value.map(textOf) : [textOf(value)]).filter(Boolean);
  if (ids.length > 1 && texts.length === 1) texts = texts[0]!.split(',');
  if (!ids.length) return texts.map((text) => ({ text }));
  return ids.map((id, i) => ({ id, text: texts[i] || id }));
}

/** Where a relation or popup field's records are read as people read them, and their cache key. */
interface RelationSource {
  key: string;
  load: (id: string) => Promise<Values>;
}

function relationSource(field: FormField | undefined): RelationSource | null {
  if (!field) return null;
  if (field.__config__?.jnpfKey === 'relationForm') {
    const modelId = typeof field.modelId === 'string' ? field.modelId : '';
    return modelId ? { key: `model:${modelId}`, load: (id) => loadDisplayRecord(modelId, id) } : null;
  }
  const source = interfaceSource(field);
  return source ? { key: source.key, load: async (id) => (await source.byIds([id]))[0] ?? {} } : null;
}

/**
 * The related record behind a relation or popup field (read each time a view shows it; fields of
 * the same record share the read). While it loads `loading` is true; a failed read is an empty
 * record.
 */
function useRelationRecord(field: FormField | undefined, id: string | undefined) {
  const source = useMemo(() => relationSource(field), [field]);
  const key = source && id ? `${source.key}#${id}` : null;
  const data = useRelationStore((s) => (key ? s.relationData[key] : undefined));
  const [done, setDone] = useState<string | null>(null);
  useEffect(() => {
    if (!key || !source || !id) return;
    let live = true;
    void loadRelationData(key, () => source.load(id)).then(() => live && setDone(key));
    return () => {
      live = false;
    };
  }, [key, source, id]);
  return { data: key ? data : undefined, loading: !!key && done !== key };
}

/**
 * The picked records' texts, each a link that opens its record when it has a key. Read-only views
 * show it as text; a disabled field in a form shows it in a disabled box.
 */
function RelationText({
  picked,
  readOnly,
  onOpen,
  id,
  testId,
}: {
  picked: Picked[];
  readOnly: boolean;
  onOpen: (id: string) => void;
  id: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <div id={id} className={readOnly ? styles.readOnly : styles.relationDisabled} data-testid={testId}>
      {picked.length
        ? picked.map((p, i) => (
            <Fragment key={p.id ?? `text-${i}`}>
              {i > 0 && ', '}
              {p.id ? (
                <Typography.Link title={t('formRuntime.viewRelated')} onClick={() => onOpen(p.id!)}>
                  {p.text}
                </Typography.Link>
              ) : (
                p.text
              )}
            </Fragment>
          ))
        : '\u00a0'}
    </div>
  );
}

/**
 * The relationForm kind. Editable, the select-data popup over the related form's records; read-only
 * (a detail view) or disabled, the picked record's text, a link to its detail where the view or
 * form around it opens related records (RelatedDetailProvider: in its mode, with its loading flag).
 */
export function RelationFormField(props: WidgetProps) {
  const { field, value, disabled, readOnly, store, path, id } = props;
  const opener = useDetailOpener();
  const picked = usePicked(store, path, value);
  if (!readOnly && !disabled) return <PopupSelect {...props} />;
  const modelId = prop(field, 'modelId', '');
  return (
    <RelationText
      picked={opener ? picked : picked.map((p) => ({ text: p.text }))}
      readOnly={readOnly}
      onOpen={(recordId) => opener?.(modelId, recordId)}
      id={id}
      testId={`relation-${field.__vModel__ ?? 'form'}`}
    />
  );
}

/** The columns a popup select shows of a row: its column options, or the shown field alone. */
function columnsOf(field: FormField): { value: string; label: string }[] {
  const raw = Array.isArray(field.columnOptions) ? (field.columnOptions as { value?: unknown; label?: unknown }[]) : [];
  const columns = raw
    .filter((c) => typeof c?.value === 'string' && c.value)
    .map((c) => ({
      value: c.value as string,
      label: typeof c.label === 'string' && c.label ? c.label : String(c.value),
    }));
  if (columns.length) return columns;
  const shown = prop(field, 'relationField', 'fullName');
  return [{ value: shown, label: field.__config__?.label || shown }];
}

/** The read-only detail of the row a popup select picked: its columns, in a dialog titled 详情. */
export function PopupRecordDetail({
  field,
  recordId,
  onClose,
}: {
  field: FormField;
  recordId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { data, loading } = useRelationRecord(field, recordId);
  const columns = useMemo(() => columnsOf(field), [field]);
  return (
    <Modal
      open
      title={t('formRuntime.detail')}
      width={600}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('formRuntime.cancel')}</Button>}
      destroyOnHidden
      data-testid={`popup-detail-${field.__vModel__ ?? 'select'}`}
    >
      <Spin spinning={loading}>
        <Descriptions
          bordered
          size="small"
          column={1}
          items={columns.map((c) => ({ key: c.value, label: c.label, children: cellText(data, c.value) }))}
        />
      </Spin>
    </Modal>
  );
}

/**
 * The popupSelect kind. Editable, the select-data popup over the data interface; read-only or
 * disabled, the picked rows' texts, each opening a read-only detail of its row.
 */
export function PopupSelectField(props: WidgetProps) {
  const { field, value, disabled, readOnly, store, path, id } = props;
  const [viewing, setViewing] = useState<string | null>(null);
  const picked = usePicked(store, path, value);
  if (!readOnly && !disabled) return <PopupSelect {...props} />;
  return (
    <>
      <RelationText
        picked={picked}
        readOnly={readOnly}
        onOpen={setViewing}
        id={id}
        testId={`relation-${field.__vModel__ ?? 'select'}`}
      />
      {viewing && <PopupRecordDetail field={field} recordId={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

/**
 * The relationFormAttr and popupAttr kinds. In a form, the picker's attribute (it follows the pick
 * and, with isStorage 2, is saved). In a read-only view, the column of the related record as people
 * read it, or the saved text when the attribute was saved; a record that cannot be read shows
 * nothing.
 */
export function RelationAttrField(props: WidgetProps) {
  const { field, value, readOnly, store, id } = props;
  const { model } = useRenderContext();
  const relatedKey = prop(field, 'relationField', '');
  const related = model.entries.get(relatedKey)?.field;
  const relatedValue = useFieldValue(store, relatedKey || NO_STORE_PATH);
  const picked = usePicked(store, relatedKey || undefined, relatedValue);
  const saved = field.__config__?.isStorage === 2 && typeof value === 'string' && value !== '' ? value : '';
  const { data } = useRelationRecord(readOnly ? related : undefined, readOnly && !saved ? picked[0]?.id : undefined);
  if (!readOnly) return <RelationAttr {...props} />;
  return (
    <div id={id} className={styles.readOnly} data-testid={`attr-${field.__vModel__ ?? 'relation'}`}>
      {saved || cellText(data, prop(field, 'showField', '')) || '\u00a0'}
    </div>
  );
}
