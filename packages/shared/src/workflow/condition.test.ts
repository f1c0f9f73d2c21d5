import { describe, expect, it } from 'vitest';
import { evaluateRule, evaluateWhen, matchBranches, readPath, type ConditionContext } from './condition.ts';
import { branch, conditionNode } from './fixtures.ts';
import type { ConditionOp, ConditionRule, ConditionWhen } from './types.ts';

const ctx = (formData: Record<string, unknown>, system: Record<string, unknown> = {}): ConditionContext => ({
  formData,
  system,
});
const rule = (left: string, op: ConditionOp, right?: unknown, rightIsField?: boolean): ConditionRule => ({
  left,
  op,
  right,
  ...(rightIsField ? { rightIsField } : {}),
});
const check = (data: Record<string, unknown>, left: string, op: ConditionOp, right?: unknown) =>
  evaluateRule(rule(left, op, right), ctx(data));

describe('condition rules', () => {
  it('== and <> compare numbers when both sides read as numbers, text otherwise', () => {
    expect(check({ n: 5000 }, 'n', '==', '5000')).toBe(true);
    expect(check({ n: '5000.0' }, 'n', '==', 5000)).toBe(true);
    expect(check({ n: ' 12 ' }, 'n', '==', 12)).toBe(true);
    expect(check({ n: 5000 }, 'n', '<>', '5000')).toBe(false);
    expect(check({ n: 5001 }, 'n', '<>', 5000)).toBe(true);
    expect(check({ s: 'abc' }, 's', '==', 'abc')).toBe(true);
    expect(check({ s: 'abc' }, 's', '==', 'ABC')).toBe(false);
    expect(check({ s: 'abc' }, 's', '<>', 'abd')).toBe(true);
    expect(check({ b: true }, 'b', '==', 'true')).toBe(true);
    expect(check({}, 'missing', '==', '')).toBe(true);
    expect(check({}, 'missing', '==', 0)).toBe(false);
  });

  it('> >= < <= order numbers numerically, not as text', () => {
    expect(check({ n: '10' }, 'n', '>', '9')).toBe(true);
    expect(check({ n: 10 }, 'n', '>', 10)).toBe(false);
    expect(check({ n: 10 }, 'n', '>=', '10')).toBe(true);
    expect(check({ n: 9 }, 'n', '<', 10)).toBe(true);
    expect(check({ n: 10 }, 'n', '<', 10)).toBe(false);
    expect(check({ n: 10 }, 'n', '<=', 10)).toBe(true);
    expect(check({ n: -1.5 }, 'n', '<', '-1')).toBe(true);
    expect(check({ n: '1e3' }, 'n', '>', 999)).toBe(true);
  });

  it('orders text as text when either side is not a number', () => {
    expect(check({ s: 'b' }, 's', '>', 'a')).toBe(true);
    expect(check({ s: '10a' }, 's', '>', '9')).toBe(false);
    expect(check({ s: 'a' }, 's', '<=', 'a')).toBe(true);
  });

  it('an empty side is neither greater nor smaller than anything', () => {
    for (const op of ['>', '>=', '<', '<='] as const) {
      expect(check({}, 'n', op, 5000)).toBe(false);
      expect(check({ n: '' }, 'n', op, 5000)).toBe(false);
      expect(check({ n: 5 }, 'n', op, null)).toBe(false);
    }
  });

  it('compares dates as epoch milliseconds, date text included', () => {
    const day = new Date(2024, 0, 15).getTime();
    expect(check({ d: day }, 'd', '==', '2024-01-15')).toBe(true);
    expect(check({ d: day }, 'd', '>', '2024-01-14')).toBe(true);
    expect(check({ d: day }, 'd', '<', '2024-01-15 08:00')).toBe(true);
    expect(check({ d: new Date(day) }, 'd', '>=', day)).toBe(true);
    expect(check({ d: '2024-02-01' }, 'd', '>', day)).toBe(true);
  });

  it('like and notLike look for a substring, ignoring case', () => {
    expect(check({ s: 'Travel to Beijing' }, 's', 'like', 'beijing')).toBe(true);
    expect(check({ s: 'Travel' }, 's', 'like', 'shanghai')).toBe(false);
    expect(check({ s: 'Travel' }, 's', 'notLike', 'shanghai')).toBe(true);
    expect(check({ s: 'Travel' }, 's', 'notLike', 'TRAV')).toBe(false);
    expect(check({ n: 12345 }, 'n', 'like', 234)).toBe(true);
    expect(check({}, 's', 'like', 'x')).toBe(false);
  });

  it('in and notIn take a list or comma text', () => {
    expect(check({ t: 'b' }, 't', 'in', ['a', 'b'])).toBe(true);
    expect(check({ t: 'c' }, 't', 'in', ['a', 'b'])).toBe(false);
    expect(check({ t: 'b' }, 't', 'in', 'a, b')).toBe(true);
    expect(check({ t: 'b' }, 't', 'in', 'a，b')).toBe(true);
    expect(check({ t: 2 }, 't', 'in', '1,2,3')).toBe(true);
    expect(check({ t: 'c' }, 't', 'notIn', 'a,b')).toBe(true);
    expect(check({ t: 'a' }, 't', 'notIn', ['a'])).toBe(false);
    expect(check({ t: 'a' }, 't', 'in', [])).toBe(false);
  });

  it('between is inclusive at both ends and accepts an open end', () => {
    expect(check({ n: 10 }, 'n', 'between', [10, 20])).toBe(true);
    expect(check({ n: 20 }, 'n', 'between', ['10', '20'])).toBe(true);
    expect(check({ n: 21 }, 'n', 'between', [10, 20])).toBe(false);
    expect(check({ n: 9.99 }, 'n', 'between', [10, 20])).toBe(false);
    expect(check({ n: 15 }, 'n', 'between', '10,20')).toBe(true);
    expect(check({ n: 1e9 }, 'n', 'between', [10, null])).toBe(true);
    expect(check({}, 'n', 'between', [10, 20])).toBe(false);
    expect(check({ n: 5 }, 'n', 'between', [null, null])).toBe(false);
  });

  it('isEmpty and notEmpty treat null, undefined, empty text and empty lists as empty', () => {
    for (const value of [null, undefined, '', []]) {
      expect(check({ v: value }, 'v', 'isEmpty')).toBe(true);
      expect(check({ v: value }, 'v', 'notEmpty')).toBe(false);
    }
    for (const value of [0, 'x', ['a'], false]) {
      expect(check({ v: value }, 'v', 'isEmpty')).toBe(false);
      expect(check({ v: value }, 'v', 'notEmpty')).toBe(true);
    }
    expect(check({}, 'absent', 'isEmpty')).toBe(true);
  });

  it('belongsTo asks the context, and is false without it', () => {
    const inside = (value: unknown, orgId: string) => value === 'dept-sales' && orgId === 'company';
    const data = { d: 'dept-sales' };
    expect(evaluateRule(rule('d', 'belongsTo', 'company'), { ...ctx(data), belongsTo: inside })).toBe(true);
    expect(evaluateRule(rule('d', 'belongsTo', 'other'), { ...ctx(data), belongsTo: inside })).toBe(false);
    expect(evaluateRule(rule('d', 'belongsTo', ['other', 'company']), { ...ctx(data), belongsTo: inside })).toBe(true);
    expect(evaluateRule(rule('d', 'belongsTo', 'company'), ctx(data))).toBe(false);
  });

  it('reads dotted paths and @ system variables', () => {
    const data = { applicant: { dept: { id: 'd1' } }, 'a.b': 'flat' };
    expect(readPath(data, 'applicant.dept.id')).toBe('d1');
    expect(readPath(data, 'a.b')).toBe('flat');
    expect(readPath(data, 'applicant.nope.id')).toBeUndefined();
    expect(check(data, 'applicant.dept.id', '==', 'd1')).toBe(true);
    const sys = ctx({ initiatorDept: 'form-value' }, { initiatorDept: 'd9', flowUrgent: 3 });
    expect(evaluateRule(rule('@initiatorDept', '==', 'd9'), sys)).toBe(true);
    expect(evaluateRule(rule('@flowUrgent', '>=', 2), sys)).toBe(true);
    expect(evaluateRule(rule('initiatorDept', '==', 'd9'), sys)).toBe(false);
    expect(evaluateRule(rule('@initiatorDept', '==', 'd9'), ctx({}, { '@initiatorDept': 'd9' }))).toBe(true);
  });

  it('takes the right side from another field when rightIsField', () => {
    const data = { actual: 120, budget: 100, cap: '150' };
    expect(evaluateRule(rule('actual', '>', 'budget', true), ctx(data))).toBe(true);
    expect(evaluateRule(rule('actual', '>', 'cap', true), ctx(data))).toBe(false);
    // Without the flag the right side is the literal text.
    expect(evaluateRule(rule('actual', '==', 'budget'), ctx(data))).toBe(false);
  });

  it('reads a list on the left as a set: == contains, in intersects', () => {
    const data = { tags: ['red', 'blue'], roles: ['r1', 'r2'] };
    expect(check(data, 'tags', '==', 'red')).toBe(true);
    expect(check(data, 'tags', '==', 'green')).toBe(false);
    expect(check(data, 'tags', '==', ['red', 'blue'])).toBe(true);
    expect(check(data, 'tags', '==', ['red', 'green'])).toBe(false);
    expect(check(data, 'tags', '<>', 'green')).toBe(true);
    expect(check(data, 'tags', '<>', 'red')).toBe(false);
    expect(check(data, 'tags', 'in', ['green', 'blue'])).toBe(true);
    expect(check(data, 'tags', 'in', 'green,yellow')).toBe(false);
    expect(check(data, 'tags', 'notIn', ['green'])).toBe(true);
    expect(check(data, 'tags', 'notIn', ['blue'])).toBe(false);
    expect(check(data, 'tags', 'like', 'BL')).toBe(true);
    expect(check(data, 'tags', 'notLike', 'BL')).toBe(false);
    expect(check({ n: [3, 50] }, 'n', '>', 10)).toBe(true);
    expect(check({ n: [3, 5] }, 'n', '>', 10)).toBe(false);
    expect(evaluateRule(rule('@initiatorRoles', '==', 'r2'), ctx({}, { initiatorRoles: ['r1', 'r2'] }))).toBe(true);
  });

  it('refuses an operator it does not know instead of guessing', () => {
    expect(evaluateRule({ left: 'n', op: 'eval' as ConditionOp, right: '1' }, ctx({ n: 1 }))).toBe(false);
  });
});

