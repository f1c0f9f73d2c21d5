import { DatePicker, Radio, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Quick filters: 1 this week (from Monday), 2 this month, 3 this quarter, 4 this year. */
export type QuickRange = 1 | 2 | 3 | 4;

/** Start and end (inclusive, last millisecond) of the quick range around `now`. */
export function quickRange(kind: QuickRange, now: Dayjs = dayjs()): [number, number] {
  let start: Dayjs;
  let end: Dayjs;
  if (kind === 1) {
    // day() is 0 on Sunday: Monday starts the week whatever the locale says
    start = now.startOf('day').subtract((now.day() + 6) % 7, 'day');
    end = start.add(7, 'day');
  } else if (kind === 2) {
    start = now.startOf('month');
    end = start.add(1, 'month');
  } else if (kind === 3) {
    start = now.startOf('month').month(Math.floor(now.month() / 3) * 3);
    end = start.add(3, 'month');
  } else {
    start = now.startOf('year');
    end = start.add(1, 'year');
  }
  return [start.valueOf(), end.valueOf() - 1];
}

export interface DateQuickFilterProps {
  /** Start and end timestamps, or empty strings when cleared. */
  onChange: (start: number | '', end: number | '') => void;
  id?: string;
  disabled?: boolean;
  now?: () => Dayjs;
}

/**
 * The date-range quick filter: four buttons (the first selected on load) and a range picker; a
 * button, a picked range or a clear emits start and end timestamps (empty strings on clear).
 */
export function DateQuickFilter({ onChange, id, disabled, now = dayjs }: DateQuickFilterProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<QuickRange | 0>(1);
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(() => {
    const [s, e] = quickRange(1, now());
    return [dayjs(s), dayjs(e)];
  });
  const pick = (k: QuickRange) => {
    const [s, e] = quickRange(k, now());
    setKind(k);
    setRange([dayjs(s), dayjs(e)]);
    onChange(s, e);
  };
  return (
    <Space wrap id={id}>
      <Radio.Group
        value={kind}
        optionType="button"
        disabled={disabled}
        onChange={(e) => pick(e.target.value as QuickRange)}
        options={[
          { value: 1, label: t('formRuntime.thisWeek') },
          { value: 2, label: t('formRuntime.thisMonth') },
          { value: 3, label: t('formRuntime.thisQuarter') },
          { value: 4, label: t('formRuntime.thisYear') },
        ]}
      />
      <DatePicker.RangePicker
        value={range}
        disabled={disabled}
        onChange={(r) => {
          setKind(0);
          if (r?.[0] && r[1]) {
            const next: [Dayjs, Dayjs] = [r[0].startOf('day'), r[1].endOf('day')];
            setRange(next);
            onChange(next[0].valueOf(), next[1].valueOf());
          } else {
            setRange(null);
            onChange('', '');
          }
        }}
      />
    </Space>
  );
}
