/**
 * Looking ahead on the tree without running anything: the nodes a flow will reach from a node with
 * the form as it is (the detail page's future nodes), and the next approval nodes of a submit or an
 * approval (which of them want candidates or a branch chosen first).
 */
import {
  branchOf,
  findNode,
  isApproverNode,
  isBranchingNode,
  matchBranches,
  type ConditionBranch,
  type ConditionContext,
  type FlowNode,
} from '@atrium/shared/workflow';

export interface LookAhead {
  /** Nodes reached, in order, without groups. */
  nodes: FlowNode[];
  /** Chooser branches met on the way, when nothing was chosen for them yet. */
  choices: ConditionBranch[];
}

/**
 * Walks forward from `fromNodeId` (exclusive). With `stopAtApprover` each path stops at its first
 * approval node (the "next" nodes); without, it goes to the end (the future nodes).
 */
export function lookAhead(
  tree: FlowNode,
  fromNodeId: string,
  ctx: ConditionContext,
  chosen: readonly string[],
  stopAtApprover: boolean,
): LookAhead {
  const out: LookAhead = { nodes: [], choices: [] };
  const seen = new Set<string>();
  const picked = new Set(chosen);
  /** Answers true when the chain ran to its end on some path (what follows its group comes next). */
  const walk = (head: FlowNode | null): boolean => {
    for (let node = head; node; node = node.childNode) {
      if (isBranchingNode(node)) {
        let branches: ConditionBranch[];
        if (node.type === 'parallel') branches = node.conditionNodes;
        else if (node.properties.mode === 'chooser') {
          branches = node.conditionNodes.filter((b) => picked.has(b.nodeId));
          if (!branches.length) {
            out.choices.push(...node.conditionNodes);
            return false;
          }
        } else branches = matchBranches(node, ctx);
        let open = false;
        for (const branch of branches) if (walk(branch.childNode)) open = true;
        if (!open) return false;
        continue;
      }
      if (!seen.has(node.nodeId)) {
        seen.add(node.nodeId);
        out.nodes.push(node);
      }
      if (stopAtApprover && isApproverNode(node)) return false;
    }
    return true;
  };
  const from = findNode(tree, fromNodeId);
  if (!from) return out;
  let open = walk(from.childNode);
  // At the end of a branch the flow goes on after its group, level by level.
  let at: FlowNode = from;
  while (open) {
    const place = branchOf(tree, at.nodeId);
    if (!place) break;
    open = walk(place.group.childNode);
    at = place.group;
  }
  return out;
}
