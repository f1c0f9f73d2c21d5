/**
 * Walking and rewriting the node tree. The designer edits the tree immutably, the publish checks and
 * the engine read it; both go through these helpers so "before", "inside a branch" and "every node"
 * mean the same thing everywhere.
 */
import { flowMessage, type FlowLang } from './messages.ts';
import {
  AssigneeType,
  CounterSign,
  type ApproverNode,
  type ConditionBranch,
  type ConditionNode,
  type FlowNode,
  type FlowNodeType,
  type ParallelNode,
  type StartNode,
} from './types.ts';

/** A node whose `conditionNodes` hold branches. */
export type BranchingNode = ConditionNode | ParallelNode;

/** Where a node sits inside a group: the group and the branch whose chain holds it. */
export interface BranchPlace {
  group: BranchingNode;
  branch: ConditionBranch;
}

export function isBranchingNode(node: FlowNode): node is BranchingNode {
  return node.type === 'condition' || node.type === 'parallel';
}

/** Approver and handle nodes: the nodes people act on. */
export function isApproverNode(node: FlowNode): node is ApproverNode {
  return node.type === 'approver' || node.type === 'handle';
}

interface Located {
  node: FlowNode;
  /** What runs before the node on its path whatever branch is taken (see parentChain). */
  before: FlowNode[];
  /** Enclosing branches, outermost first. */
  places: BranchPlace[];
}

function locate(root: FlowNode, nodeId: string): Located | null {
  const inChain = (head: FlowNode | null, before: FlowNode[], places: BranchPlace[]): Located | null => {
    const seen = [...before];
    for (let node = head; node; node = node.childNode) {
      if (node.nodeId === nodeId) return { node, before: seen, places };
      if (isBranchingNode(node)) {
        for (const branch of node.conditionNodes) {
          const found = inChain(branch.childNode, [...seen, node], [...places, { group: node, branch }]);
          if (found) return found;
        }
      }
      seen.push(node);
    }
    return null;
  };
  return inChain(root, [], []);
}

export function findNode(root: FlowNode, nodeId: string): FlowNode | null {
  return locate(root, nodeId)?.node ?? null;
}

/** The branch with this id and its group, or null. */
export function findBranch(root: FlowNode, branchId: string): BranchPlace | null {
  for (const node of flowNodeList(root)) {
    if (!isBranchingNode(node)) continue;
    const branch = node.conditionNodes.find((b) => b.nodeId === branchId);
    if (branch) return { group: node, branch };
  }
  return null;
}

/** Every node, depth first: a node, then the chains of its branches in order, then what follows it. */
export function flowNodeList(root: FlowNode): FlowNode[] {
  const out: FlowNode[] = [];
  const visitChain = (head: FlowNode | null): void => {
    for (let node = head; node; node = node.childNode) {
      out.push(node);
      if (isBranchingNode(node)) for (const branch of node.conditionNodes) visitChain(branch.childNode);
    }
  };
  visitChain(root);
  return out;
}

/**
 * The nodes that run before `nodeId` whatever branches are taken, from the start, in order: the
 * earlier nodes of its own chain and of every enclosing chain, with the enclosing group nodes. Nodes
 * inside the branches of an earlier group are left out, since a flow does not pass through all of
 * them (and re-entering one branch of a finished parallel group has no meaning). Empty when the node
 * is not in the tree; a branch id gives the chain up to and including its group.
 */
export function parentChain(root: FlowNode, nodeId: string): FlowNode[] {
  const found = locate(root, nodeId);
  if (found) return found.before;
  const place = findBranch(root, nodeId);
  return place ? [...parentChain(root, place.group.nodeId), place.group] : [];
}

/** The innermost branch whose chain holds `nodeId`, or null for a node on the main chain. */
export function branchOf(root: FlowNode, nodeId: string): BranchPlace | null {
  return locate(root, nodeId)?.places.at(-1) ?? null;
}

