import { describe, expect, it, vi } from 'vitest';
import {
  compileExpression,
  evaluateExpression,
  expressionRefs,
  formatExpression,
  FormulaError,
  formulaFaults,
  formulaScope,
  parseExpression,
  scopeResolver,
  tokenizeExpression,
  type FormulaProblem,
} from './calculate.ts';
import { collectFields } from './form.ts';
import type { FormField, FormJson, JnpfKey } from './types.ts';

const none = () => undefined;
const calc = (expression: string | unknown[], values: Record<string, unknown> = {}) =>
  evaluateExpression(
    expression,
    (name) => values[name],
    () => {},
  );

describe('calculation expressions', () => {
  it('S1-5-14 numbers and operators alternate, with parentheses and the operators + - × ÷', () => {
    expect(tokenizeExpression('(1 + 2) × 3 ÷ 4 - 5')).toEqual([
      { type: 'open' },
      { type: 'number', value: 1 },
      { type: 'operator', op: '+' },
      { type: 'number', value: 2 },
      { type: 'close' },
      { type: 'operator', op: '*' },
      { type: 'number', value: 3 },
      { type: 'operator', op: '/' },
      { type: 'number', value: 4 },
      { type: 'operator', op: '-' },
      { type: 'number', value: 5 },
    ]);
    expect(calc('(1 + 2) × 3 ÷ 4 - 5')).toBe(-2.75);
    expect(calc('6 * 7 / 2')).toBe(21);
    // Full-width parentheses, as typed on a Chinese keyboard, read the same.
    expect(calc('（1 + 1）× 2')).toBe(4);
  });

  it('S1-5-15 × and ÷ bind tighter than + and -, parentheses tighter still', () => {
    expect(calc('2 + 3 × 4')).toBe(14);
    expect(calc('(2 + 3) × 4')).toBe(20);
    expect(calc('20 - 8 ÷ 4 - 2')).toBe(16);
    expect(calc('2 × (3 + (4 - 1)) ÷ 3')).toBe(4);
    expect(calc('10 - 2 - 3')).toBe(5);
    expect(calc('64 ÷ 4 ÷ 2')).toBe(8);
    expect(calc('-3 × -2')).toBe(6);
  });

  it('S2-3-24 the designer item list: operators, numbers and fields as objects or names', () => {
    const items = ['(', { __vModel__: 'price', label: 'Price' }, '+', 'fee', ')', '×', 1.5];
    expect(expressionRefs(parseExpression(items))).toEqual(['price', 'fee']);
    expect(calc(items, { price: 10, fee: '2' })).toBe(18);
  });

  it('S2-5-26 a missing or invalid operand counts as 0', () => {
    expect(calc('a + b × 2', { a: 5 })).toBe(5);
    expect(calc('a + b', { a: 'x', b: '3' })).toBe(3);
    expect(calc('a × 2', { a: null })).toBe(0);
    expect(calc('a + 1', { a: [1, 2] })).toBe(1);
  });

  it('S2-5-27 results are rounded to 2 decimals', () => {
    expect(calc('0.1 + 0.2')).toBe(0.3);
    expect(calc('10 ÷ 3')).toBe(3.33);
    expect(calc('2 ÷ 3')).toBe(0.67);
    expect(calc('1.005 × 1')).toBe(1.01);
    expect(calc('-1.005 × 1')).toBe(-1.01);
  });

  it('S2-5-28 NaN gives 0, and so does a division by zero', () => {
    expect(calc('0 ÷ 0')).toBe(0);
    expect(calc('5 ÷ 0')).toBe(0);
    expect(calc('a ÷ b', { a: 1, b: 0 })).toBe(0);
  });

  it('S2-5-29 table.field outside the table sums the column over the rows', () => {
    const values = { lines: [{ amount: 10 }, { amount: '2.5' }, { amount: 'x' }, {}], rate: 2 };
    const resolve = scopeResolver({ values });
    expect(evaluateExpression('lines.amount × rate', resolve)).toBe(25);
    expect(evaluateExpression('missing.amount + 1', resolve)).toBe(1);
  });

  it('S2-5-30 table.field inside a row takes that row, a bare column name too', () => {
    const values = {
      lines: [
        { price: 2, qty: 3 },
        { price: 4, qty: 5 },
      ],
      discount: 1,
    };
    const row1 = scopeResolver({ values, table: 'lines', rowIndex: 1 });
    expect(evaluateExpression('lines.price × lines.qty - discount', row1)).toBe(19);
    expect(evaluateExpression('price × qty', row1)).toBe(20);
    // Another table's column is still a total from inside a row.
    const withOther = { ...values, other: [{ n: 1 }, { n: 2 }] };
    expect(evaluateExpression('other.n', scopeResolver({ values: withOther, table: 'lines', rowIndex: 0 }))).toBe(3);
  });

  it('S2-5-31 S2-8-12 a formula error warns and gives 0, once per compiled formula', () => {
    for (const bad of ['1 +', '(1 + 2', '1 + 2)', '× 3', '1 2', '3 # 4', '+']) {
      expect(() => parseExpression(bad), bad).toThrow(FormulaError);
      const warn = vi.fn();
      const compiled = compileExpression(bad, warn);
      expect(compiled.evaluate(none)).toBe(0);
      expect(compiled.evaluate(none)).toBe(0);
      expect(warn, bad).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![0]).toContain('calculation formula error');
    }
    expect(() => tokenizeExpression([{}] as unknown[])).toThrow(FormulaError);
  });

  it('an empty expression is 0 and never code: no eval of names', () => {
    expect(calc('')).toBe(0);
    expect(calc([])).toBe(0);
    expect(() => parseExpression('constructor.constructor("return 1")()')).toThrow(FormulaError);
    expect(calc('constructor + 1')).toBe(1);
  });
});

