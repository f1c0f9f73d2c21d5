import { findBranch, findNode, type FlowNode } from '@atrium/shared/workflow';
import { useFlow, useFlowStore } from '../context.tsx';

/** The node of an id as the store holds it now, or null once it is gone. */
export function useNode<N extends FlowNode = FlowNode>(id: string): N | null {
  return useFlow((s) => findNode(s.root, id)) as N | null;
}

/** The branch of an id with its group. */
export function useBranch(id: string) {
  // Two selections: each answers an object of the tree, stable while the tree does not change.
  const group = useFlow((s) => findBranch(s.root, id)?.group ?? null);
  const branch = useFlow((s) => findBranch(s.root, id)?.branch ?? null);
  return group && branch ? { group, branch } : null;
}

/**
 * Merges properties into a node. `key` names the property being edited, so that typing into it
 * makes one undo step rather than one per keystroke.
 */
export function usePatch<P extends object>(id: string) {
  const store = useFlowStore();
  return (properties: Partial<P>, key?: string) => store.getState().updateNode(id, { properties }, key);
}