/** Every enclosing branch of `nodeId`, outermost first. */
export function branchPath(root: FlowNode, nodeId: string): BranchPlace[] {
  return locate(root, nodeId)?.places ?? [];
}

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A short random id such as `approver_k3j9x2ab5q`. Ten base-36 characters are about 52 bits: a
 * collision inside one tree is out of reach in practice, and the publish checks refuse one anyway.
 */
export function newNodeId(prefix = 'node'): string {
  let id = '';
  for (let i = 0; i < 10; i += 1) id += ID_ALPHABET[Math.floor(Math.random() * ID_ALPHABET.length)];
  return `${prefix}_${id}`;
}

/** A branch with an empty chain; `isDefault` branches carry no rules. */
export function createBranch(name: string, priority: number, isDefault = false): ConditionBranch {
  return {
    nodeId: newNodeId('branch'),
    name,
    priority,
    ...(isDefault ? { isDefault: true } : { when: { logic: 'or', groups: [] } }),
    childNode: null,
  };
}

/** A new node with the properties the designer starts from. */
export function createNode(type: FlowNodeType, name?: string, lang: FlowLang = 'zh-CN'): FlowNode {
  const base = {
    nodeId: newNodeId(type),
    name: name ?? flowMessage(`nodeType.${type}`, undefined, lang),
    childNode: null,
  };
  switch (type) {
    case 'start':
      return { ...base, type, properties: {} };
    case 'approver':
    case 'handle':
      return {
        ...base,
        type,
        properties: {
          assigneeType: AssigneeType.initiatorManager,
          managerLevel: 1,
          counterSign: CounterSign.any,
          buttons:
            type === 'approver'
              ? { approve: { enabled: true }, reject: { enabled: true }, transfer: { enabled: true } }
              : { approve: { enabled: true }, transfer: { enabled: true } },
          ...(type === 'approver' ? { rejectTarget: 'start' as const } : {}),
          formOperates: [],
        },
      };
    case 'copy':
      return { ...base, type, properties: {} };
    case 'condition':
      return {
        ...base,
        type,
        properties: { mode: 'exclusive' },
        conditionNodes: [
          createBranch(flowMessage('branch.condition', { n: 1 }, lang), 1),
          createBranch(flowMessage('branch.default', undefined, lang), 2, true),
        ],
      };
    case 'parallel':
      return {
        ...base,
        type,
        properties: {},
        conditionNodes: [
          createBranch(flowMessage('branch.parallel', { n: 1 }, lang), 1),
          createBranch(flowMessage('branch.parallel', { n: 2 }, lang), 2),
        ],
      };
    case 'subFlow':
      return {
        ...base,
        type,
        properties: { templateCode: '', initiator: { mode: 'initiator' }, wait: true, onChildFailure: 'rejectParent' },
      };
    case 'timer':
      return { ...base, type, properties: { minutes: 60 } };
    case 'trigger':
      return { ...base, type, properties: { setFields: [] } };
  }
}

/** A new template's tree: the start, then one approval by the initiator's direct manager. */
export function defaultFlowTree(lang: FlowLang = 'zh-CN'): StartNode {
  const start = createNode('start', undefined, lang) as StartNode;
  return { ...start, childNode: createNode('approver', undefined, lang) };
}

/**
 * Rewrites the tree bottom-up: `fn` sees each node with its children and branches already rewritten,
 * so it may wrap a node (insert before it) without seeing the node again. Untouched subtrees keep
 * their identity, which lets the designer's memoised cards skip re-rendering.
 */
export function mapTree(root: FlowNode, fn: (node: FlowNode) => FlowNode): FlowNode {
  const visit = (node: FlowNode): FlowNode => {
    const child = node.childNode ? visit(node.childNode) : null;
    let next: FlowNode = child === node.childNode ? node : { ...node, childNode: child };
    if (isBranchingNode(next)) {
      const branches = next.conditionNodes.map((branch) => {
        const head = branch.childNode ? visit(branch.childNode) : null;
        return head === branch.childNode ? branch : { ...branch, childNode: head };
      });
      if (branches.some((b, i) => b !== (next as BranchingNode).conditionNodes[i])) {
        next = { ...next, conditionNodes: branches };
      }
    }
    return fn(next);
  };
  return visit(root);
}

