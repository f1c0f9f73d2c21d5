import type { FormField } from '@atrium/shared/forms';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { AutoComplete, Input, Popover, Table, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { SELECT_PAGE_SIZE, SelectDialog } from '../select-dialog/index.ts';
import { useFormField, type FormStore } from '../form-runtime/store.ts';
import { useRenderContext } from '../form-runtime/context.tsx';
import type { Row } from './picker-api.ts';
import { PickerField } from './picker-field.tsx';
import { valueList, type PickedItem } from './picker-values.ts';
import { cellText, interfaceSource, modelSource, rememberRows, rememberedRow, type RowSource } from './popup-source.ts';
import type { PickerWidgetProps } from './user-select.tsx';

const pxWidth = (v: unknown, fallback: number) => {
  const n = typeof v === 'number' ? v : Number.parseInt(String(v ?? ''), 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

/** The select-data dialog is 800 px wide, or 1000 px when the field asks for it (popupWidth). */
export const popupDialogWidth = (v: unknown): 800 | 1000 => (pxWidth(v, 800) === 1000 ? 1000 : 800);

const NO_SUBSCRIPTION = () => () => {};

/**
 * A relation or popup field's chosen keys and shown texts. In a form the key is kept at
 * `<path>_id` and the text at `<path>`; a record from before (no `<path>_id`) holds the key at
 * `<path>`. Outside a form the value is the key.
 */
function useChosen(store: FormStore | undefined, path: string | undefined, value: unknown) {
  const idPath = store && path ? `${path}_id` : '';
  const subscribe = useCallback(
    (listener: () => void) => (idPath ? store!.subscribe(idPath, listener) : NO_SUBSCRIPTION()),
    [store, idPath],
  );
  const idValue = useSyncExternalStore(subscribe, () => (idPath ? store!.read(idPath) : undefined));
  const withId = idPath !== '' && idValue !== undefined;
  return {
    ids: valueList(withId ? idValue : value),
    texts: withId ? valueList(value) : [],
    /** Writes the keys (and, in a form, the texts beside them). */
    write(keys: readonly string[], texts: readonly string[], multiple: boolean, onChange: (v: unknown) => void) {
      if (!idPath) return onChange(multiple ? [...keys] : (keys[0] ?? null));
      store!.setValue(idPath, multiple ? [...keys] : (keys[0] ?? null), 'silent');
      onChange(multiple ? [...texts] : (texts[0] ?? null));
    },
  };
}

/** The rows behind stored keys, remembered ones first, the rest from the source. */
function useRows(source: RowSource | null, ids: readonly string[]) {
  const missing = source ? ids.filter((id) => !rememberedRow(source, id)) : [];
  const { data } = useQuery({
    queryKey: ['pickers', 'rows', source?.key, missing],
    queryFn: async () => {
      const rows = await source!.byIds(missing);
      rememberRows(source!, rows);
      return rows;
    },
    enabled: !!source && missing.length > 0,
    staleTime: 60_000,
  });
  return ids.map((id) =>
    source ? (rememberedRow(source, id) ?? data?.find((r) => String(r[source.valueField]) === id)) : undefined,
  );
}

function Misconfigured({ field }: { field: FormField }) {
  const { t } = useTranslation();
  return (
    <Typography.Text type="danger">
      {t('pickers.notConfigured', { label: field.__config__?.label ?? '' })}
    </Typography.Text>
  );
}

/**
 * The popupSelect and relationForm kinds: the picked row's text, opening the select-data popup
 * (dialog or drawer by popupType) with a radio table, an index column, keyword search, reset,
 * refresh and pages of pageSize (or everything without paging). In a form the row's key is stored
 * at `<field>_id` and its shown text at `<field>`; outside one the value is the key.
 */
export function PopupSelect({ field, value, onChange, disabled, readOnly, id, store: form, path }: PickerWidgetProps) {
  const { t } = useTranslation();
  const source = useMemo(
    () => (field.__config__?.jnpfKey === 'relationForm' ? modelSource(field) : interfaceSource(field)),
    [field],
  );
  const [open, setOpen] = useState(false);
  const multiple = !!field.multiple;
  const chosen = useChosen(form, path, value);
  const ids = chosen.ids;
  const rows = useRows(source, ids);
  if (!source) return <Misconfigured field={field} />;
  const items: PickedItem[] = ids.map((key, i) => ({
    id: key,
    fullName: cellText(rows[i], source.labelField) || chosen.texts[i] || key,
  }));
  const textOf = (key: string) => items.find((i) => i.id === key)?.fullName ?? key;
  const store = (picked: readonly Row[]) => {
    rememberRows(source, picked);
    const keys = picked.map((r) => String(r[source.valueField]));
    chosen.write(
      keys,
      picked.map((r) => cellText(r, source.labelField) || String(r[source.valueField])),
      multiple,
      onChange,
    );
  };
  const remove = (key: string) => {
    const rest = multiple ? ids.filter((x) => x !== key) : [];
    chosen.write(rest, rest.map(textOf), multiple, onChange);
  };
  return (
    <>
      <PickerField
        id={id}
        items={items}
        placeholder={field.placeholder || t('pickers.placeholder')}
        disabled={disabled}
        readOnly={readOnly}
        clearable={field.clearable !== false}
        onOpen={() => setOpen(true)}
        onRemove={remove}
        onClear={() => chosen.write([], [], multiple, onChange)}
        data-testid={`picker-${field.__vModel__ ?? 'popup'}`}
      />
      <SelectDialog<Row>
        open={open}
        title={typeof field.popupTitle === 'string' && field.popupTitle ? field.popupTitle : t('pickers.popupTitle')}
        container={field.popupType === 'drawer' ? 'drawer' : 'dialog'}
        width={popupDialogWidth(field.popupWidth)}
        index
        multiple={multiple}
        paging={field.hasPage !== false}
        pageSize={pxWidth(field.pageSize, SELECT_PAGE_SIZE)}
        keywordPlaceholder={t('pickers.keywordPlaceholder')}
        rowKey={(row) => String(row[source.valueField])}
        value={ids.map((key, i) => rows[i] ?? { [source.valueField]: key, [source.labelField]: items[i]!.fullName })}
        columns={source.columns.map((c) => ({ key: c.value, dataIndex: c.value, title: c.label }))}
        fetchRecords={source.page}
        onConfirm={(picked) => {
          store(picked);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
        data-testid={`popup-${field.__vModel__ ?? 'select'}`}
      />
    </>
  );
}

/**
 * The popupTableSelect kind: a popover under the field with an optional keyword filter and a
 * 700-wide, 300-high table; clicking a row picks it (multiple mode keeps adding).
 */
export function PopoverTableSelect({
  field,
  value,
  onChange,
  disabled,
  readOnly,
  id,
  store: form,
  path,
}: PickerWidgetProps) {
  const { t } = useTranslation();
  const source = useMemo(() => interfaceSource(field), [field]);
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const multiple = !!field.multiple;
  const chosen = useChosen(form, path, value);
  const ids = chosen.ids;
  const rows = useRows(source, ids);
  const pageSize = field.hasPage ? pxWidth(field.pageSize, SELECT_PAGE_SIZE) : 10000;
  const list = useQuery({
    queryKey: ['pickers', 'popover', source?.key, keyword, page, pageSize],
    queryFn: () => source!.page({ keyword, currentPage: page, pageSize }),
    enabled: open && !!source,
    placeholderData: keepPreviousData,
  });
  if (!source) return <Misconfigured field={field} />;
  const items: PickedItem[] = ids.map((key, i) => ({
    id: key,
    fullName: cellText(rows[i], source.labelField) || chosen.texts[i] || key,
  }));
  const textOf = (key: string) => items.find((i) => i.id === key)?.fullName ?? key;
  const pick = (row: Row) => {
    rememberRows(source, [row]);
    const key = String(row[source.valueField]);
    const text = cellText(row, source.labelField) || key;
    if (!multiple) {
      chosen.write([key], [text], false, onChange);
      setOpen(false);
    } else if (!ids.includes(key)) chosen.write([...ids, key], [...ids.map(textOf), text], true, onChange);
  };
  const remove = (key: string) => {
    const rest = multiple ? ids.filter((x) => x !== key) : [];
    chosen.write(rest, rest.map(textOf), multiple, onChange);
  };
  const content = (
    <div style={{ width: 'min(700px, calc(100vw - 32px))' }} data-testid={`popover-${field.__vModel__ ?? 'table'}`}>
      <Input.Search
        allowClear
        size="small"
        placeholder={t('pickers.keywordPlaceholder')}
        onSearch={(k) => {
          setKeyword(k.trim());
          setPage(1);
        }}
        style={{ marginBottom: 8 }}
      />
      <Table<Row>
        size="small"
        rowKey={(r) => String(r[source.valueField])}
        columns={source.columns.map((c) => ({ key: c.value, dataIndex: c.value, title: c.label }))}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={{ y: 300, x: 'max-content' }}
        rowClassName={(r) => (ids.includes(String(r[source.valueField])) ? 'ant-table-row-selected' : '')}
        onRow={(r) => ({ onClick: () => pick(r), style: { cursor: 'pointer' } })}
        pagination={
          field.hasPage
            ? {
                current: page,
                pageSize,
                total: list.data?.total ?? 0,
                size: 'small',
                onChange: setPage,
                showSizeChanger: false,
                // At most 5 page buttons (first, last and the pages beside the current one).
                showLessItems: true,
              }
            : false
        }
      />
    </div>
  );
  const fieldBox = (
    <PickerField
      id={id}
      items={items}
      placeholder={field.placeholder || t('pickers.placeholder')}
      disabled={disabled}
      readOnly={readOnly}
      clearable={field.clearable !== false}
      onOpen={() => setOpen(true)}
      onRemove={remove}
      onClear={() => chosen.write([], [], multiple, onChange)}
      data-testid={`picker-${field.__vModel__ ?? 'popover'}`}
    />
  );
  if (readOnly || disabled) return fieldBox;
  return (
    <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomLeft" content={content}>
      <div>{fieldBox}</div>
    </Popover>
  );
}

/**
 * The autoComplete kind: free text with suggestions from the data interface as the user types
 * (at most `total` of them); the stored value is the text.
 */
export function AutoCompleteInput({ field, value, onChange, disabled, readOnly, id }: PickerWidgetProps) {
  const source = useMemo(() => interfaceSource(field), [field]);
  const [keyword, setKeyword] = useState('');
  // Suggestions are asked for once the user works in the field, not for every form that shows it.
  const [used, setUsed] = useState(false);
  const total = pxWidth(field.total, 50);
  const { data } = useQuery({
    queryKey: ['pickers', 'suggest', source?.key, keyword, total],
    queryFn: () => source!.page({ keyword, currentPage: 1, pageSize: total }),
    enabled: used && !!source && !readOnly && !disabled,
    placeholderData: keepPreviousData,
  });
  const text = typeof value === 'string' ? value : '';
  if (readOnly) return <span>{text}</span>;
  if (!source) return <Misconfigured field={field} />;
  const options = [...new Set((data?.list ?? []).map((r) => cellText(r, source.labelField)).filter(Boolean))].map(
    (v) => ({
      value: v,
    }),
  );
  return (
    <AutoComplete
      id={id}
      value={text}
      options={options}
      disabled={disabled}
      allowClear={field.clearable !== false}
      placeholder={field.placeholder}
      style={{ width: '100%' }}
      onFocus={() => setUsed(true)}
      onSearch={(k) => {
        setUsed(true);
        setKeyword(k);
      }}
      onChange={(v) => onChange(v ?? '')}
      data-testid={`picker-${field.__vModel__ ?? 'autocomplete'}`}
    />
  );
}

/**
 * The relationFormAttr and popupAttr kinds: another column of the row picked in the related field
 * (relationField names it, showField the column). With isStorage 2 the shown text is also the
 * field's own saved value; with 1 it is only displayed.
 */
export function RelationAttr({ field, value, onChange }: PickerWidgetProps) {
  const { model, store } = useRenderContext();
  const relatedKey = typeof field.relationField === 'string' ? field.relationField : '';
  const related = model.entries.get(relatedKey)?.field;
  const source = useMemo(
    () =>
      related
        ? related.__config__?.jnpfKey === 'relationForm'
          ? modelSource(related)
          : interfaceSource(related)
        : null,
    [related],
  );
  const relatedValue = useFormField(store, relatedKey).value;
  // The related pick's key: `<field>_id`, or the field itself in a record from before.
  const key = useChosen(store, relatedKey, relatedValue).ids[0];
  const [row] = useRows(source, key ? [key] : []);
  const shown = key ? cellText(row, typeof field.showField === 'string' ? field.showField : '') : '';
  const saved = field.__config__?.isStorage === 2;
  // A saved attribute follows the related pick; an unchanged one is not written again.
  useEffect(() => {
    if (saved && row && shown !== (value ?? '')) onChange(shown);
  }, [saved, row, shown, value, onChange]);
  return (
    <span data-testid={`attr-${field.__vModel__ ?? 'relation'}`}>
      {shown || (saved && typeof value === 'string' ? value : '')}
    </span>
  );
}
