import { describe, expect, it } from 'vitest';
import { approverNode, branch, chain, conditionNode, copyNode, parallelNode, startNode } from './fixtures.ts';
import { insertAfter, mapTree, updateNode } from './tree.ts';
import type {
  ConditionBranch,
  ConditionNode,
  ConditionRule,
  FlowNode,
  ParallelNode,
  StartNode,
  SubFlowNode,
  TimerNode,
  TriggerNode,
} from './types.ts';
import { validateFlowTree, type FlowProblem, type FlowProblemKey } from './validate.ts';

const FIELDS = ['amount', 'deadline', 'manager', 'type'];
const CODE = 'expense';

/** One node of every kind, every reference valid. */
function goodTree(): StartNode {
  const subFlow: SubFlowNode = {
    nodeId: 'sub',
    type: 'subFlow',
    name: '采购子流程',
    properties: { templateCode: 'purchase', initiator: { mode: 'formField', formField: 'manager' }, wait: true },
    childNode: null,
  };
  const timer: TimerNode = {
    nodeId: 't',
    type: 'timer',
    name: '等到截止日',
    properties: { untilField: 'deadline' },
    childNode: null,
  };
  const trigger: TriggerNode = {
    nodeId: 'trg',
    type: 'trigger',
    name: '清零',
    properties: { setFields: [{ field: 'amount', value: 0 }] },
    childNode: null,
  };
  const handle = {
    ...approverNode('h', { assigneeType: 4, formField: 'manager' }),
    type: 'handle' as const,
    name: '经办',
  };
  const c1 = conditionNode('C1', [
    branch(
      'b1',
      [
        { left: 'amount', op: '>', right: 5000 },
        { left: '@initiatorDept', op: 'in', right: ['d1'] },
        { left: 'type', op: 'isEmpty' },
        { left: 'amount', op: '<', right: 'deadline', rightIsField: true },
      ],
      approverNode('a2', { assigneeType: 5, approverNodeId: 'a1', rejectTarget: 'node', rejectNodeIds: ['a1', 's'] }),
    ),
    branch('b2', 'default', null, 2),
  ]);
  const p1 = parallelNode('P1', [
    branch('p1', [], copyNode('cc')),
    branch('p2', [], { ...timer, childNode: approverNode('a3', { assigneeType: 9, interfaceId: 'if1' }) }),
  ]);
  return chain(
    startNode('s', { formOperates: [{ id: 'amount', read: true, write: true }] }),
    approverNode('a1', {
      assigneeType: 6,
      members: { users: ['u1'] },
      counterSign: 1,
      countersignRatio: 60,
      rejectTarget: 'start',
      rejectNodeIds: ['s'],
      formOperates: [{ id: 'type', read: true, write: false }],
    }),
    c1,
    p1,
    subFlow,
    trigger,
    handle,
  );
}

const problems = (tree: FlowNode, lang?: 'zh-CN' | 'zh-TW' | 'en-US') =>
  validateFlowTree(tree, { formFields: FIELDS, templateCode: CODE, ...(lang ? { lang } : {}) });

/** The tree has exactly this one problem. */
function expectOnly(tree: FlowNode, key: FlowProblemKey, nodeId: string | null, message?: string): FlowProblem {
  const found = problems(tree);
  expect(found.map((p) => [p.key, p.nodeId])).toEqual([[key, nodeId]]);
  const [problem] = found as [FlowProblem];
  if (message !== undefined) expect(problem.message).toBe(message);
  return problem;
}

const setProps = (tree: FlowNode, nodeId: string, properties: object) => updateNode(tree, nodeId, { properties });
const editBranch = (tree: FlowNode, branchId: string, fn: (b: ConditionBranch) => ConditionBranch) =>
  mapTree(tree, (node) =>
    (node.type === 'condition' || node.type === 'parallel') && node.conditionNodes.some((b) => b.nodeId === branchId)
      ? { ...node, conditionNodes: node.conditionNodes.map((b) => (b.nodeId === branchId ? fn(b) : b)) }
      : node,
  );
