/**
 * The flow designer's state: the node tree, the selection and the undo history. The tree changes
 * only through the named commands below, each built on the immutable helpers of
 * `@atrium/shared/workflow`. Those share every untouched subtree with the tree before, so a history
 * of whole trees costs little more than the nodes a command replaced, and undo is a swap.
 */
import {
  createBranch,
  createNode,
  findBranch,
  findNode,
  flowMessage,
  insertAfter,
  insertInBranch,
  isBranchingNode,
  mapTree,
  removeNode,
  updateNode,
  type BranchingNode,
  type ConditionBranch,
  type FlowLang,
  type FlowNode,
  type FlowNodeType,
} from '@atrium/shared/workflow';
import { createStore, type StoreApi } from 'zustand/vanilla';

/** Consecutive edits of one property of one node within this time are one undo step. */
export const MERGE_MS = 1000;
/** Older steps are dropped beyond this many. */
const HISTORY_LIMIT = 200;

/** Where a new node goes: right after a node, or at the head of a branch's chain. */
export type InsertPlace = { after: string } | { branch: string };

/** The node types the "+" menu adds (the start exists once, at the top). */
export type AddableType = Exclude<FlowNodeType, 'start'>;

/** What a branch's card edits; its id and chain are the tree's business. */
export type BranchPatch = Partial<Pick<ConditionBranch, 'name' | 'isDefault' | 'when'>>;

interface Step {
  root: FlowNode;
  /** Edits with the same key merge while they follow each other closely. */
  key?: string;
  at: number;
}

export interface FlowDesignerState {
  root: FlowNode;
  /** A node id or a branch id. */
  selectedId: string | null;
  past: Step[];
  future: Step[];

  /** Adds a new node of a type at a place, selects it and answers its id (null for an unknown place). */
  addNode(type: AddableType, place: InsertPlace): string | null;
  /** Removes a node (its branches with it) or a branch; a group left with one branch dissolves. */
  remove(id: string): void;
  /** Renames a node or merges properties into it; typing into one property merges into one step. */
  updateNode(id: string, patch: { name?: string; properties?: object }, key?: string): void;
  /** Adds a branch to a group, before its default branch; answers its id. */
  addBranch(groupId: string): string | null;
  updateBranch(branchId: string, patch: BranchPatch, key?: string): void;
  /** Moves a branch one place left (-1) or right (1), renumbering the priorities. */
  moveBranch(branchId: string, delta: -1 | 1): void;
  /** Replaces the whole tree (a reload) as one step. */
  replace(root: FlowNode): void;
  select(id: string | null): void;
  undo(): void;
  redo(): void;
}

export type FlowDesignerStore = StoreApi<FlowDesignerState>;

export interface FlowDesignerStoreOptions {
  /** The language of new nodes' and branches' names. */
  lang?: FlowLang;
  /** The clock of step merging; tests pass their own. */
  now?: () => number;
}

/** Whether a branch can move past its neighbour: the default branch stays last in a condition group. */
function canSwap(group: BranchingNode, from: number, to: number): boolean {
  const a = group.conditionNodes[from];
  const b = group.conditionNodes[to];
  return !!a && !!b && !a.isDefault && !b.isDefault;
}

/** The group with its branches in a new order and priorities 1..n following it. */
function withBranches(group: BranchingNode, branches: ConditionBranch[]): BranchingNode {
  return { ...group, conditionNodes: branches.map((b, i) => (b.priority === i + 1 ? b : { ...b, priority: i + 1 })) };
}

function mapGroup(root: FlowNode, groupId: string, fn: (group: BranchingNode) => BranchingNode): FlowNode {
  return mapTree(root, (node) => (node.nodeId === groupId && isBranchingNode(node) ? fn(node) : node));
}

export function exists(root: FlowNode, id: string): boolean {
  return !!findNode(root, id) || !!findBranch(root, id);
}

