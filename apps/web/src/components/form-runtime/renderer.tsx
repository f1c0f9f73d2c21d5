import { isShownOnWeb, type FormContext, type FormField, type FormJson } from '@atrium/shared/forms';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { Card, Col, Collapse, Form, Row, Skeleton, Tabs, Tooltip, theme } from 'antd';
import { FormItemInputContext } from 'antd/es/form/context';
import { Suspense, memo, useCallback } from 'react';
import { STATIC_KINDS, preloadWidgets, widgetFor } from './adapter.tsx';
import {
  FieldSuspense,
  RenderProvider,
  fieldId,
  useRenderContext,
  type FieldEventHandler,
  type RenderContext,
} from './context.tsx';
import { isPermitted, type FormModel } from './model.ts';
import { countRender } from './render-probe.ts';
import { useFieldError, useFieldValue, type FormStore } from './store.ts';
import { SubTable } from './sub-table.tsx';
import styles from './form-runtime.module.css';
import { cx } from '../../utils/class-names.ts';
import type { WidgetProps } from './widgets/types.ts';

const SIZES = {
  large: 'large',
  middle: 'middle',
  medium: 'middle',
  small: 'small',
  mini: 'small',
  default: 'middle',
} as const;

/** Whether a field or container is rendered at all: visibility rules and field grants. */
function rendered(field: FormField, granted: ReadonlySet<string> | undefined, table?: string): boolean {
  if (!isShownOnWeb(field)) return false;
  const v = field.__vModel__;
  return isPermitted(v && (table ? `${table}-${v}` : v), granted);
}

/**
 * One data field, laid out as antd's Form.Item lays one out (its classes, so the form's styles
 * apply), without Form.Item itself: its field store, grid columns, breakpoint hooks and motion
 * cost as much again as the input on a form of hundreds of fields, and this renderer keeps values
 * and messages in its own store. The item subscribes to the field's message only; the widget
 * inside, FieldWidget, to its value only. Typing re-renders the widget and nothing else; a message
 * that comes or goes re-renders the item, whose status reaches antd's inputs through the context
 * Form.Item would set.
 */
export const FieldItem = memo(function FieldItem({ field, path }: { field: FormField; path: string }) {
  countRender();
  const ctx = useRenderContext();
  const { hashId } = ctx;
  const error = useFieldError(ctx.store, path);
  const cfg = field.__config__;
  const key = cfg.jnpfKey;
  const id = fieldId(path);
  const widget = <FieldWidget field={field} path={path} id={id} />;
  if (STATIC_KINDS.has(key) || key === 'groupTitle') return <div data-field={path}>{widget}</div>;
  const { form } = ctx.model;
  const layout = form.labelPosition === 'top' ? 'vertical' : 'horizontal';
  const width = layout === 'horizontal' ? (cfg.labelWidth ?? form.labelWidth ?? 100) : 0;
  const required = !ctx.readOnly && cfg.required === true;
  const label = cfg.showLabel !== false && cfg.label ? cfg.label : undefined;
  return (
    <div
      data-field={path}
      className={cx('ant-form-item', hashId, `ant-form-item-${layout}`, error && 'ant-form-item-has-error')}
    >
      <div className={cx('ant-row ant-form-item-row', hashId)}>
        {label !== undefined && (
          <div
            className={cx(
              'ant-col ant-form-item-label ant-form-item-label-wrap',
              form.labelPosition === 'left' && 'ant-form-item-label-left',
              hashId,
              styles.fieldLabel,
            )}
            style={width ? { flex: `0 0 ${width}px` } : undefined}
          >
            <label
              htmlFor={id}
              title={label}
              className={cx('ant-form-item-no-colon', required && 'ant-form-item-required')}
            >
              {label}
              {cfg.tipLabel && (
                <Tooltip title={cfg.tipLabel}>
                  <span className="ant-form-item-tooltip" tabIndex={-1}>
                    <QuestionCircleOutlined />
                  </span>
                </Tooltip>
              )}
            </label>
          </div>
        )}
        <div className={cx('ant-col ant-form-item-control', hashId)}>
          <div className="ant-form-item-control-input">
            <div className="ant-form-item-control-input-content">
              <FormItemInputContext.Provider value={error ? ERROR_STATUS : ITEM_STATUS}>
                {widget}
              </FormItemInputContext.Provider>
            </div>
          </div>
          {/* The message under the input, in the item's bottom margin as Form.Item's help puts it,
              without its appear and leave motions: those measure each item's height in turn, and
              a submit that shows fifty messages paid a forced layout of the whole form for each. */}
          {error && (
            <div className={styles.fieldMessage} role="alert" id={`${id}_help`}>
              {error}
            </div>
          )}
        </div>
      </div>
    </div>
  );
});

