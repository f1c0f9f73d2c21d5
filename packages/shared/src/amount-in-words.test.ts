import { describe, expect, it } from 'vitest';
import { amountInWords } from './amount-in-words.ts';

describe('amountInWords: Chinese financial uppercase for print templates', () => {
  it.each([
    [1234.56, '壹仟贰佰叁拾肆元伍角陆分'],
    [0, '零元整'],
    [100, '壹佰元整'],
    [10, '壹拾元整'],
    [1.05, '壹元零伍分'],
    [0.56, '伍角陆分'],
    [0.05, '伍分'],
    [0.5, '伍角'],
    [1001, '壹仟零壹元整'],
    [1010.1, '壹仟零壹拾元壹角'],
    [10_000, '壹万元整'],
    [10_010, '壹万零壹拾元整'],
    [1_000_100, '壹佰万零壹佰元整'],
    [100_010_000, '壹亿零壹万元整'],
    [120_000_000, '壹亿贰仟万元整'],
    [100_000_001, '壹亿零壹元整'],
    [-25.3, '负贰拾伍元叁角'],
  ])('%s -> %s', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it('rounds half up to the fen without binary drift, and accepts text with thousands separators', () => {
    expect(amountInWords(1.005)).toBe('壹元零壹分');
    expect(amountInWords(2.675)).toBe('贰元陆角捌分');
    expect(amountInWords('1,234.56')).toBe('壹仟贰佰叁拾肆元伍角陆分');
    expect(amountInWords(' 88 ')).toBe('捌拾捌元整');
    expect(amountInWords(-0.001)).toBe('零元整');
  });

  it('answers an empty string for what is not an amount or too large to hold to the fen', () => {
    for (const v of [null, undefined, '', 'abc', '1.2.3', Number.NaN, Infinity, 1e20])
      expect(amountInWords(v)).toBe('');
  });
});
