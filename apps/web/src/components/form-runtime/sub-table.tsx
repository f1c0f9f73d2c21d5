import { tableSummary, type FormField } from '@atrium/shared/forms';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { memo, useCallback, useEffect, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { widgetFor } from './adapter.tsx';
import { FieldSuspense, fieldId, useRenderContext } from './context.tsx';
import { countRender } from './render-probe.ts';
import { cellPath, useFormField, useRows, useTableVersion, type FormStore } from './store.ts';
import { subTableCell } from './sub-table-cell.ts';
import styles from './form-runtime.module.css';

/** Rows beyond this count are windowed: only those in view (plus a margin) are mounted. */
export const WINDOW_THRESHOLD = 30;
/** The height the window assumes per row; taller rows (a message under a cell) only shift it a little. */
export const ROW_HEIGHT = 52;
const VIEW_HEIGHT = 520;
const OVERSCAN = 6;

const Cell = memo(function Cell({ table, rowId, field }: { table: string; rowId: string; field: FormField }) {
  countRender();
  const ctx = useRenderContext();
  const { store, onEvent } = ctx;
  const column = field.__vModel__!;
  const path = cellPath(table, rowId, column);
  const { error } = useFormField(store, path);
  const Widget = widgetFor(field.__config__.jnpfKey);
  const onChange = useCallback(
    (next: unknown) => {
      store.setValue(path, next);
      // a row being added fills its defaults without running the change handlers
      if (!store.isAddingRow(rowId)) onEvent?.(field, 'change', next, path);
    },
    [store, path, rowId, field, onEvent],
  );
  const onBlur = useCallback(() => {
    store.validatePath(path, 'blur');
    onEvent?.(field, 'blur', store.read(path), path);
  }, [store, path, field, onEvent]);
  const cell = subTableCell({ store, table, rowId, field, lang: ctx.model.lang, error, onChange, onBlur });
  return (
    <div data-cell={path} data-valid={cell.valid} data-reg-valid={cell.regValid}>
      <FieldSuspense>
        <Widget
          field={field}
          value={cell.value}
          onChange={cell.onChange}
          onBlur={cell.onBlur}
          disabled={ctx.disabled || field.disabled === true || field.readonly === true}
          readOnly={ctx.readOnly}
          id={fieldId(path)}
          path={path}
          store={store}
          formInfo={ctx.formInfo}
        />
      </FieldSuspense>
      {error && (
        <div className={styles.fieldError} role="alert">
          {error}
        </div>
      )}
    </div>
  );
});

/** Placed after a row's cells: once they (and their widgets) have mounted, the row is added. */
function RowAdded({ store, rowId }: { store: FormStore; rowId: string }) {
  useEffect(() => store.rowAdded(rowId), [store, rowId]);
  return null;
}

/** The 合计 row: re-renders when any cell of the table changes, and only then. */
function SummaryRow({ field, columns }: { field: FormField; columns: FormField[] }) {
  const { store, model } = useRenderContext();
  const table = field.__vModel__!;
  useTableVersion(store, table);
  const summary = tableSummary(
    field,
    store.rows(table).map((r) => r.values),
    model.lang,
  );
  if (!summary) return null;
  return (
    <div className={`${styles.subTableRow} ${styles.subTableSummary}`} data-testid={`summary-${table}`}>
      <div>{summary.label}</div>
      {columns.map((c) => (
        <div key={c.__vModel__} data-summary={c.__vModel__}>
          {summary.values[c.__vModel__!] ?? ''}
        </div>
      ))}
      <div />
    </div>
  );
}

/**
 * A sub-table: columns from the table's children, rows keyed by stable ids, one subscription per
 * cell, a message under an invalid cell, the summary row, and rows windowed when there are many.
 */
export function SubTable({ field }: { field: FormField }) {
  const { t } = useTranslation();
  const ctx = useRenderContext();
  const { model, store, readOnly, disabled } = ctx;
  const table = field.__vModel__!;
  const rows = useRows(store, table);
  const [scrollTop, setScrollTop] = useState(0);
  const columns = (model.tables.get(table) ?? [])
    .filter((c) => model.shown(`${table}-${c}`))
    .map((c) => model.entries.get(`${table}-${c}`)!.field);
  const editable = !readOnly && !disabled;
  const template = [
    '48px',
    ...columns.map((c) => {
      const width = (c.__config__.columnWidth ?? c.width) as number | string | undefined;
      return width ? (typeof width === 'number' ? `${width}px` : width) : 'minmax(160px, 1fr)';
    }),
    editable ? '64px' : '0px',
  ].join(' ');
  const windowed = rows.length > WINDOW_THRESHOLD;
  const first = windowed ? Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN) : 0;
  const last = windowed
    ? Math.min(rows.length, Math.ceil((scrollTop + VIEW_HEIGHT) / ROW_HEIGHT) + OVERSCAN)
    : rows.length;
  const spacer = (height: number): CSSProperties => ({ gridColumn: '1 / -1', height, padding: 0, border: 0 });
  const label = field.__config__.label;
  return (
    <div className={styles.subTable} data-testid={`sub-table-${table}`} style={{ marginBottom: 16 }}>
      {field.showTitle !== false && label && <div className={styles.subTableTitle}>{label}</div>}
      <div
        className={styles.subTableScroll}
        style={windowed ? { maxHeight: VIEW_HEIGHT } : undefined}
        onScroll={windowed ? (e) => setScrollTop(e.currentTarget.scrollTop) : undefined}
      >
        <div className={styles.subTableGrid} style={{ gridTemplateColumns: template }} role="table">
          <div className={styles.subTableHead} role="row">
            <div>#</div>
            {columns.map((c) => (
              <div key={c.__vModel__} className={c.__config__.required ? styles.required : undefined}>
                {c.__config__.label}
              </div>
            ))}
            <div>{editable ? t('formRuntime.actions') : ''}</div>
          </div>
          {first > 0 && <div style={spacer(first * ROW_HEIGHT)} />}
          {rows.slice(first, last).map((row, i) => (
            <div key={row.id} className={styles.subTableRow} role="row" data-row={row.id}>
              <div>{first + i + 1}</div>
              {columns.map((c) => (
                <div key={c.__vModel__}>
                  <Cell table={table} rowId={row.id} field={c} />
                </div>
              ))}
              <div>
                {/* The browser's own tooltip: an antd Tooltip on each of the mounted rows cost
                    more to mount than the row's remove button itself. */}
                {editable && (
                  <Button
                    type="text"
                    danger
                    size="small"
                    icon={<DeleteOutlined />}
                    title={t('formRuntime.removeRow')}
                    aria-label={t('formRuntime.removeRow')}
                    onClick={() => store.removeRow(table, row.id)}
                  />
                )}
              </div>
              <RowAdded store={store} rowId={row.id} />
            </div>
          ))}
          {last < rows.length && <div style={spacer((rows.length - last) * ROW_HEIGHT)} />}
          {rows.length === 0 && (
            <div className={styles.empty} style={{ gridColumn: '1 / -1' }}>
              {t('formRuntime.noData')}
            </div>
          )}
          {rows.length > 0 && <SummaryRow field={field} columns={columns} />}
        </div>
      </div>
      {editable && (
        <div className={styles.subTableActions}>
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => store.addRow(table, model.rowDefaults(table, ctx.formContext))}
          >
            {(field.actionText as string | undefined) || t('formRuntime.addRow')}
          </Button>
        </div>
      )}
    </div>
  );
}