/** What antd's inputs read from a Form.Item: inside one, with or without an error. */
const ITEM_STATUS = { status: '', isFormItemInput: true, hasFeedback: false } as const;
const ERROR_STATUS = { ...ITEM_STATUS, status: 'error' } as const;

/** A field's widget, bound to the field's value. */
const FieldWidget = memo(function FieldWidget({ field, path, id }: { field: FormField; path: string; id: string }) {
  countRender();
  const ctx = useRenderContext();
  const { store, onEvent } = ctx;
  const value = useFieldValue(store, path);
  const key = field.__config__.jnpfKey;
  const Widget = widgetFor(key);
  const onChange = useCallback(
    (next: unknown) => {
      if (key === 'button') return onEvent?.(field, 'click', undefined, path);
      store.setValue(path, next);
      onEvent?.(field, 'change', next, path);
    },
    [store, path, field, key, onEvent],
  );
  const onBlur = useCallback(() => {
    store.validatePath(path, 'blur');
    onEvent?.(field, 'blur', store.read(path), path);
  }, [store, path, field, onEvent]);
  return (
    <FieldSuspense>
      <Widget
        field={field}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        disabled={ctx.disabled || field.disabled === true || field.readonly === true}
        readOnly={ctx.readOnly}
        id={id}
        path={path}
        store={store}
        formInfo={ctx.formInfo}
      />
    </FieldSuspense>
  );
});

/** Lays out a list of fields on the form's grid. */
export function FieldList({ fields }: { fields: readonly FormField[] }) {
  const { model, granted } = useRenderContext();
  const gutter = model.form.gutter ?? 15;
  return (
    <Row gutter={gutter}>
      {fields
        .filter((f) => rendered(f, granted))
        .map((f, i) => (
          <Col
            key={f.__vModel__ ?? `${f.__config__.jnpfKey}-${f.__config__.formId ?? i}`}
            xs={24}
            md={f.__config__.span ?? 24}
          >
            <FieldNode field={f} />
          </Col>
        ))}
    </Row>
  );
}

/** A field or a layout container. */
function FieldNode({ field }: { field: FormField }) {
  const { granted } = useRenderContext();
  const cfg = field.__config__;
  const children = (cfg.children ?? []).filter((c) => rendered(c, granted));
  switch (cfg.jnpfKey) {
    case 'table':
      return <SubTable field={field} />;
    case 'row':
      return <FieldList fields={children} />;
    case 'card':
      return (
        <Card
          size="small"
          title={(field.header as string | undefined) || cfg.label || undefined}
          style={{ marginBottom: 16 }}
        >
          <FieldList fields={children} />
        </Card>
      );
    case 'collapse':
      return (
        <Collapse
          style={{ marginBottom: 16 }}
          accordion={field.accordion === true}
          defaultActiveKey={children.map((_, i) => String(i))}
          items={children.map((item, i) => ({
            key: String(i),
            label: (item.title as string | undefined) ?? item.__config__.label,
            // panels stay mounted so hidden fields keep their subscriptions; validation reads the store anyway
            forceRender: true,
            children: <FieldList fields={item.__config__.children ?? []} />,
          }))}
        />
      );
    case 'tab':
      return (
        <Tabs
          style={{ marginBottom: 16 }}
          type={field.type === 'card' || field.type === 'border-card' ? 'card' : 'line'}
          items={children.map((item, i) => ({
            key: String(i),
            label: (item.title as string | undefined) ?? item.__config__.label,
            children: <FieldList fields={item.__config__.children ?? []} />,
          }))}
        />
      );
    case 'tableGrid':
      return <TableGrid field={field} />;
    case 'collapseItem':
    case 'tabItem':
      return <FieldList fields={children} />;
    default:
      return <FieldItem field={field} path={field.__vModel__ ?? `${cfg.jnpfKey}-${cfg.formId ?? ''}`} />;
  }
}

