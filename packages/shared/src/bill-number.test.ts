import { describe, expect, it } from 'vitest';
import { billDatePart, billNumberExample, formatBillNumber, type BillNumberFormat } from './bill-number.ts';

const at = new Date(2026, 0, 5, 9, 30);
const leave: BillNumberFormat = { prefix: 'QJ', dateFormat: 'yyyyMMdd', digit: 4, startNumber: '1' };

describe('bill numbers of bill rules', () => {
  it('formats the date part in each date format, in local time', () => {
    expect(billDatePart('yyyyMMdd', at)).toBe('20260105');
    expect(billDatePart('yyyyMM', at)).toBe('202601');
    expect(billDatePart('yyyy', at)).toBe('2026');
    expect(billDatePart('no', at)).toBe('');
    expect(billDatePart('yyyyMMdd', at.getTime())).toBe('20260105');
  });

  it('S2-7-55 number = prefix + date part + (startNumber + counter) padded to digit', () => {
    expect(formatBillNumber(leave, '20260105', 0)).toBe('QJ202601050001');
    expect(formatBillNumber(leave, '20260105', 41)).toBe('QJ202601050042');
    expect(formatBillNumber({ ...leave, startNumber: '100', dateFormat: 'no', prefix: '' }, '', 5)).toBe('0105');
  });

  it('lets a serial outgrow digit rather than cut it (cutting would repeat numbers)', () => {
    expect(formatBillNumber({ ...leave, digit: 2 }, '2026', 99)).toBe('QJ2026100');
  });

  it('the example is the first number of the current period', () => {
    expect(billNumberExample(leave, at)).toBe('QJ202601050001');
    expect(billNumberExample({ ...leave, dateFormat: 'yyyyMM', startNumber: '0500', digit: 6 }, at)).toBe(
      'QJ202601000500',
    );
  });
});
