import { describe, expect, it } from 'vitest';
import { formatDateTime, relativeTime } from './relative-time.ts';

const now = new Date(2026, 10, 22, 12, 0, 0).getTime();
const ago = (ms: number) => relativeTime(now - ms, now);
const s = 1000;
const min = 60 * s;
const h = 60 * min;
const d = 24 * h;

describe('relative time', () => {
  it('S1-9-12 under 1 minute is just now, also for a time slightly in the future', () => {
    expect(ago(0)).toEqual({ unit: 'justNow' });
    expect(ago(59 * s)).toEqual({ unit: 'justNow' });
    expect(ago(-5 * s)).toEqual({ unit: 'justNow' });
  });

  it('S1-9-12 then minutes, hours and days up to 6', () => {
    expect(ago(60 * s)).toEqual({ unit: 'minutes', count: 1 });
    expect(ago(59 * min + 59 * s)).toEqual({ unit: 'minutes', count: 59 });
    expect(ago(h)).toEqual({ unit: 'hours', count: 1 });
    expect(ago(23 * h + 59 * min)).toEqual({ unit: 'hours', count: 23 });
    expect(ago(d)).toEqual({ unit: 'days', count: 1 });
    expect(ago(6 * d + 23 * h)).toEqual({ unit: 'days', count: 6 });
  });

  it('S1-9-12 then weeks up to 3 and months up to 3', () => {
    expect(ago(7 * d)).toEqual({ unit: 'weeks', count: 1 });
    expect(ago(27 * d)).toEqual({ unit: 'weeks', count: 3 });
    expect(ago(28 * d)).toEqual({ unit: 'months', count: 1 });
    expect(ago(60 * d)).toEqual({ unit: 'months', count: 2 });
    expect(ago(119 * d)).toEqual({ unit: 'months', count: 3 });
  });

  it('S1-9-12 past that the full date yyyy-MM-dd HH:mm', () => {
    const time = new Date(2026, 6, 5, 9, 7, 30).getTime();
    expect(relativeTime(time, now)).toEqual({ unit: 'date', text: '2026-07-05 09:07' });
    expect(formatDateTime(new Date(2025, 0, 1, 0, 0).getTime())).toBe('2025-01-01 00:00');
  });
});
