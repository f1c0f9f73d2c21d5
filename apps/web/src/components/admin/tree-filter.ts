/** A node of any tree the admin screens show (organisations, menus, pickers). */
export interface TreeLike<T> {
  fullName: string;
  children?: T[];
}

/**
 * Keeps the nodes whose name contains the keyword (case-insensitive, by substring
 * of the label) together with their ancestors, so a match is shown in place.
 * A matching node keeps its whole subtree.
 */
export function filterTree<T extends TreeLike<T>>(nodes: readonly T[], keyword: string): T[] {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return [...nodes];
  const out: T[] = [];
  for (const node of nodes) {
    if (node.fullName.toLowerCase().includes(needle)) {
      out.push(node);
      continue;
    }
    const children = node.children ? filterTree(node.children, needle) : [];
    if (children.length) out.push({ ...node, children });
  }
  return out;
}

/** Ids of every node that has children: used to expand a filtered tree fully. */
export function branchIds<T extends TreeLike<T> & { id: string }>(nodes: readonly T[]): string[] {
  const ids: string[] = [];
  const walk = (list: readonly T[]) => {
    for (const n of list) {
      if (n.children?.length) {
        ids.push(n.id);
        walk(n.children);
      }
    }
  };
  walk(nodes);
  return ids;
}

/** Finds a node by id anywhere in the tree. */
export function findNode<T extends TreeLike<T> & { id: string }>(nodes: readonly T[], id: string): T | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const hit = n.children ? findNode(n.children, id) : undefined;
    if (hit) return hit;
  }
  return undefined;
}
