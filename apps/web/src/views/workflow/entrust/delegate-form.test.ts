import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toBody, toValues } from './delegate-form.ts';

describe('delegation dialog values', () => {
  it('sends the delegate, the type, the flow (or every flow) and whole days of the period', () => {
    const body = toBody({
      toUser: [{ id: 'u2', fullName: '李四' }],
      type: 1,
      flowId: '',
      range: [dayjs('2026-04-01T15:00:00'), dayjs('2026-04-03T08:00:00')],
      description: '  出差  ',
    });
    expect(body).toEqual({
      toUserId: 'u2',
      type: 1,
      flowId: null,
      startTime: new Date('2026-04-01T00:00:00').getTime(),
      endTime: new Date('2026-04-03T23:59:59.999').getTime(),
      description: '出差',
    });
  });

  it('reads a stored delegation back into the dialog', () => {
    const values = toValues({
      id: 'd1',
      userId: 'u1',
      userName: '张三',
      toUserId: 'u2',
      toUserName: '李四',
      type: 0,
      flowId: 'tpl',
      flowName: '请假',
      startTime: new Date('2026-04-01T00:00:00').getTime(),
      endTime: new Date('2026-04-03T23:59:59').getTime(),
      description: null,
      enabled: 1,
    });
    expect(values.toUser).toEqual([{ id: 'u2', fullName: '李四' }]);
    expect(values.range.map((d) => d.format('YYYY-MM-DD'))).toEqual(['2026-04-01', '2026-04-03']);
    expect(values).toMatchObject({ type: 0, flowId: 'tpl' });
  });
});
