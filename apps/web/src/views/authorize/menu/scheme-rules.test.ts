import { describe, expect, it } from 'vitest';
import type { SchemeField } from '@atrium/shared';
import { conditionJsonOf, rowsOf, rulesOf, variablesFor, type RuleRow } from './scheme-rules.ts';

const fields: SchemeField[] = [
  { field: 'organizeId', kind: 'organize' },
  { field: 'creatorUserId', kind: 'user' },
  { field: 'account', kind: 'text' },
  { field: 'gender', kind: 'number' },
];
const row = (r: Partial<RuleRow>): RuleRow => ({
  key: 'k',
  field: 'account',
  op: '=',
  mode: 'literal',
  value: '',
  ...r,
});

describe('data-scheme rule editor', () => {
  it('offers only the variables that fit the field kind', () => {
    expect(variablesFor(fields[0])).toEqual(['@organizeId', '@organizationAndSuborganization']);
    expect(variablesFor(fields[1])).toEqual(['@userId', '@userAndSubordinates']);
    expect(variablesFor(fields[2])).toEqual([]);
  });

  it('turns rows into rules: lists for in, numbers for number fields, variables kept', () => {
    expect(
      rulesOf(
        [
          row({ field: 'organizeId', op: 'in', mode: 'variable', value: '@organizationAndSuborganization' }),
          row({ field: 'account', op: 'in', value: 'a, b，c' }),
          row({ field: 'gender', op: '=', value: '2' }),
          row({ field: 'account', op: 'null', value: 'ignored' }),
        ],
        fields,
      ),
    ).toEqual([
      { field: 'organizeId', op: 'in', value: '@organizationAndSuborganization' },
      { field: 'account', op: 'in', value: ['a', 'b', 'c'] },
      { field: 'gender', op: '=', value: 2 },
      { field: 'account', op: 'null' },
    ]);
    expect(rulesOf([row({ value: ' ' })], fields)).toBeNull();
    expect(rulesOf([row({ field: 'nope', value: 'x' })], fields)).toBeNull();
  });

  it('round-trips stored JSON through the rows', () => {
    const json =
      '[{"field":"account","op":"in","value":["a","b"]},{"field":"creatorUserId","op":"=","value":"@userId"}]';
    const rows = rowsOf(json);
    expect(rows.map((r) => [r.mode, r.value])).toEqual([
      ['literal', 'a, b'],
      ['variable', '@userId'],
    ]);
    expect(conditionJsonOf(rows, fields, false)).toEqual({ json });
    expect(rowsOf('{bad')).toEqual([]);
  });

  it('refuses an empty list unless all data, and what the shared check refuses', () => {
    expect(conditionJsonOf([], fields, false)).toEqual({ problem: 'empty' });
    expect(conditionJsonOf([], fields, true)).toEqual({ json: '[]' });
    expect(conditionJsonOf([row({ field: 'gender', op: '=', value: 'x' })], fields, false)).toEqual({
      problem: 'invalid',
    });
    expect(conditionJsonOf([row({ op: 'like', value: '' })], fields, false)).toEqual({ problem: 'incomplete' });
  });
});
