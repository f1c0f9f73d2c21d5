import { describe, expect, it } from 'vitest';
import { amountInWords, amountInWordsChecked } from './amount-in-words.ts';

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

describe('amountInWordsChecked: the uppercase beside number and calculated fields', () => {
  it('S1-5-16 reads up to 12 integer digits and 4 decimals (jiao, fen, li, hao)', () => {
    expect(amountInWordsChecked(1234.5678)).toBe('壹仟贰佰叁拾肆元伍角陆分柒厘捌毫');
    expect(amountInWordsChecked(999_999_999_999.9999)).toBe(
      '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分玖厘玖毫',
    );
    expect(amountInWordsChecked('100000000000')).toBe('壹仟亿元整');
    expect(amountInWordsChecked(1.0005)).toBe('壹元零伍毫');
    expect(amountInWordsChecked(0.0102)).toBe('壹分零贰毫');
    expect(amountInWordsChecked(10.5)).toBe('壹拾元伍角');
    expect(amountInWordsChecked(0)).toBe('零元整');
    // A fifth decimal is rounded into the fourth.
    expect(amountInWordsChecked(0.00005)).toBe('壹毫');
  });

  it('S1-5-17 S1-8-13 more than 12 integer digits: amount too large to calculate, in the caller language', () => {
    expect(amountInWordsChecked(1_000_000_000_000)).toBe('金额过大，无法计算');
    expect(amountInWordsChecked('1234567890123.5', 'en-US')).toBe('Amount too large to calculate');
    expect(amountInWordsChecked(1e15, 'zh-TW')).toBe('金額過大，無法計算');
    // Rounding the fifth decimal carries into a thirteenth digit.
    expect(amountInWordsChecked('999999999999.99995')).toBe('金额过大，无法计算');
    expect(amountInWordsChecked('999999999999.99994')).toBe(
      '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分玖厘玖毫',
    );
  });

  it('S1-5-18 a negative or non-numeric input gives empty text', () => {
    for (const v of [-1, '-0.5', 'abc', '', null, undefined, Number.NaN, Infinity, '1.2.3', '12abc'])
      expect(amountInWordsChecked(v as never), String(v)).toBe('');
  });
});
