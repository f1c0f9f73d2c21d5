import { describe, expect, it } from 'vitest';
import { approverNode, branch, chain, conditionNode, copyNode, parallelNode, startNode } from './fixtures.ts';
import { createNode } from './tree.ts';
import { summarizeBranch, summarizeMembers, summarizeNode, summarizeRule } from './summary.ts';
import type { ConditionBranch, FlowNode, SubFlowNode, TimerNode, TriggerNode } from './types.ts';

const labels = { fieldLabels: { amount: '金额', type: '类型', boss: '主管' } };

describe('node card summaries', () => {
  it('name who approves, for each way of finding handlers', () => {
    expect(summarizeNode(approverNode('a'))).toBe('发起人的直属主管');
    expect(summarizeNode(approverNode('a', { managerLevel: 2 }))).toBe('发起人的第 2 级主管');
    expect(summarizeNode(approverNode('a', { assigneeType: 2 }))).toBe('发起人的部门负责人');
    expect(summarizeNode(approverNode('a', { assigneeType: 2, departmentLevel: 3 }))).toBe('发起人的第 3 级部门负责人');
    expect(summarizeNode(approverNode('a', { assigneeType: 3 }))).toBe('发起人本人');
    expect(summarizeNode(approverNode('a', { assigneeType: 4, formField: 'boss' }), 'zh-CN', labels)).toBe(
      '表单字段：主管',
    );
    expect(summarizeNode(approverNode('a', { assigneeType: 6, members: { users: ['u1', 'u2', 'u3'] } }))).toBe(
      '指定成员：3 人',
    );
    expect(summarizeNode(approverNode('a', { assigneeType: 6, members: {} }))).toBe('未设置');
    expect(summarizeNode(approverNode('a', { assigneeType: 7, members: { roles: ['r'] } }))).toBe(
      '上一审批人从 1 个角色 中选择',
    );
    expect(summarizeNode(approverNode('a', { assigneeType: 9, interfaceId: 'i' }))).toBe('数据接口返回的人员');
    const root = chain(
      startNode('s'),
      approverNode('a1'),
      approverNode('a2', { assigneeType: 5, approverNodeId: 'a1' }),
    );
    expect(summarizeNode(root.childNode?.childNode as FlowNode, 'zh-CN', { root })).toBe('同「审批a1」的审批人');
    expect(summarizeNode(root.childNode?.childNode as FlowNode)).toBe('同其他节点的审批人');
  });

  it('add how many must approve', () => {
    const members = { assigneeType: 6 as const, members: { users: ['u1', 'u2', 'u3'] } };
    expect(summarizeNode(approverNode('a', { ...members, counterSign: 1 }))).toBe('指定成员：3 人 · 所有人通过');
    expect(summarizeNode(approverNode('a', { ...members, counterSign: 1, countersignRatio: 60 }))).toBe(
      '指定成员：3 人 · 60% 的人通过',
    );
    expect(summarizeNode(approverNode('a', { ...members, counterSign: 2 }), 'en-US')).toBe(
      'Members: 3 users · One after another',
    );
  });

  it('summarise the other kinds of node', () => {
    expect(summarizeNode(startNode('s'))).toBe('所有人');
    expect(summarizeNode(startNode('s', { initiators: { orgs: ['o1', 'o2'], roles: ['r'] } }))).toBe(
      '1 个角色、2 个部门',
    );
    expect(summarizeNode(copyNode('c', { toInitiator: true, users: ['u'], formField: 'boss' }), 'zh-CN', labels)).toBe(
      '抄送：发起人、1 人、表单字段：主管',
    );
    expect(summarizeNode(copyNode('c', {}))).toBe('未设置');
    expect(summarizeNode(conditionNode('C', [], 'inclusive'))).toBe('进入所有满足条件的分支');
    expect(summarizeNode(parallelNode('P', [branch('x', []), branch('y', []), branch('z', [])]))).toBe(
      '3 个分支同时进行',
    );
    const sub = createNode('subFlow') as SubFlowNode;
    expect(summarizeNode(sub)).toBe('未设置');
    expect(summarizeNode({ ...sub, properties: { ...sub.properties, templateCode: 'buy' } })).toBe(
      '发起「buy」并等待其结束',
    );
    expect(summarizeNode({ ...sub, properties: { ...sub.properties, templateCode: 'buy', wait: false } })).toBe(
      '发起「buy」后继续',
    );
    const timer = createNode('timer') as TimerNode;
    expect(summarizeNode(timer)).toBe('等待 1 小时');
    expect(summarizeNode({ ...timer, properties: { minutes: 2880 } })).toBe('等待 2 天');
    expect(summarizeNode({ ...timer, properties: { minutes: 45 } })).toBe('等待 45 分钟');
    expect(summarizeNode({ ...timer, properties: { untilField: 'amount' } }, 'zh-CN', labels)).toBe('等待至 金额');
    const trigger = createNode('trigger') as TriggerNode;
    expect(summarizeNode(trigger)).toBe('未设置');
    expect(summarizeNode({ ...trigger, properties: { interfaceId: 'i', setFields: [{ field: 'a', value: 1 }] } })).toBe(
      '调用数据接口、更新 1 个字段',
    );
    expect(summarizeNode({ ...trigger, properties: { interfaceId: 'i', mode: 'wait' } })).toBe(
      '调用数据接口并等待结果',
    );
    expect(summarizeNode({ ...trigger, properties: { interfaceId: 'i', mode: 'wait' } }, 'en-US')).toBe(
      'Call a data interface and wait for its answer',
    );
    const callback = { ...trigger, properties: { interfaceId: 'i', mode: 'callback' as const } };
    expect(summarizeNode(callback)).toBe('调用数据接口并等待回调');
    expect(summarizeNode(callback, 'zh-TW')).toBe('呼叫資料介面並等待回呼');
    expect(summarizeNode(callback, 'en-US')).toBe('Call a data interface and wait for a callback');
  });

  it('write rules and branches as they read', () => {
    expect(summarizeRule({ left: 'amount', op: '>', right: 5000 }, 'zh-CN', labels)).toBe('金额 > 5000');
    expect(summarizeRule({ left: 'amount', op: 'between', right: [1, 9] }, 'zh-CN', labels)).toBe('金额 介于 1 ~ 9');
    expect(summarizeRule({ left: 'type', op: 'in', right: ['a', 'b'] }, 'zh-CN', labels)).toBe('类型 属于 a,b');
    expect(summarizeRule({ left: 'type', op: 'isEmpty' }, 'en-US', labels)).toBe('类型 is empty');
    expect(summarizeRule({ left: '@initiatorDept', op: '==', right: 'd1' })).toBe('发起部门 = d1');
    expect(summarizeRule({ left: 'amount', op: '<=', right: 'type', rightIsField: true }, 'zh-CN', labels)).toBe(
      '金额 ≤ 类型',
    );
    const twoGroups: ConditionBranch = {
      nodeId: 'b',
      name: 'b',
      priority: 1,
      when: {
        logic: 'or',
        groups: [
          {
            logic: 'and',
            rules: [
              { left: 'amount', op: '>', right: 5000 },
              { left: 'type', op: '==', right: 'x' },
            ],
          },
          { logic: 'and', rules: [{ left: 'amount', op: '<', right: 10 }] },
        ],
      },
      childNode: null,
    };
    expect(summarizeBranch(twoGroups, 'zh-CN', labels)).toBe('(金额 > 5000 且 类型 = x) 或 金额 < 10');
    expect(summarizeBranch(branch('d', 'default'))).toBe('其他条件进入此流程');
    expect(summarizeBranch(branch('e', []))).toBe('请设置条件');
    expect(summarizeMembers(undefined)).toBe('');
  });
});