describe('condition groups', () => {
  const data = { amount: 8000, type: 'travel', days: 2 };
  const big = rule('amount', '>', 5000);
  const small = rule('amount', '<', 100);
  const travel = rule('type', '==', 'travel');
  const long = rule('days', '>', 5);
  const when = (logic: 'and' | 'or', ...groups: ConditionWhen['groups']): ConditionWhen => ({ logic, groups });

  it('joins the rules of a group with its logic', () => {
    expect(evaluateWhen(when('and', { logic: 'and', rules: [big, travel] }), ctx(data))).toBe(true);
    expect(evaluateWhen(when('and', { logic: 'and', rules: [big, long] }), ctx(data))).toBe(false);
    expect(evaluateWhen(when('and', { logic: 'or', rules: [small, long] }), ctx(data))).toBe(false);
    expect(evaluateWhen(when('and', { logic: 'or', rules: [big, long] }), ctx(data))).toBe(true);
  });

  it('joins the groups with the branch logic', () => {
    const yes = { logic: 'and' as const, rules: [big] };
    const no = { logic: 'and' as const, rules: [long] };
    expect(evaluateWhen(when('and', yes, no), ctx(data))).toBe(false);
    expect(evaluateWhen(when('or', yes, no), ctx(data))).toBe(true);
    expect(evaluateWhen(when('or', no, no), ctx(data))).toBe(false);
    expect(evaluateWhen(when('and', yes, yes), ctx(data))).toBe(true);
  });

  it('holds with no condition at all, ignoring empty groups', () => {
    expect(evaluateWhen(undefined, ctx(data))).toBe(true);
    expect(evaluateWhen(when('and'), ctx(data))).toBe(true);
    expect(evaluateWhen(when('or', { logic: 'or', rules: [] }), ctx(data))).toBe(true);
    expect(evaluateWhen(when('or', { logic: 'or', rules: [] }, { logic: 'and', rules: [long] }), ctx(data))).toBe(
      false,
    );
  });
});

