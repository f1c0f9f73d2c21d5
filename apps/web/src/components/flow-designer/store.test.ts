import { defaultFlowTree, findBranch, findNode, type ConditionNode, type FlowNode } from '@atrium/shared/workflow';
import { describe, expect, it } from 'vitest';
import { createFlowDesignerStore, MERGE_MS } from './store.ts';

function setup(root: FlowNode = defaultFlowTree()) {
  let clock = 1_000_000;
  const store = createFlowDesignerStore(root, { now: () => clock });
  const s = () => store.getState();
  return { s, tick: (ms: number) => (clock += ms) };
}

/** The node types of the main chain, top to bottom. */
const chain = (root: FlowNode) => {
  const out: string[] = [];
  for (let n: FlowNode | null = root; n; n = n.childNode) out.push(n.type);
  return out;
};

describe('flow designer store', () => {
  it('adds a node after another, selects it, and undo and redo replay it', () => {
    const { s } = setup();
    const approver = s().root.childNode!.nodeId;
    const copy = s().addNode('copy', { after: approver })!;
    expect(chain(s().root)).toEqual(['start', 'approver', 'copy']);
    expect(s().selectedId).toBe(copy);
    s().undo();
    expect(chain(s().root)).toEqual(['start', 'approver']);
    expect(s().selectedId).toBeNull();
    s().redo();
    expect(chain(s().root)).toEqual(['start', 'approver', 'copy']);
  });

  it('adds a condition group with a rule branch and a default, and branches before the default', () => {
    const { s } = setup();
    const group = s().addNode('condition', { after: s().root.nodeId })!;
    const node = () => findNode(s().root, group) as ConditionNode;
    expect(node().conditionNodes.map((b) => !!b.isDefault)).toEqual([false, true]);
    const added = s().addBranch(group)!;
    expect(node().conditionNodes.map((b) => b.nodeId)[1]).toBe(added);
    expect(node().conditionNodes.map((b) => b.priority)).toEqual([1, 2, 3]);
    expect(node().conditionNodes[1]!.name).toBe('条件2');
    // A node inside a branch, then the branch moved left: priorities follow the order.
    s().addNode('approver', { branch: added });
    s().moveBranch(added, -1);
    expect(node().conditionNodes[0]!.nodeId).toBe(added);
    expect(node().conditionNodes[0]!.childNode?.type).toBe('approver');
    expect(node().conditionNodes.map((b) => b.priority)).toEqual([1, 2, 3]);
    // The default branch stays last.
    s().moveBranch(node().conditionNodes[1]!.nodeId, 1);
    expect(node().conditionNodes[2]!.isDefault).toBe(true);
  });

  it('removing a branch down to one dissolves the group into the chain', () => {
    const { s } = setup();
    const group = s().addNode('parallel', { after: s().root.nodeId })!;
    const [first, second] = (findNode(s().root, group) as ConditionNode).conditionNodes;
    s().addNode('copy', { branch: first!.nodeId });
    s().remove(second!.nodeId);
    expect(findNode(s().root, group)).toBeNull();
    expect(chain(s().root)).toEqual(['start', 'copy', 'approver']);
  });

  it('merges typing into one property as one undo step, and a new step after a pause', () => {
    const { s, tick } = setup();
    const id = s().root.childNode!.nodeId;
    s().updateNode(id, { name: 'A' }, 'name');
    tick(100);
    s().updateNode(id, { name: 'AB' }, 'name');
    tick(MERGE_MS + 1);
    s().updateNode(id, { name: 'ABC' }, 'name');
    expect(s().past).toHaveLength(2);
    s().undo();
    expect(findNode(s().root, id)!.name).toBe('AB');
    s().undo();
    expect(findNode(s().root, id)!.name).toBe('审批人');
  });

  it('one default branch per group: choosing another moves it last and gives the old one rules', () => {
    const { s } = setup();
    const group = s().addNode('condition', { after: s().root.nodeId })!;
    const [rule, fallback] = (findNode(s().root, group) as ConditionNode).conditionNodes;
    s().updateBranch(rule!.nodeId, { isDefault: true });
    const branches = (findNode(s().root, group) as ConditionNode).conditionNodes;
    expect(branches.map((b) => b.nodeId)).toEqual([fallback!.nodeId, rule!.nodeId]);
    expect(branches[0]!.isDefault).toBeUndefined();
    expect(branches[0]!.when).toEqual({ logic: 'or', groups: [] });
    expect(findBranch(s().root, rule!.nodeId)!.branch.when).toBeUndefined();
  });

  it('never removes the start', () => {
    const { s } = setup();
    s().remove(s().root.nodeId);
    expect(s().root.type).toBe('start');
    expect(s().past).toHaveLength(0);
  });
});
