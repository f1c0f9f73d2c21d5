import { describe, expect, it } from 'vitest';
import { patterns } from './patterns.ts';

describe('validation patterns', () => {
  const cases: [keyof typeof patterns, string[], string[]][] = [
    ['mobile', ['13800138000', '19912345678'], ['12800138000', '1380013800', '138001380001', 'abc']],
    ['password', ['abc123', 'A1b2C3d4e5f6g7h8'], ['123456', 'abcdef', 'ab12', 'abc123!@#', 'a1b2c3d4e5f6g7h8i']],
    [
      'idCard',
      ['11010519491231002X', '440524188001010014'],
      ['11010519491231002', '010105194912310021', '11010519491331002X'],
    ],
    ['email', ['a.b@example.com', 'x+y@sub.domain.cn'], ['a@b', 'no-at.example.com', 'a@b.c']],
    ['plate', ['京A12345', '粤B1234学', '沪AD12345'], ['A12345', '京I12345', '京A123']],
    ['chinese', ['中文', '汉字测试'], ['中a', 'abc', '']],
    ['enCode', ['abc', 'a.b.c', 'A1.2'], ['.abc', 'abc.', 'a_b', 'a-b']],
    ['account', ['admin', 'user01'], ['user_01', 'a b', '张三']],
    ['fullName', ['张三', 'Team1', '研发中心A'], ['a-b', 'x@y', 'name!']],
    ['numericCode', ['0012', '7'], ['12a', '']],
    ['duration', ['1', '2.5', '10.0'], ['1.2', '0.25', '-1']],
    ['positiveInteger', ['1', '42'], ['0', '01', '-3', '1.5']],
    ['fieldName', ['field1', 'F_name'], ['1field', '_field', 'fi-eld']],
  ];
  it.each(cases)('%s accepts what it should and refuses the rest', (name, good, bad) => {
    for (const value of good) expect(patterns[name].test(value), `${name} ${value}`).toBe(true);
    for (const value of bad) expect(patterns[name].test(value), `${name} ${value}`).toBe(false);
  });
});
