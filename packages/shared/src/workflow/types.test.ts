import { describe, expect, it } from 'vitest';
import { FlowStatus, HandleStatus, TERMINAL_FLOW_STATUSES, Urgency, urgencyOf } from './types.ts';

describe('workflow status vocabulary', () => {
  it('S1-9-10 S2-4-26 instance statuses: 1 wait, 2 adopt, 3 reject, 4 revoke, 5 cancel', () => {
    expect(FlowStatus).toMatchObject({ wait: 1, adopt: 2, reject: 3, revoke: 4, cancel: 5 });
    expect([FlowStatus.draft, FlowStatus.suspended]).toEqual([0, 6]);
    expect([...TERMINAL_FLOW_STATUSES].sort()).toEqual([2, 3, 4, 5]);
  });

  it('S1-9-11 S2-4-27 urgency: 1 normal, 2 important, 3 urgent, anything else normal', () => {
    expect(Urgency).toEqual({ normal: 1, important: 2, urgent: 3 });
    expect([1, 2, 3].map(urgencyOf)).toEqual([1, 2, 3]);
    for (const other of [0, 4, -1, '2', null, undefined, 2.5, Number.NaN]) expect(urgencyOf(other)).toBe(1);
  });

  it('S2-4-28 record handling statuses 0 to 9', () => {
    expect(HandleStatus).toMatchObject({
      returned: 0,
      approved: 1,
      initiated: 2,
      withdrawn: 3,
      terminated: 4,
      assigned: 5,
      countersignAdded: 6,
      transferred: 7,
      changed: 8,
      revived: 9,
    });
    const codes = Object.values(HandleStatus);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