export function createFlowDesignerStore(initial: FlowNode, options: FlowDesignerStoreOptions = {}): FlowDesignerStore {
  const lang = options.lang ?? 'zh-CN';
  const now = options.now ?? Date.now;

  return createStore<FlowDesignerState>()((set, get) => {
    /** Records the tree a command made as a step; an unchanged tree records nothing. */
    const commit = (next: FlowNode, key?: string, selectedId?: string | null): boolean => {
      const { root, past } = get();
      if (next === root) return false;
      const at = now();
      const last = past[past.length - 1];
      // The same property typed into again: the step keeps the tree from before the first keystroke.
      const merge = key !== undefined && last?.key === key && at - last.at <= MERGE_MS;
      const nextPast = merge ? [...past.slice(0, -1), { ...last, at }] : [...past, { root, key, at }];
      set({
        root: next,
        past: nextPast.slice(-HISTORY_LIMIT),
        future: [],
        ...(selectedId !== undefined ? { selectedId } : {}),
      });
      return true;
    };

    const branchName = (group: BranchingNode, n: number) =>
      group.type === 'parallel'
        ? flowMessage('branch.parallel', { n }, lang)
        : flowMessage('branch.condition', { n }, lang);

    return {
      root: initial,
      selectedId: null,
      past: [],
      future: [],

      addNode(type, place) {
        const { root } = get();
        const node = createNode(type, undefined, lang);
        let next: FlowNode;
        if ('after' in place) {
          if (!findNode(root, place.after)) return null;
          next = insertAfter(root, place.after, node);
        } else {
          if (!findBranch(root, place.branch)) return null;
          next = insertInBranch(root, place.branch, node);
        }
        commit(next, undefined, node.nodeId);
        return node.nodeId;
      },

      remove(id) {
        const { root } = get();
        if (id === root.nodeId || !exists(root, id)) return;
        const next = removeNode(root, id);
        commit(next, undefined, keepSelectionIn(next, get().selectedId));
      },

      updateNode(id, patch, key) {
        const { root } = get();
        if (!findNode(root, id)) return;
        commit(updateNode(root, id, patch), key === undefined ? undefined : `node:${id}:${key}`);
      },

      addBranch(groupId) {
        const { root } = get();
        const group = findNode(root, groupId);
        if (!group || !isBranchingNode(group)) return null;
        const branches = [...group.conditionNodes];
        const defaultAt = branches.findIndex((b) => b.isDefault);
        const at = defaultAt === -1 ? branches.length : defaultAt;
        const branch = createBranch(branchName(group, at + 1), at + 1);
        branches.splice(at, 0, branch);
        commit(
          mapGroup(root, groupId, (g) => withBranches(g, branches)),
          undefined,
          branch.nodeId,
        );
        return branch.nodeId;
      },

      updateBranch(branchId, patch, key) {
        const { root } = get();
        const place = findBranch(root, branchId);
        if (!place) return;
        const next = mapGroup(root, place.group.nodeId, (group) => {
          let branches = group.conditionNodes.map((b) => (b.nodeId === branchId ? applyBranchPatch(b, patch) : b));
          // One default per group, and it sits last so the others keep their order of evaluation.
          if (patch.isDefault) {
            branches = branches.map((b) =>
              b.nodeId !== branchId && b.isDefault ? applyBranchPatch(b, { isDefault: false }) : b,
            );
            const chosen = branches.find((b) => b.nodeId === branchId)!;
            branches = [...branches.filter((b) => b !== chosen), chosen];
          }
          return withBranches(group, branches);
        });
        commit(next, key === undefined ? undefined : `branch:${branchId}:${key}`);
      },

      moveBranch(branchId, delta) {
        const { root } = get();
        const place = findBranch(root, branchId);
        if (!place) return;
        const from = place.group.conditionNodes.indexOf(place.branch);
        const to = from + delta;
        if (!canSwap(place.group, from, to)) return;
        const branches = [...place.group.conditionNodes];
        [branches[from], branches[to]] = [branches[to]!, branches[from]!];
        commit(mapGroup(root, place.group.nodeId, (g) => withBranches(g, branches)));
      },

      replace(root) {
        commit(root, undefined, null);
      },

      select(id) {
        set({ selectedId: id !== null && exists(get().root, id) ? id : null });
      },

      undo() {
        const { past, future, root } = get();
        const step = past[past.length - 1];
        if (!step) return;
        // The step is closed: typing after an undo starts a new one.
        set({ root: step.root, past: past.slice(0, -1), future: [...future, { root, at: step.at }] });
        set({ selectedId: keepSelectionIn(step.root, get().selectedId) });
      },

      redo() {
        const { past, future, root } = get();
        const step = future[future.length - 1];
        if (!step) return;
        set({ root: step.root, past: [...past, { root, at: step.at }], future: future.slice(0, -1) });
        set({ selectedId: keepSelectionIn(step.root, get().selectedId) });
      },
    };
  });
}

/** After an undo, a redo or a removal the selected node may be gone. */
function keepSelectionIn(root: FlowNode, selectedId: string | null): string | null {
  return selectedId && exists(root, selectedId) ? selectedId : null;
}

/** A default branch carries no rules; a branch that stops being the default starts with none. */
function applyBranchPatch(branch: ConditionBranch, patch: BranchPatch): ConditionBranch {
  const next = { ...branch, ...patch };
  if (patch.isDefault === true) {
    delete next.when;
  } else if (patch.isDefault === false) {
    delete next.isDefault;
    next.when ??= { logic: 'or', groups: [] };
  }
  return next;
}