/** The tree with the node of `nodeId` merged with `patch` (its properties merged one level deep). */
export function updateNode(
  root: FlowNode,
  nodeId: string,
  patch: { name?: string; properties?: object; content?: string },
): FlowNode {
  return mapTree(root, (node) =>
    node.nodeId === nodeId
      ? ({
          ...node,
          ...patch,
          properties: { ...node.properties, ...patch.properties },
        } as FlowNode)
      : node,
  );
}

/** The tree with `inserted` (a single node; its own chain is replaced) placed right after `afterId`. */
export function insertAfter(root: FlowNode, afterId: string, inserted: FlowNode): FlowNode {
  return mapTree(root, (node) =>
    node.nodeId === afterId ? { ...node, childNode: { ...inserted, childNode: node.childNode } } : node,
  );
}

/** The tree with `inserted` placed at the head of a branch's chain. */
export function insertInBranch(root: FlowNode, branchId: string, inserted: FlowNode): FlowNode {
  return mapTree(root, (node) => {
    if (!isBranchingNode(node) || !node.conditionNodes.some((b) => b.nodeId === branchId)) return node;
    return {
      ...node,
      conditionNodes: node.conditionNodes.map((b) =>
        b.nodeId === branchId ? { ...b, childNode: { ...inserted, childNode: b.childNode } } : b,
      ),
    };
  });
}

/**
 * The tree without the node of `nodeId` (its branches go with it; what follows it moves up), or
 * without the branch of that id. A group left with one branch dissolves: its remaining branch's chain
 * takes its place, followed by what followed the group. The root is never removed.
 */
export function removeNode(root: FlowNode, nodeId: string): FlowNode {
  const concat = (head: FlowNode | null, tail: FlowNode | null): FlowNode | null => {
    if (!head) return tail;
    return { ...head, childNode: concat(head.childNode, tail) };
  };
  const dropFrom = (node: FlowNode): FlowNode => {
    const child = node.childNode;
    if (child?.nodeId === nodeId) return { ...node, childNode: child.childNode };
    if (!isBranchingNode(node) || !node.conditionNodes.some((b) => b.nodeId === nodeId)) return node;
    return { ...node, conditionNodes: node.conditionNodes.filter((b) => b.nodeId !== nodeId) };
  };
  const dissolve = (node: FlowNode): FlowNode => {
    const child = node.childNode;
    if (child && isBranchingNode(child) && child.conditionNodes.length === 1) {
      return { ...node, childNode: concat(child.conditionNodes[0]?.childNode ?? null, child.childNode) };
    }
    return node;
  };
  const withoutNode = mapTree(root, (node) => {
    let next = dropFrom(node);
    if (isBranchingNode(next)) {
      const branches = next.conditionNodes.map((b) =>
        b.childNode?.nodeId === nodeId ? { ...b, childNode: b.childNode.childNode } : b,
      );
      if (branches.some((b, i) => b !== (next as BranchingNode).conditionNodes[i])) {
        next = { ...next, conditionNodes: branches };
      }
    }
    return next;
  });
  // A branch removal may leave a single-branch group; fold it into its parent chain.
  return mapTree(withoutNode, (node) => {
    const next = dissolve(node);
    if (!isBranchingNode(next)) return next;
    const branches = next.conditionNodes.map((b) => {
      const head = b.childNode;
      if (head && isBranchingNode(head) && head.conditionNodes.length === 1) {
        return { ...b, childNode: concat(head.conditionNodes[0]?.childNode ?? null, head.childNode) };
      }
      return b;
    });
    return branches.some((b, i) => b !== next.conditionNodes[i]) ? { ...next, conditionNodes: branches } : next;
  });
}
