import { describe, expect, it } from 'vitest';
import { insertAt } from './insert-at.ts';

describe('insertAt', () => {
  it('inserts at the caret, replaces a selection, and appends without a caret', () => {
    expect(insertAt('ab', '{x}', { start: 1, end: 1 })).toEqual({ text: 'a{x}b', caret: 4 });
    expect(insertAt('abcd', '{x}', { start: 1, end: 3 })).toEqual({ text: 'a{x}d', caret: 4 });
    expect(insertAt('ab', '{x}')).toEqual({ text: 'ab{x}', caret: 5 });
    expect(insertAt('ab', '{x}', { start: 9, end: 9 })).toEqual({ text: 'ab{x}', caret: 5 });
  });
});
