import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';

export type DateRange = [Dayjs | null, Dayjs | null] | null;

/** The log's date range; its own chunk because the picker is the heaviest part of the log tab. */
export default function DateRangeFilter({
  value,
  onChange,
  placeholder,
}: {
  value: DateRange;
  onChange(value: DateRange): void;
  placeholder: [string, string];
}) {
  return (
    <DatePicker.RangePicker
      value={value}
      onChange={(dates) => onChange(dates)}
      placeholder={placeholder}
      data-testid="log-range"
    />
  );
}