describe('branch selection', () => {
  const over = (n: number) => rule('amount', '>', n);
  const branches = () => [
    branch('dflt', 'default', null, 0),
    branch('over1000', [over(1000)], null, 2),
    branch('over5000', [over(5000)], null, 1),
    branch('over100', [over(100)], null, 3),
  ];
  const picked = (mode: 'exclusive' | 'inclusive' | 'chooser', amount: number) =>
    matchBranches(conditionNode('C', branches(), mode), ctx({ amount })).map((b) => b.nodeId);

  it('exclusive takes the first matching branch by priority, whatever the designer order', () => {
    expect(picked('exclusive', 8000)).toEqual(['over5000']);
    expect(picked('exclusive', 3000)).toEqual(['over1000']);
    expect(picked('exclusive', 500)).toEqual(['over100']);
  });

  it('exclusive falls back to the default branch, even when its priority comes first', () => {
    expect(picked('exclusive', 50)).toEqual(['dflt']);
  });

  it('inclusive takes every matching branch by priority, else the default', () => {
    expect(picked('inclusive', 8000)).toEqual(['over5000', 'over1000', 'over100']);
    expect(picked('inclusive', 3000)).toEqual(['over1000', 'over100']);
    expect(picked('inclusive', 50)).toEqual(['dflt']);
  });

  it('takes nothing when nothing matches and there is no default, and in chooser mode', () => {
    const noDefault = conditionNode('C', [branch('x', [over(10)])], 'exclusive');
    expect(matchBranches(noDefault, ctx({ amount: 1 }))).toEqual([]);
    expect(matchBranches({ ...noDefault, properties: { mode: 'inclusive' } }, ctx({ amount: 1 }))).toEqual([]);
    expect(picked('chooser', 8000)).toEqual([]);
  });

  it('keeps the designer order between equal priorities', () => {
    const same = conditionNode('C', [branch('first', [over(1)], null, 1), branch('second', [over(1)], null, 1)]);
    expect(matchBranches(same, ctx({ amount: 5 })).map((b) => b.nodeId)).toEqual(['first']);
  });
});
