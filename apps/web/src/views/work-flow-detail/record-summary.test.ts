import type { FlowRecord } from '@atrium/shared/workflow';
import { describe, expect, it } from 'vitest';
import { groupRecords } from './record-summary.ts';

const record = (
  id: string,
  nodeId: string,
  handleId: string,
  handleStatus: number,
  handleTime: number,
): FlowRecord => ({
  id,
  nodeId,
  nodeName: { start: '开始', n1: '经理审批', n2: '财务审批' }[nodeId] ?? nodeId,
  handleId,
  userName: { u1: '张三', u2: '李四', u3: '王五' }[handleId] ?? handleId,
  handleTime,
  handleStatus,
  handleOpinion: null,
  signImg: null,
  fileList: [],
  operatorId: null,
  targetUserNames: null,
});

// Submitted, returned by the manager, submitted again, approved by the manager, then by finance.
const history = [
  record('r1', 'start', 'u1', 2, 100),
  record('r2', 'n1', 'u2', 0, 200),
  record('r3', 'start', 'u1', 2, 300),
  record('r5', 'n2', 'u3', 1, 500),
  record('r4', 'n1', 'u2', 1, 400),
];

describe('the approval summary (S2-7-67)', () => {
  it('groups by node in the order the nodes were first reached, records oldest first, with counts per action', () => {
    const groups = groupRecords(history, 'node');
    expect(groups.map((g) => [g.key, g.title, g.records.map((r) => r.id)])).toEqual([
      ['start', '开始', ['r1', 'r3']],
      ['n1', '经理审批', ['r2', 'r4']],
      ['n2', '财务审批', ['r5']],
    ]);
    expect(groups[0]!.counts).toEqual([{ handleStatus: 2, count: 2 }]);
    expect(groups[1]!.counts).toEqual([
      { handleStatus: 0, count: 1 },
      { handleStatus: 1, count: 1 },
    ]);
  });

  it('groups by handler', () => {
    const groups = groupRecords(history, 'user');
    expect(groups.map((g) => [g.title, g.records.map((r) => r.nodeName)])).toEqual([
      ['张三', ['开始', '开始']],
      ['李四', ['经理审批', '经理审批']],
      ['王五', ['财务审批']],
    ]);
  });

  it('answers no group for no record', () => {
    expect(groupRecords([], 'node')).toEqual([]);
  });
});
