import { describe, expect, it } from 'vitest';
import { exampleOf } from './bill-rule-fields.tsx';

const at = new Date(2026, 2, 9, 10, 0).getTime();

describe('the bill rule form example', () => {
  it('shows the first number of the rule as typed', () => {
    expect(exampleOf({ prefix: 'QJ', dateFormat: 'yyyyMMdd', digit: 4, startNumber: '1' }, at)).toBe('QJ202603090001');
    expect(exampleOf({ dateFormat: 'no', digit: 3, startNumber: '7' }, at)).toBe('007');
  });

  it('shows nothing while a part is missing or invalid', () => {
    expect(exampleOf({ prefix: 'QJ', digit: 4, startNumber: '1' }, at)).toBe('');
    expect(exampleOf({ dateFormat: 'yyyy', digit: 4, startNumber: '0' }, at)).toBe('');
    expect(exampleOf({ dateFormat: 'yyyy', digit: 4, startNumber: 'x1' }, at)).toBe('');
    expect(exampleOf({ dateFormat: 'yyyy', startNumber: '1' }, at)).toBe('');
  });
});
