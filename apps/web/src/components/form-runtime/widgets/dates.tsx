import { DatePicker, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { prop, type WidgetProps } from './types.ts';
import { ReadOnlyText } from './read-only.tsx';

/** The designer writes Java-style patterns (yyyy-MM-dd HH:mm:ss); dayjs wants YYYY and DD. */
export function dayjsFormat(format: string | undefined, fallback: string): string {
  if (!format) return fallback;
  return format.replace(/y/g, 'Y').replace(/d/g, 'D');
}

const DEFAULT_DATE = 'YYYY-MM-DD';
const DEFAULT_TIME = 'HH:mm:ss';

const toDay = (v: unknown): Dayjs | null =>
  v === null || v === undefined || v === ''
    ? null
    : dayjs(typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : (v as number));
const toTime = (v: unknown, format: string): Dayjs | null =>
  typeof v === 'string' && v ? dayjs(`1970-01-01 ${v}`, `YYYY-MM-DD ${format}`) : null;

const hasTime = (format: string) => /[Hhms]/.test(format);

/** A date stored as a millisecond timestamp; the picker follows the designer's format. */
export function DateInput({ field, value, onChange, onBlur, disabled, readOnly, id }: WidgetProps) {
  const format = dayjsFormat(prop<string | undefined>(field, 'format', undefined), DEFAULT_DATE);
  const day = toDay(value);
  if (readOnly) return <ReadOnlyText id={id} text={day ? day.format(format) : ''} />;
  return (
    <DatePicker
      id={id}
      style={{ width: '100%' }}
      value={day}
      format={format}
      showTime={hasTime(format)}
      picker={format === 'YYYY' ? 'year' : format === 'YYYY-MM' ? 'month' : 'date'}
      disabled={disabled}
      placeholder={field.placeholder}
      allowClear={field.clearable !== false}
      onChange={(d) => onChange(d ? d.valueOf() : null)}
      onBlur={onBlur}
    />
  );
}

/** A time of day stored as text in the designer's format (HH:mm:ss). */
export function TimeInput({ field, value, onChange, onBlur, disabled, readOnly, id }: WidgetProps) {
  const format = prop(field, 'format', DEFAULT_TIME);
  if (readOnly) return <ReadOnlyText id={id} text={typeof value === 'string' ? value : ''} />;
  return (
    <TimePicker
      id={id}
      style={{ width: '100%' }}
      value={toTime(value, format)}
      format={format}
      disabled={disabled}
      placeholder={field.placeholder}
      allowClear={field.clearable !== false}
      onChange={(d) => onChange(d ? d.format(format) : null)}
      onBlur={onBlur}
    />
  );
}

export function DateRangeInput({ field, value, onChange, onBlur, disabled, readOnly, id }: WidgetProps) {
  const format = dayjsFormat(prop<string | undefined>(field, 'format', undefined), DEFAULT_DATE);
  const [a, b] = Array.isArray(value) ? value : [];
  if (readOnly)
    return (
      <ReadOnlyText
        id={id}
        text={a || b ? `${toDay(a)?.format(format) ?? ''} ~ ${toDay(b)?.format(format) ?? ''}` : ''}
      />
    );
  return (
    <DatePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      value={[toDay(a), toDay(b)]}
      format={format}
      showTime={hasTime(format)}
      disabled={disabled}
      allowClear={field.clearable !== false}
      onChange={(r) => onChange(r?.[0] && r[1] ? [r[0].valueOf(), r[1].valueOf()] : [])}
      onBlur={onBlur}
    />
  );
}

export function TimeRangeInput({ field, value, onChange, onBlur, disabled, readOnly, id }: WidgetProps) {
  const format = prop(field, 'format', DEFAULT_TIME);
  const [a, b] = Array.isArray(value) ? value : [];
  if (readOnly) return <ReadOnlyText id={id} text={a || b ? `${a ?? ''} ~ ${b ?? ''}` : ''} />;
  return (
    <TimePicker.RangePicker
      id={id}
      style={{ width: '100%' }}
      value={[toTime(a, format), toTime(b, format)]}
      format={format}
      disabled={disabled}
      allowClear={field.clearable !== false}
      onChange={(r) => onChange(r?.[0] && r[1] ? [r[0].format(format), r[1].format(format)] : [])}
      onBlur={onBlur}
    />
  );
}