/**
 * A bordered layout table. Its children are either rows whose children are cells (with colspan
 * and rowspan) holding fields, or plain fields, laid into rows by their spans.
 */
function TableGrid({ field }: { field: FormField }) {
  const { granted } = useRenderContext();
  const children = (field.__config__.children ?? []).filter((c) => rendered(c, granted));
  const border = `${(field.borderWidth as number | undefined) ?? 1}px solid ${(field.borderColor as string | undefined) ?? 'var(--ant-color-border)'}`;
  const nested = children.length > 0 && children.every((c) => Array.isArray(c.__config__.children));
  let rows: { cells: FormField[][]; spans: number[] }[];
  if (nested) {
    rows = children.map((row) => ({
      cells: (row.__config__.children ?? []).map((cell) => cell.__config__.children ?? []),
      spans: (row.__config__.children ?? []).map((cell) => (cell.__config__.colspan as number | undefined) ?? 1),
    }));
  } else {
    rows = [];
    let width = 24;
    for (const child of children) {
      const span = child.__config__.span ?? 24;
      if (width + span > 24) rows.push({ cells: [], spans: [] });
      const row = rows[rows.length - 1]!;
      width = width + span > 24 ? span : width + span;
      row.cells.push([{ ...child, __config__: { ...child.__config__, span: 24 } }]);
      row.spans.push(1);
    }
  }
  return (
    <table style={{ width: '100%', borderCollapse: 'collapse', marginBottom: 16, tableLayout: 'fixed' }}>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r}>
            {row.cells.map((cell, c) => (
              <td key={c} colSpan={row.spans[c]} style={{ border, padding: '8px 8px 0', verticalAlign: 'top' }}>
                <FieldList fields={cell} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The form's fields, once the widget chunks of every kind it uses are in: each field then renders
 * once, with its widget, instead of a placeholder first.
 */
function FormFields({ form }: { form: FormJson }) {
  const widgets = preloadWidgets(form);
  // Suspends the way React.lazy does (the boundary shows its fallback until the chunks are in),
  // rather than through use(), which inside a test's act() would wait for an act it never gets.
  if (!widgets.loaded) throw widgets.promise;
  return <FieldList fields={form.fields} />;
}

export interface FormRendererProps {
  form: FormJson;
  model: FormModel;
  store: FormStore;
  readOnly?: boolean;
  /** Disables every input (besides the form's own `disabled`). */
  disabled?: boolean;
  /** With form permission on: the granted field keys; any other field is not rendered. */
  granted?: ReadonlySet<string>;
  onEvent?: FieldEventHandler;
  formInfo?: WidgetProps['formInfo'];
  /** The signed-in user and clock, for the defaults of new sub-table rows. */
  formContext?: FormContext;
}

/**
 * Lays a form JSON out: antd's grid with the form's gutter and size; containers; each field bound
 * to the form store through its own subscription (each field item applies the label position and
 * width).
 */
export function FormRenderer(props: FormRendererProps) {
  const { form, model, store, granted } = props;
  const { hashId } = theme.useToken();
  const ctx: RenderContext = {
    hashId,
    model,
    store,
    readOnly: props.readOnly ?? false,
    disabled: props.disabled === true || form.disabled === true,
    granted,
    formContext: props.formContext ?? {},
    onEvent: props.onEvent,
    formInfo: props.formInfo,
  };
  return (
    <RenderProvider value={ctx}>
      <Form
        component="div"
        layout={form.labelPosition === 'top' ? 'vertical' : 'horizontal'}
        size={SIZES[form.size ?? 'default'] ?? 'middle'}
        className={styles.form}
        data-testid="form-renderer"
      >
        <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
          <FormFields form={form} />
        </Suspense>
      </Form>
    </RenderProvider>
  );
}