describe('formula checks for the designer', () => {
  const failure = (expression: string | unknown[]) => {
    try {
      parseExpression(expression);
    } catch (error) {
      if (error instanceof FormulaError) return { problem: error.problem, at: error.at };
      throw error;
    }
    return null;
  };

  it('a formula error says why and, in a text, at which character', () => {
    const cases: Array<[string, FormulaProblem, number]> = [
      ['1 + #', 'character', 4],
      ['1 +', 'incomplete', 3],
      ['(1 + 2', 'unclosed', 6],
      ['1 + 2)', 'unopened', 5],
      ['1 + )', 'unopened', 4],
      ['× 3', 'noLeftOperand', 0],
      ['2 × ÷ 3', 'noLeftOperand', 4],
      ['1 2', 'noOperator', 2],
      ['(1 2)', 'noOperator', 3],
      ['price quantity', 'noOperator', 6],
    ];
    for (const [text, problem, at] of cases) expect(failure(text), text).toEqual({ problem, at });
    // Items of a list have no character positions of the whole.
    expect(failure(['1', '+', '#'])).toEqual({ problem: 'character', at: undefined });
    expect(failure(['(', 1])).toEqual({ problem: 'unclosed', at: undefined });
    expect(failure([{}])).toEqual({ problem: 'item', at: undefined });
    expect(failure(3 as unknown as string)).toEqual({ problem: 'item', at: undefined });
    expect(failure('(1 + 2) × 3')).toBeNull();
  });

  it('formatExpression writes a formula spaced, with × ÷, signs on their operands, references by label', () => {
    expect(formatExpression('(1+2)*3/4-5')).toBe('(1 + 2) × 3 ÷ 4 - 5');
    expect(formatExpression('-3*-2')).toBe('-3 × -2');
    expect(formatExpression('2 × (-a + +b)')).toBe('2 × (-a + +b)');
    const items = ['(', { __vModel__: 'price' }, '+', 'fee', ')', '×', 1.5];
    expect(formatExpression(items)).toBe('(price + fee) × 1.5');
    expect(formatExpression(items, (name) => `[${name.toUpperCase()}]`)).toBe('([PRICE] + [FEE]) × 1.5');
    // The text of a list reads as the list does.
    const values = { price: 10, fee: 2 };
    expect(calc(formatExpression(items), values)).toBe(calc(items, values));
    expect(formatExpression('')).toBe('');
    expect(() => formatExpression('1 # 2')).toThrow(FormulaError);
  });

  const f = (jnpfKey: JnpfKey, vModel: string, extra: Record<string, unknown> = {}): FormField => ({
    __config__: { jnpfKey, label: vModel.toUpperCase() },
    __vModel__: vModel,
    ...extra,
  });
  const form = (total: unknown, column: unknown): FormJson => ({
    fields: [
      f('numInput', 'price'),
      f('comInput', 'note'),
      {
        __config__: {
          jnpfKey: 'table',
          label: 'Lines',
          children: [f('numInput', 'qty'), f('calculate', 'amount', { expression: column })],
        },
        __vModel__: 'lines',
      },
      f('calculate', 'total', { expression: total }),
      { __config__: { jnpfKey: 'divider', label: 'Line' } },
    ],
  });

  it('formulaScope: main fields by name, columns as table.column, bare columns inside their own table', () => {
    const fields = collectFields(form('', ''));
    expect([...formulaScope(fields).keys()]).toEqual(['price', 'note', 'lines.qty', 'lines.amount', 'total']);
    const inRow = formulaScope(fields, 'lines');
    expect(inRow.get('qty')?.key).toBe('lines-qty');
    expect(inRow.get('lines.qty')?.key).toBe('lines-qty');
    expect(inRow.has('lines')).toBe(false);
  });

  it('formulaFaults: an unreadable formula, a name the form lacks, or the field itself', () => {
    const faults = (total: unknown, column: unknown) =>
      formulaFaults(collectFields(form(total, column))).map(({ key, fault }) => ({
        key,
        kind: fault.kind,
        ...(fault.kind === 'syntax' ? { problem: fault.error.problem } : { name: fault.name }),
      }));
    expect(faults('price × lines.amount', 'lines.qty × price')).toEqual([]);
    expect(faults([], 'qty × 2')).toEqual([]);
    expect(faults('price + qty', 'qty')).toEqual([{ key: 'total', kind: 'unknownField', name: 'qty' }]);
    expect(faults('(price', 'lines.amount + 1')).toEqual([
      { key: 'lines-amount', kind: 'self', name: 'lines.amount' },
      { key: 'total', kind: 'syntax', problem: 'unclosed' },
    ]);
    expect(faults('total', 'amount')).toEqual([
      { key: 'lines-amount', kind: 'self', name: 'amount' },
      { key: 'total', kind: 'self', name: 'total' },
    ]);
    expect(faults('lines × 2', 'qty')).toEqual([{ key: 'total', kind: 'unknownField', name: 'lines' }]);
  });
});
