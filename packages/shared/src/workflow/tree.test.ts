import { describe, expect, it } from 'vitest';
import { approverNode, branch, chain, conditionNode, copyNode, parallelNode, startNode } from './fixtures.ts';
import {
  branchOf,
  branchPath,
  createNode,
  defaultFlowTree,
  findBranch,
  findNode,
  flowNodeList,
  insertAfter,
  insertInBranch,
  mapTree,
  newNodeId,
  parentChain,
  removeNode,
  updateNode,
} from './tree.ts';
import { validateFlowTree } from './validate.ts';
import type { ApproverNode, ConditionNode, FlowNode, ParallelNode, StartNode } from './types.ts';

const big = { left: 'amount', op: '>', right: 5000 } as const;

/**
 * start → a1 → C1 [ b1: a2 → P1 [ p1: a3 → C2 [ c1: a4 | c2: default ] → a5 | p2: cc1 ] → a6
 *                  | b2: default a7 ] → a8
 */
function nestedTree(): StartNode {
  const c2 = chain(
    conditionNode('C2', [branch('c1', [big], approverNode('a4')), branch('c2', 'default')], 'inclusive'),
    approverNode('a5'),
  );
  const p1 = chain(
    parallelNode('P1', [branch('p1', [], chain(approverNode('a3'), c2)), branch('p2', [], copyNode('cc1'))]),
    approverNode('a6'),
  );
  const c1 = conditionNode('C1', [
    branch('b1', [big], chain(approverNode('a2'), p1)),
    branch('b2', 'default', approverNode('a7'), 2),
  ]);
  return chain(startNode('s'), approverNode('a1'), c1, approverNode('a8'));
}

const ids = (nodes: readonly FlowNode[]) => nodes.map((n) => n.nodeId);