const withRules = (tree: FlowNode, branchId: string, rules: ConditionRule[]) =>
  editBranch(tree, branchId, (b) => ({ ...b, when: { logic: 'and', groups: [{ logic: 'and', rules }] } }));
const setMode = (tree: FlowNode, mode: 'exclusive' | 'inclusive' | 'chooser') =>
  mapTree(tree, (n) => (n.nodeId === 'C1' ? ({ ...n, properties: { mode } } as ConditionNode) : n));

describe('publish checks', () => {
  it('find nothing wrong in a tree using every kind of node correctly', () => {
    expect(problems(goodTree())).toEqual([]);
    expect(validateFlowTree(goodTree())).toEqual([]);
  });

  it('require the start node at the root and only there', () => {
    expectOnly(chain(approverNode('x')), 'rootNotStart', null, '流程必须从发起节点开始');
    expectOnly(
      insertAfter(goodTree(), 'a1', startNode('s2')),
      'startNotRoot',
      's2',
      '发起节点「发起人」只能位于流程开头',
    );
  });

  it('refuse a node id or branch id used twice', () => {
    expectOnly(
      insertAfter(goodTree(), 'trg', approverNode('a2')),
      'duplicateNodeId',
      'a2',
      '审批节点「审批a2」的编号 a2 与其他节点重复',
    );
    const sameBranchId = editBranch(goodTree(), 'p2', (b) => ({ ...b, nodeId: 'b1' }));
    expectOnly(sameBranchId, 'duplicateNodeId', 'b1');
  });

  it('refuse a node without a name', () => {
    expectOnly(updateNode(goodTree(), 'a1', { name: '  ' }), 'emptyName', 'a1', '存在未命名的审批节点');
  });

  it('refuse an approver without handlers, for each way of finding them', () => {
    const tree = goodTree();
    expectOnly(setProps(tree, 'a1', { members: {} }), 'noAssignee', 'a1', '审批节点「审批a1」未设置审批人');
    expectOnly(setProps(tree, 'a1', { assigneeType: 7, members: { roles: [] } }), 'noAssignee', 'a1');
    expect(problems(setProps(tree, 'a1', { assigneeType: 7, members: { roles: ['r1'] } }))).toEqual([]);
    expectOnly(setProps(tree, 'a3', { interfaceId: '' }), 'interfaceMissing', 'a3', '审批节点「审批a3」未选择数据接口');
    expectOnly(setProps(tree, 'a2', { approverNodeId: undefined }), 'noAssignee', 'a2');
    expectOnly(setProps(tree, 'h', { formField: undefined }), 'noAssignee', 'h', '办理节点「经办」未设置办理人');
    expectOnly(setProps(tree, 'a1', { assigneeType: 8 }), 'noAssignee', 'a1');
  });

  it('refuse references to form fields that do not exist, and skip the check without the field list', () => {
    const tree = goodTree();
    const bad: Array<[FlowNode, string]> = [
      [setProps(tree, 'h', { formField: 'ghost' }), 'h'],
      [setProps(tree, 's', { formOperates: [{ id: 'ghost', read: true, write: false }] }), 's'],
      [setProps(tree, 'a1', { formOperates: [{ id: 'ghost', read: true, write: true }] }), 'a1'],
      [setProps(tree, 't', { untilField: 'ghost' }), 't'],
      [setProps(tree, 'cc', { formField: 'ghost' }), 'cc'],
      [setProps(tree, 'trg', { setFields: [{ field: 'ghost', value: 1 }] }), 'trg'],
      [setProps(tree, 'sub', { initiator: { mode: 'formField', formField: 'ghost' } }), 'sub'],
    ];
    for (const [badTree, nodeId] of bad) {
      const problem = expectOnly(badTree, 'fieldUnknown', nodeId);
      expect(problem.message).toContain(' ghost ');
      expect(validateFlowTree(badTree, { templateCode: CODE })).toEqual([]);
    }
    expect(problems(setProps(tree, 'h', { formField: 'boss' }))[0]?.message).toBe(
      '办理节点「经办」引用的表单字段 boss 不存在',
    );
  });

  it('require "same handler as" to name an approval node before it on every path', () => {
    const tree = goodTree();
    expectOnly(setProps(tree, 'a2', { approverNodeId: 'h' }), 'approverNodeInvalid', 'a2');
    expectOnly(setProps(tree, 'h', { assigneeType: 5, approverNodeId: 'a2' }), 'approverNodeInvalid', 'h');
    expectOnly(setProps(tree, 'h', { assigneeType: 5, approverNodeId: 'cc' }), 'approverNodeInvalid', 'h');
    expectOnly(setProps(tree, 'h', { assigneeType: 5, approverNodeId: 's' }), 'approverNodeInvalid', 'h');
    expect(problems(setProps(tree, 'h', { assigneeType: 5, approverNodeId: 'a1' }))).toEqual([]);
  });

  it('require a countersign ratio between 1 and 100', () => {
    for (const ratio of [0, 101, -5, Number.NaN]) {
      expectOnly(setProps(goodTree(), 'a1', { countersignRatio: ratio }), 'countersignRatio', 'a1');
    }
    expect(problems(setProps(goodTree(), 'a1', { countersignRatio: 100 }))).toEqual([]);
    expect(problems(setProps(goodTree(), 'a1', { countersignRatio: 1 }))).toEqual([]);
  });

  it('require two branches in a group', () => {
    const oneBranch = mapTree(goodTree(), (n) =>
      n.nodeId === 'P1'
        ? { ...(n as ParallelNode), conditionNodes: (n as ParallelNode).conditionNodes.slice(0, 1) }
        : n,
    );
    expectOnly(oneBranch, 'branchTooFew', 'P1', '并行分支「并行P1」至少需要两个分支');
  });

  it('require exactly one default branch in an exclusive group', () => {
    const noDefault = editBranch(goodTree(), 'b2', (b) => ({
      ...b,
      isDefault: false,
      when: { logic: 'and', groups: [{ logic: 'and', rules: [{ left: 'amount', op: '<=', right: 5000 }] }] },
    }));
    expectOnly(noDefault, 'exclusiveDefault', 'C1', '条件分支「条件C1」必须有且只有一个默认分支');
    const twoDefaults = editBranch(goodTree(), 'b1', (b) => ({ ...b, isDefault: true }));
    expectOnly(twoDefaults, 'exclusiveDefault', 'C1');
  });

  it('allow an inclusive group at most one default, and a chooser group none', () => {
    const twoDefaults = setMode(
      editBranch(goodTree(), 'b1', (b) => ({ ...b, isDefault: true })),
      'inclusive',
    );
    expectOnly(twoDefaults, 'inclusiveDefault', 'C1', '条件分支「条件C1」最多只能有一个默认分支');
    const noDefault = editBranch(setMode(goodTree(), 'inclusive'), 'b2', (b) => ({
      ...b,
      isDefault: false,
      when: { logic: 'or', groups: [{ logic: 'or', rules: [{ left: 'type', op: 'notEmpty' }] }] },
    }));
    expect(problems(noDefault)).toEqual([]);
    const chooser = editBranch(setMode(goodTree(), 'chooser'), 'b2', (b) => ({ ...b, isDefault: false }));
    expect(problems(chooser)).toEqual([]);
  });

  it('require a rule on every non-default branch', () => {
    const empty = editBranch(goodTree(), 'b1', (b) => ({
      ...b,
      when: { logic: 'and', groups: [{ logic: 'and', rules: [] }] },
    }));
    expectOnly(empty, 'branchNoRule', 'b1', '条件分支「条件C1」的分支「分支b1」未设置条件');
    const noWhen = editBranch(goodTree(), 'b1', ({ when: _when, ...rest }) => rest);
    expectOnly(noWhen, 'branchNoRule', 'b1');
  });

  it('require rules to name existing fields, valid operators and a value', () => {
    const tree = goodTree();
    expectOnly(
      withRules(tree, 'b1', [{ left: 'ghost', op: '==', right: 1 }]),
      'conditionFieldUnknown',
      'b1',
      '条件分支「条件C1」的分支「分支b1」引用的字段 ghost 不存在',
    );
    expectOnly(
      withRules(tree, 'b1', [{ left: 'amount', op: '>', right: 'ghost', rightIsField: true }]),
      'conditionFieldUnknown',
      'b1',
    );
    expect(problems(withRules(tree, 'b1', [{ left: '@anything', op: '==', right: 1 }]))).toEqual([]);
    expectOnly(
      withRules(tree, 'b1', [{ left: 'amount', op: '=~' as '==', right: 1 }]),
      'conditionOpInvalid',
      'b1',
      '条件分支「条件C1」的分支「分支b1」使用了无效的运算符 =~',
    );
    expectOnly(withRules(tree, 'b1', [{ left: 'amount', op: 'between', right: [5] }]), 'conditionValueMissing', 'b1');
    expectOnly(withRules(tree, 'b1', [{ left: 'amount', op: '>', right: '' }]), 'conditionValueMissing', 'b1');
    expectOnly(withRules(tree, 'b1', [{ left: 'type', op: 'in', right: [] }]), 'conditionValueMissing', 'b1');
    expect(problems(withRules(tree, 'b1', [{ left: 'amount', op: 'between', right: [1, null] }]))).toEqual([]);
    // Unknown fields are not checked without the field list, operators always are.
    expect(validateFlowTree(withRules(tree, 'b1', [{ left: 'ghost', op: '==', right: 1 }]))).toEqual([]);
  });

  it('require reject targets to be nodes that run before the node on every path', () => {
    const tree = goodTree();
    expectOnly(setProps(tree, 'a1', { rejectTarget: 'node', rejectNodeIds: [] }), 'rejectTargetMissing', 'a1');
    expectOnly(
      setProps(tree, 'a1', { rejectNodeIds: ['a2'] }),
      'rejectTargetInvalid',
      'a1',
      '审批节点「审批a1」只能退回到它之前的节点',
    );
    // A node inside an earlier branch does not run on every path.
    expectOnly(setProps(tree, 'h', { rejectNodeIds: ['a2'] }), 'rejectTargetInvalid', 'h');
    // A group is not a place a flow can return to.
    expectOnly(setProps(tree, 'h', { rejectNodeIds: ['C1'] }), 'rejectTargetInvalid', 'h');
    expectOnly(setProps(tree, 'h', { rejectNodeIds: ['missing'] }), 'rejectTargetInvalid', 'h');
    expect(problems(setProps(tree, 'h', { rejectNodeIds: ['s', 'a1'] }))).toEqual([]);
    expect(problems(setProps(tree, 'a3', { rejectNodeIds: ['a1'] }))).toEqual([]);
  });

  it('require a sub-flow to start another template', () => {
    expectOnly(
      setProps(goodTree(), 'sub', { templateCode: '' }),
      'subFlowNoTemplate',
      'sub',
      '子流程「采购子流程」未选择要发起的流程',
    );
    expectOnly(
      setProps(goodTree(), 'sub', { templateCode: CODE }),
      'subFlowSelf',
      'sub',
      '子流程「采购子流程」不能发起当前流程本身',
    );
  });

  it('require a delay to wait for something', () => {
    expectOnly(
      setProps(goodTree(), 't', { untilField: undefined, minutes: 0 }),
      'timerNoDelay',
      't',
      '延时节点「等到截止日」未设置等待时长',
    );
    expect(problems(setProps(goodTree(), 't', { untilField: undefined, minutes: 30 }))).toEqual([]);
  });

  it('require a copy node to have recipients and a trigger to do something', () => {
    const noRecipient = mapTree(goodTree(), (n) => (n.nodeId === 'cc' ? ({ ...n, properties: {} } as FlowNode) : n));
    expectOnly(noRecipient, 'copyNoRecipient', 'cc', '抄送节点「抄送cc」未设置抄送人');
    expect(problems(setProps(noRecipient, 'cc', { roles: ['r1'] }))).toEqual([]);
    expect(problems(setProps(noRecipient, 'cc', { formField: 'manager' }))).toEqual([]);
    expectOnly(
      setProps(goodTree(), 'trg', { setFields: [] }),
      'triggerEmpty',
      'trg',
      '触发器「清零」未设置要执行的操作',
    );
  });

  it('require the data interface of a type-9 approver, and parameters of real fields and variables', () => {
    const mapped = (interfaceParams: object[]) => setProps(goodTree(), 'a3', { interfaceParams });
    expect(
      problems(
        mapped([
          { field: 'dept', source: 'form', value: 'type' },
          { field: 'who', source: 'system', value: 'initiatorId' },
          { field: 'kind', source: 'literal', value: '' },
        ]),
      ),
    ).toEqual([]);
    expectOnly(
      mapped([{ field: 'dept', source: 'form', value: 'dept' }]),
      'interfaceParamField',
      'a3',
      '审批节点「审批a3」的接口参数 dept 取自表单字段 dept，该字段不存在',
    );
    expectOnly(
      mapped([{ field: 'who', source: 'system', value: 'initiator' }]),
      'interfaceParamVariable',
      'a3',
      '审批节点「审批a3」的接口参数 who 使用了未知的流程变量 initiator',
    );
    expectOnly(mapped([{ field: 'who', source: 'form', value: '' }]), 'interfaceParamNoValue', 'a3');
    expectOnly(mapped([{ field: '', source: 'literal', value: 'x' }]), 'interfaceParamBlank', 'a3');
    // Without the form's fields (a code form) the names are not checked, but blanks still are.
    const unchecked = validateFlowTree(mapped([{ field: 'dept', source: 'form', value: 'dept' }]), {});
    expect(unchecked).toEqual([]);
  });

  it('check the call of a trigger: interface, parameters, answer mapping and attempts', () => {
    const call = { interfaceId: 'if2', mode: 'wait', responseMap: [{ from: 'data.code', to: 'type' }] };
    const withCall = (extra: object) => setProps(goodTree(), 'trg', { ...call, ...extra });
    expect(problems(withCall({ maxAttempts: 3, onFailure: 'continue' }))).toEqual([]);
    expectOnly(withCall({ interfaceId: '' }), 'interfaceMissing', 'trg', '触发器「清零」未选择数据接口');
    expectOnly(
      withCall({
        interfaceId: undefined,
        mode: 'async',
        responseMap: [],
        interfaceParams: [{ field: 'a', source: 'literal', value: '1' }],
      }),
      'interfaceMissing',
      'trg',
    );
    // Only setting fields needs no interface.
    expect(problems(withCall({ interfaceId: undefined, mode: 'async', responseMap: [] }))).toEqual([]);
    expectOnly(
      withCall({ responseMap: [{ from: 'data.code', to: 'code' }] }),
      'responseFieldUnknown',
      'trg',
      '触发器「清零」的返回值 data.code 写入的表单字段 code 不存在',
    );
    expectOnly(
      withCall({ responseMap: [{ from: '', to: '' }] }),
      'responseFieldMissing',
      'trg',
      '触发器「清零」的返回值 （整个返回值） 未选择要写入的表单字段',
    );
    // An async call does not read the answer, so a stale mapping is no problem.
    expect(problems(withCall({ mode: 'async', responseMap: [{ from: 'x', to: 'gone' }] }))).toEqual([]);
    expectOnly(
      withCall({ interfaceParams: [{ field: 'amt', source: 'form', value: 'price' }] }),
      'interfaceParamField',
      'trg',
    );
    for (const maxAttempts of [0, 2.5, 21]) {
      expectOnly(
        withCall({ maxAttempts }),
        'triggerAttempts',
        'trg',
        '触发器「清零」的调用次数必须是 1 到 20 之间的整数',
      );
    }
    expect(problems(withCall({ responseMap: [{ from: 'a', to: 'gone' }] }), 'en-US')[0]?.message).toBe(
      'Trigger node "清零" writes the answer value a to the form field gone, which does not exist',
    );
    expect(problems(withCall({ interfaceId: '' }), 'zh-TW')[0]?.message).toBe('觸發器「清零」未選擇資料介面');
  });

  it('check a trigger waiting for a callback: its minutes, its answer mapping and the callback variables', () => {
    const tokenParams = [
      { field: 'token', source: 'system', value: 'flowCallbackToken' },
      { field: 'url', source: 'system', value: 'flowCallbackUrl' },
    ];
    const call = {
      interfaceId: 'if2',
      mode: 'callback',
      responseMap: [{ from: 'data.code', to: 'type' }],
      interfaceParams: tokenParams,
    };
    const withCall = (extra: object) => setProps(goodTree(), 'trg', { ...call, ...extra });
    expect(problems(withCall({}))).toEqual([]);
    for (const callbackMinutes of [1, 1440, 43_200]) expect(problems(withCall({ callbackMinutes }))).toEqual([]);
    for (const callbackMinutes of [0, -5, 1.5, 43_201]) {
      expectOnly(
        withCall({ callbackMinutes }),
        'triggerCallbackMinutes',
        'trg',
        '触发器「清零」的回调等待时长必须是 1 到 43200 之间的整数（分钟）',
      );
    }
    expect(problems(withCall({ callbackMinutes: 0 }), 'zh-TW')[0]?.message).toBe(
      '觸發器「清零」的回呼等待時長必須是 1 到 43200 之間的整數（分鐘）',
    );
    expect(problems(withCall({ callbackMinutes: 0 }), 'en-US')[0]?.message).toBe(
      'The minutes Trigger node "清零" waits for its callback must be a whole number from 1 to 43200',
    );
    // Minutes left over from a callback are not read by a node that no longer waits for one.
    expect(problems(withCall({ mode: 'wait', interfaceParams: [], callbackMinutes: 0 }))).toEqual([]);
    // The answer mapping is read, so it is checked as for a waiting call.
    expectOnly(withCall({ responseMap: [{ from: 'data.code', to: 'code' }] }), 'responseFieldUnknown', 'trg');
    // Only a trigger waiting for a callback has a token to hand out.
    expectOnly(
      withCall({ mode: 'wait', interfaceParams: tokenParams.slice(0, 1) }),
      'interfaceParamCallback',
      'trg',
      '触发器「清零」的接口参数 token 使用的流程变量 flowCallbackToken 仅在等待回调时可用',
    );
    expectOnly(
      setProps(goodTree(), 'a3', {
        assigneeType: 9,
        interfaceId: 'if1',
        interfaceParams: tokenParams.slice(1),
      }),
      'interfaceParamCallback',
      'a3',
    );
  });

  it('speak the caller language', () => {
    const tree = setProps(goodTree(), 'a1', { members: {} });
    expect(problems(tree, 'en-US')[0]?.message).toBe('Approval node "审批a1" has no approver');
    expect(problems(tree, 'zh-TW')[0]?.message).toBe('審批節點「审批a1」未設定審批人');
  });

  it('list every problem of a tree in tree order', () => {
    let tree: FlowNode = setProps(goodTree(), 'a1', { members: {} });
    tree = setProps(tree, 'sub', { templateCode: '' });
    tree = updateNode(tree, 'h', { name: '' });
    expect(problems(tree).map((p) => [p.key, p.nodeId])).toEqual([
      ['noAssignee', 'a1'],
      ['subFlowNoTemplate', 'sub'],
      ['emptyName', 'h'],
    ]);
  });
});
