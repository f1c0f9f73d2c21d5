import { Input, InputNumber, Rate, Slider, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { prop, type WidgetProps } from './types.ts';
import { ReadOnlyText } from './read-only.tsx';

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const num = (v: unknown) => (typeof v === 'number' ? v : v === '' || v == null ? null : Number(v));

/** Wraps an input with the designer's text before and after it (prepend/append slots, addons). */
function WithAddons({ before, after, children }: { before?: string; after?: string; children: React.ReactNode }) {
  if (!before && !after) return children;
  return (
    <Space.Compact style={{ width: '100%' }}>
      {before && <Space.Addon>{before}</Space.Addon>}
      {children}
      {after && <Space.Addon>{after}</Space.Addon>}
    </Space.Compact>
  );
}

/** Single-line text with the designer's prepend/append slots and an optional length limit. */
export function TextInput({ field, value, onChange, onBlur, disabled, readOnly, id }: WidgetProps) {
  if (readOnly) return <ReadOnlyText id={id} text={str(value)} />;
  return (
    <WithAddons before={field.__slot__?.prepend} after={field.__slot__?.append}>
      <Input
        id={id}
        value={str(value)}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        disabled={disabled}
        placeholder={field.placeholder}
        allowClear={field.clearable !== false}
        maxLength={prop<number | undefined>(field, 'maxlength', undefined)}
        showCount={prop(field, 'showWordLimit', prop(field, 'show-word-limit', false))}
      />
    </WithAddons>
  );
}

export function TextArea({ field, value, onChange, onBlur, disabled, readOnly, id }: WidgetProps) {
  if (readOnly) return <ReadOnlyText id={id} text={str(value)} multiline />;
  const rows = prop<{ minRows?: number; maxRows?: number } | undefined>(field, 'autosize', undefined);
  const autoSize = rows ?? { minRows: 3, maxRows: 8 };
  const text = str(value);
  return (
    <Input.TextArea
      id={id}
      value={text}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      placeholder={field.placeholder}
      // Empty, an auto-sized text area is its minimum rows high: it gets them as rows, and sizes
      // itself from the first character on. Auto-sizing measures the text area in a hidden copy on
      // mount, a forced layout of the whole page for each one a form holds.
      rows={text ? undefined : typeof autoSize === 'object' ? autoSize.minRows : undefined}
      autoSize={text ? autoSize : false}
      maxLength={prop<number | undefined>(field, 'maxlength', undefined)}
      showCount={prop(field, 'showWordLimit', prop(field, 'show-word-limit', false))}
    />
  );
}

/** A password never shows in a detail view, only that one is set. */
export function PasswordInput({ field, value, onChange, onBlur, disabled, readOnly, id }: WidgetProps) {
  if (readOnly) return <ReadOnlyText id={id} text={value ? '••••••' : ''} />;
  return (
    <Input.Password
      id={id}
      value={str(value)}
      onChange={(e) => onChange(e.target.value)}
      onBlur={onBlur}
      disabled={disabled}
      placeholder={field.placeholder}
      visibilityToggle={prop(field, 'showPassword', true)}
      autoComplete="new-password"
    />
  );
}

/** Groups the integer digits in threes (1234567.5 -> 1,234,567.5). */
export function withThousands(text: string): string {
  const [int = '', dec] = text.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return dec === undefined ? grouped : `${grouped}.${dec}`;
}

export function formatNumber(value: unknown, precision: number | undefined, thousands: boolean): string {
  const n = num(value);
  if (n === null || Number.isNaN(n)) return '';
  const text = precision === undefined ? String(n) : n.toFixed(precision);
  return thousands ? withThousands(text) : text;
}

/** Number with min/max, precision and an optional thousands separator. */
export function NumberInput({ field, value, onChange, onBlur, disabled, readOnly, id }: WidgetProps) {
  const precision = prop<number | undefined>(field, 'precision', undefined);
  const thousands = prop(field, 'thousands', false);
  if (readOnly) return <ReadOnlyText id={id} text={formatNumber(value, precision, thousands)} />;
  return (
    <WithAddons
      before={prop<string | undefined>(field, 'addonBefore', undefined)}
      after={prop<string | undefined>(field, 'addonAfter', undefined)}
    >
      <InputNumber<number>
        id={id}
        style={{ width: '100%' }}
        value={num(value)}
        onChange={(v) => onChange(v ?? null)}
        onBlur={onBlur}
        disabled={disabled}
        placeholder={field.placeholder}
        min={prop<number | undefined>(field, 'min', undefined)}
        max={prop<number | undefined>(field, 'max', undefined)}
        step={prop(field, 'step', 1)}
        precision={precision}
        controls={prop(field, 'controls', true)}
        // While typing, the text as typed; otherwise the separators with the precision's decimals
        // (a formatter of its own replaces InputNumber's, which would pad them).
        formatter={
          thousands ? (v, info) => (info.userTyping ? info.input : formatNumber(v, precision, true)) : undefined
        }
        parser={thousands ? (v) => Number((v ?? '').replace(/,/g, '')) : undefined}
      />
    </WithAddons>
  );
}

/**
 * Two numbers, a minimum and a maximum. It emits an empty list when both ends are empty, else
 * [min, max] (an empty end as null).
 */
export function NumberRange({ field, value, onChange, onBlur, disabled, readOnly, id }: WidgetProps) {
  const { t } = useTranslation();
  const [min, max] = Array.isArray(value) ? (value as (number | null)[]) : [];
  const precision = prop<number | undefined>(field, 'precision', undefined);
  if (readOnly)
    return (
      <ReadOnlyText
        id={id}
        text={
          min == null && max == null
            ? ''
            : `${formatNumber(min, precision, false)} - ${formatNumber(max, precision, false)}`
        }
      />
    );
  const emit = (a: number | null | undefined, b: number | null | undefined) => onChange(numRangeValue(a, b));
  return (
    <Space.Compact style={{ width: '100%' }} id={id}>
      <InputNumber<number>
        style={{ width: '50%' }}
        value={min ?? null}
        precision={precision}
        disabled={disabled}
        placeholder={t('formRuntime.rangeMin')}
        aria-label={t('formRuntime.rangeMin')}
        onChange={(v) => emit(v, max)}
        onBlur={onBlur}
      />
      <InputNumber<number>
        style={{ width: '50%' }}
        value={max ?? null}
        precision={precision}
        disabled={disabled}
        placeholder={t('formRuntime.rangeMax')}
        aria-label={t('formRuntime.rangeMax')}
        onChange={(v) => emit(min, v)}
        onBlur={onBlur}
      />
    </Space.Compact>
  );
}

export function numRangeValue(a: number | null | undefined, b: number | null | undefined): (number | null)[] {
  return a == null && b == null ? [] : [a ?? null, b ?? null];
}

/** A switch storing the designer's active and inactive values (1 and 0 unless configured). */
export function SwitchInput({ field, value, onChange, disabled, readOnly, id }: WidgetProps) {
  const on = prop<unknown>(field, 'activeValue', 1);
  const off = prop<unknown>(field, 'inactiveValue', 0);
  const checked = value === on || (value === true && on === 1);
  return (
    <Switch
      id={id}
      checked={checked}
      disabled={disabled || readOnly}
      checkedChildren={prop<string | undefined>(field, 'activeTxt', undefined)}
      unCheckedChildren={prop<string | undefined>(field, 'inactiveTxt', undefined)}
      onChange={(c) => onChange(c ? on : off)}
    />
  );
}

export function RateInput({ field, value, onChange, disabled, readOnly, id }: WidgetProps) {
  return (
    <Rate
      id={id}
      value={num(value) ?? 0}
      count={prop(field, 'count', prop(field, 'max', 5))}
      allowHalf={prop(field, 'allowHalf', false)}
      disabled={disabled || readOnly}
      onChange={(v) => onChange(v)}
    />
  );
}

export function SliderInput({ field, value, onChange, disabled, readOnly, id }: WidgetProps) {
  const range = prop(field, 'range', false);
  const common = {
    id,
    min: prop(field, 'min', 0),
    max: prop(field, 'max', 100),
    step: prop(field, 'step', 1),
    disabled: disabled || readOnly,
  };
  return range ? (
    <Slider
      {...common}
      range
      value={Array.isArray(value) ? (value as [number, number]) : [common.min, common.min]}
      onChange={(v) => onChange(v)}
    />
  ) : (
    <Slider {...common} value={num(value) ?? common.min} onChange={(v) => onChange(v)} />
  );
}