describe('flow tree helpers', () => {
  it('lists every node depth first, branch chains before what follows the group', () => {
    expect(ids(flowNodeList(nestedTree()))).toEqual([
      's',
      'a1',
      'C1',
      'a2',
      'P1',
      'a3',
      'C2',
      'a4',
      'a5',
      'cc1',
      'a6',
      'a7',
      'a8',
    ]);
  });

  it('finds nodes at any depth and branches by id', () => {
    const tree = nestedTree();
    expect(findNode(tree, 'a4')?.name).toBe('审批a4');
    expect(findNode(tree, 'cc1')?.type).toBe('copy');
    expect(findNode(tree, 's')).toBe(tree);
    expect(findNode(tree, 'nope')).toBeNull();
    expect(findNode(tree, 'c1')).toBeNull();
    const place = findBranch(tree, 'p2');
    expect(place?.group.nodeId).toBe('P1');
    expect(place?.branch.childNode?.nodeId).toBe('cc1');
  });

  it('gives the nodes that run before a node on every path, groups included, other branches left out', () => {
    const tree = nestedTree();
    expect(ids(parentChain(tree, 'a4'))).toEqual(['s', 'a1', 'C1', 'a2', 'P1', 'a3', 'C2']);
    expect(ids(parentChain(tree, 'a5'))).toEqual(['s', 'a1', 'C1', 'a2', 'P1', 'a3', 'C2']);
    expect(ids(parentChain(tree, 'cc1'))).toEqual(['s', 'a1', 'C1', 'a2', 'P1']);
    expect(ids(parentChain(tree, 'a6'))).toEqual(['s', 'a1', 'C1', 'a2', 'P1']);
    expect(ids(parentChain(tree, 'a7'))).toEqual(['s', 'a1', 'C1']);
    expect(ids(parentChain(tree, 'a8'))).toEqual(['s', 'a1', 'C1']);
    expect(parentChain(tree, 's')).toEqual([]);
    expect(ids(parentChain(tree, 'c2'))).toEqual(['s', 'a1', 'C1', 'a2', 'P1', 'a3', 'C2']);
    expect(parentChain(tree, 'missing')).toEqual([]);
  });

  it('names the innermost branch holding a node, and every enclosing branch', () => {
    const tree = nestedTree();
    const a4 = branchOf(tree, 'a4');
    expect([a4?.group.nodeId, a4?.branch.nodeId]).toEqual(['C2', 'c1']);
    const a5 = branchOf(tree, 'a5');
    expect([a5?.group.nodeId, a5?.branch.nodeId]).toEqual(['P1', 'p1']);
    expect(branchOf(tree, 'a6')?.branch.nodeId).toBe('b1');
    expect(branchOf(tree, 'a8')).toBeNull();
    expect(branchOf(tree, 'C1')).toBeNull();
    expect(branchPath(tree, 'a4').map((p) => p.branch.nodeId)).toEqual(['b1', 'p1', 'c1']);
  });

  it('makes short distinct ids with the prefix', () => {
    const made = new Set(Array.from({ length: 2000 }, () => newNodeId('approver')));
    expect(made.size).toBe(2000);
    for (const id of made) expect(id).toMatch(/^approver_[0-9a-z]{10}$/);
    expect(newNodeId()).toMatch(/^node_/);
  });

  it('creates nodes with sensible defaults', () => {
    const approver = createNode('approver') as ApproverNode;
    expect(approver.name).toBe('审批人');
    expect(approver.properties).toMatchObject({ assigneeType: 1, managerLevel: 1, counterSign: 0 });
    expect(approver.properties.buttons).toEqual({
      approve: { enabled: true },
      reject: { enabled: true },
      transfer: { enabled: true },
    });
    expect((createNode('handle') as ApproverNode).properties.buttons?.reject).toBeUndefined();
    const condition = createNode('condition', '金额判断') as ConditionNode;
    expect(condition.name).toBe('金额判断');
    expect(condition.properties.mode).toBe('exclusive');
    expect(condition.conditionNodes.map((b) => [b.priority, b.isDefault ?? false])).toEqual([
      [1, false],
      [2, true],
    ]);
    const parallel = createNode('parallel', undefined, 'en-US') as ParallelNode;
    expect(parallel.name).toBe('Parallel');
    expect(parallel.conditionNodes.map((b) => b.name)).toEqual(['Branch 1', 'Branch 2']);
    expect(new Set(parallel.conditionNodes.map((b) => b.nodeId)).size).toBe(2);
    for (const type of ['copy', 'subFlow', 'timer', 'trigger', 'start'] as const) {
      expect(createNode(type).type).toBe(type);
    }
  });

  it('starts a template with the initiator and one approval by his manager, publishable as is', () => {
    const tree = defaultFlowTree();
    expect(tree.type).toBe('start');
    const next = tree.childNode as ApproverNode;
    expect(next.type).toBe('approver');
    expect(next.properties.assigneeType).toBe(1);
    expect(next.childNode).toBeNull();
    expect(validateFlowTree(tree)).toEqual([]);
  });

  it('rewrites immutably and keeps untouched subtrees', () => {
    const tree = nestedTree();
    const before = JSON.stringify(tree);
    const renamed = mapTree(tree, (n) => (n.nodeId === 'a4' ? { ...n, name: 'X' } : n));
    expect(findNode(renamed, 'a4')?.name).toBe('X');
    expect(JSON.stringify(tree)).toBe(before);
    expect(renamed).not.toBe(tree);
    // The default branch of C1 was not touched: same object.
    expect(findBranch(renamed, 'b2')?.branch).toBe(findBranch(tree, 'b2')?.branch);
    expect(mapTree(tree, (n) => n)).toBe(tree);
    // Wrapping a node does not visit it again.
    const wrapped = mapTree(tree, (n) => (n.nodeId === 'a8' ? { ...approverNode('new'), childNode: n } : n));
    expect(ids(flowNodeList(wrapped)).slice(-2)).toEqual(['new', 'a8']);
  });

  it('updates, inserts and removes nodes and branches', () => {
    const tree = nestedTree();
    const updated = updateNode(tree, 'a3', { name: '经理', properties: { counterSign: 1 } }) as StartNode;
    const a3 = findNode(updated, 'a3') as ApproverNode;
    expect([a3.name, a3.properties.counterSign, a3.properties.assigneeType]).toEqual(['经理', 1, 1]);

    const inserted = insertAfter(tree, 'a1', approverNode('x'));
    expect(ids(parentChain(inserted, 'C1'))).toEqual(['s', 'a1', 'x']);
    const inBranch = insertInBranch(tree, 'p2', approverNode('y'));
    expect(findNode(inBranch, 'y')?.childNode?.nodeId).toBe('cc1');

    const noA1 = removeNode(tree, 'a1');
    expect(ids(parentChain(noA1, 'C1'))).toEqual(['s']);
    const noA4 = removeNode(tree, 'a4');
    expect(findBranch(noA4, 'c1')?.branch.childNode).toBeNull();
    // Removing a group removes its branches; what followed it moves up.
    const noP1 = removeNode(tree, 'P1');
    expect(findNode(noP1, 'a3')).toBeNull();
    expect(findNode(noP1, 'a2')?.childNode?.nodeId).toBe('a6');
    // A group left with one branch dissolves into the chain.
    const noB2 = removeNode(tree, 'b2');
    expect(findNode(noB2, 'C1')).toBeNull();
    expect(ids(flowNodeList(noB2)).slice(0, 4)).toEqual(['s', 'a1', 'a2', 'P1']);
    expect(findNode(noB2, 'a6')?.childNode?.nodeId).toBe('a8');
    const noP2 = removeNode(tree, 'p2');
    expect(findNode(noP2, 'P1')).toBeNull();
    expect(ids(parentChain(noP2, 'a6'))).toEqual(['s', 'a1', 'C1', 'a2', 'a3', 'C2', 'a5']);
  });
});
