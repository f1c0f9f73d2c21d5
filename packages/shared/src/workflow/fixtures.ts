/**
 * Small builders of node trees with chosen ids, for tests on both sides: a tree reads as the flow it
 * draws (`chain(start('s'), approver('a1'), ...)`) instead of a page of nested literals.
 */
import {
  AssigneeType,
  CounterSign,
  type ApproverNode,
  type ApproverProperties,
  type ConditionBranch,
  type ConditionNode,
  type ConditionProperties,
  type ConditionRule,
  type CopyNode,
  type CopyProperties,
  type FlowNode,
  type ParallelNode,
  type StartNode,
} from './types.ts';

/** Links the nodes one after another (each keeps what it had after it only when it is the last). */
export function chain<T extends FlowNode>(head: T, ...rest: FlowNode[]): T {
  if (rest.length === 0) return head;
  const [next, ...more] = rest as [FlowNode, ...FlowNode[]];
  return { ...head, childNode: chain(next, ...more) };
}

export function startNode(nodeId = 'start', properties: StartNode['properties'] = {}): StartNode {
  return { nodeId, type: 'start', name: '发起人', properties, childNode: null };
}

export function approverNode(nodeId: string, properties: Partial<ApproverProperties> = {}): ApproverNode {
  return {
    nodeId,
    type: 'approver',
    name: `审批${nodeId}`,
    properties: {
      assigneeType: AssigneeType.initiatorManager,
      managerLevel: 1,
      counterSign: CounterSign.any,
      ...properties,
    },
    childNode: null,
  };
}

export function copyNode(nodeId: string, properties: CopyProperties = { toInitiator: true }): CopyNode {
  return { nodeId, type: 'copy', name: `抄送${nodeId}`, properties, childNode: null };
}

/** A branch whose one group joins `rules` with and; no rules and `isDefault` make the default. */
export function branch(
  nodeId: string,
  rules: ConditionRule[] | 'default',
  childNode: FlowNode | null = null,
  priority = 1,
): ConditionBranch {
  if (rules === 'default') return { nodeId, name: `分支${nodeId}`, priority, isDefault: true, childNode };
  return {
    nodeId,
    name: `分支${nodeId}`,
    priority,
    when: { logic: 'and', groups: [{ logic: 'and', rules }] },
    childNode,
  };
}

export function conditionNode(
  nodeId: string,
  branches: ConditionBranch[],
  mode: ConditionProperties['mode'] = 'exclusive',
): ConditionNode {
  return {
    nodeId,
    type: 'condition',
    name: `条件${nodeId}`,
    properties: { mode },
    conditionNodes: branches,
    childNode: null,
  };
}

export function parallelNode(nodeId: string, branches: ConditionBranch[]): ParallelNode {
  return { nodeId, type: 'parallel', name: `并行${nodeId}`, properties: {}, conditionNodes: branches, childNode: null };
}
