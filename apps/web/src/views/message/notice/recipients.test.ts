import { describe, expect, it } from 'vitest';
import { modeOf } from './recipients.ts';

describe('notice recipients', () => {
  it('S1-7-28 reads the mode back from the stored picker values (empty = everyone)', () => {
    expect(modeOf([])).toBe('everyone');
    expect(modeOf(['o1--company', 'o2--department'])).toBe('organizes');
    expect(modeOf(['r1--role'])).toBe('roles');
    expect(modeOf(['u1--user'])).toBe('users');
    expect(modeOf(['u1'])).toBe('users');
  });
});
