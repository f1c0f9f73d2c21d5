import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DATE_FORMAT,
  formatDate,
  formatFileSize,
  formatNumberAbbr,
  formatThousands,
  GB,
  KB,
  MB,
  roundTo,
  SIZE_UNITS,
} from './format.ts';

describe('file sizes', () => {
  it('S1-9-14 S2-9-02 bytes, KB, MB, GB with two decimals; KB 1024, MB 1048576, GB 1073741824', () => {
    expect([KB, MB, GB]).toEqual([1024, 1_048_576, 1_073_741_824]);
    expect(SIZE_UNITS).toEqual({ KB: 1024, MB: 1_048_576, GB: 1_073_741_824 });
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1.00 KB');
    expect(formatFileSize(1536)).toBe('1.50 KB');
    expect(formatFileSize(5_242_880)).toBe('5.00 MB');
    expect(formatFileSize(1_610_612_736)).toBe('1.50 GB');
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(null)).toBe('');
  });
});

describe('numbers', () => {
  it('S2-9-27 thousands separators, with optional fixed decimals', () => {
    expect(formatThousands(1234567.891)).toBe('1,234,567.891');
    expect(formatThousands(-1234567.891, 2)).toBe('-1,234,567.89');
    expect(formatThousands('1234.5', 2)).toBe('1,234.50');
    expect(formatThousands('1,234')).toBe('1,234');
    expect(formatThousands(999)).toBe('999');
    expect(formatThousands(1.005, 2)).toBe('1.01');
    expect(formatThousands('abc')).toBe('');
  });

  it('S2-9-26 abbreviations k, M, G, T, P, E', () => {
    expect(formatNumberAbbr(999)).toBe('999');
    expect(formatNumberAbbr(1000)).toBe('1k');
    expect(formatNumberAbbr(1234)).toBe('1.2k');
    expect(formatNumberAbbr(2_500_000)).toBe('2.5M');
    expect(formatNumberAbbr(3e9)).toBe('3G');
    expect(formatNumberAbbr(4.56e12, 2)).toBe('4.56T');
    expect(formatNumberAbbr(5e15)).toBe('5P');
    expect(formatNumberAbbr(6e18)).toBe('6E');
    expect(formatNumberAbbr(-1500)).toBe('-1.5k');
    expect(formatNumberAbbr(Number.NaN)).toBe('');
  });

  it('rounds half away from zero without binary drift', () => {
    expect(roundTo(1.005, 2)).toBe(1.01);
    expect(roundTo(-1.005, 2)).toBe(-1.01);
    expect(roundTo(2.675, 2)).toBe(2.68);
    expect(roundTo(1e-7, 2)).toBe(0);
    expect(roundTo(123.456, 0)).toBe(123);
  });
});

describe('dates', () => {
  const t = new Date(2026, 0, 5, 7, 8, 9).getTime();
  it('S2-9-20 S1-9-13 the default format is year-month-day hour:minute:second', () => {
    expect(DEFAULT_DATE_FORMAT).toBe('yyyy-MM-dd HH:mm:ss');
    expect(formatDate(t)).toBe('2026-01-05 07:08:09');
  });
  it('formats any pattern of the designer', () => {
    expect(formatDate(t, 'yyyy-MM-dd')).toBe('2026-01-05');
    expect(formatDate(t, 'yyyy年M月d日 H:m')).toBe('2026年1月5日 7:8');
    expect(formatDate(t, 'HH:mm')).toBe('07:08');
    expect(formatDate(Number.NaN)).toBe('');
  });
});
