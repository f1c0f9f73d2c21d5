import { AUTHORIZE_ITEM_TYPES, type AuthorizeItemType, type AuthorizeNode, type GrantedIds } from '@atrium/shared';

/** Tree keys carry the item type: the same id could in principle name two kinds of item. */
export const keyOf = (node: Pick<AuthorizeNode, 'itemType' | 'id'>) => `${node.itemType}:${node.id}`;

export interface GrantIndex {
  parent: Map<string, string | null>;
  children: Map<string, string[]>;
  nodes: Map<string, AuthorizeNode>;
}

export function indexTree(tree: AuthorizeNode[]): GrantIndex {
  const index: GrantIndex = { parent: new Map(), children: new Map(), nodes: new Map() };
  const walk = (nodes: AuthorizeNode[], parent: string | null) => {
    for (const node of nodes) {
      const key = keyOf(node);
      index.nodes.set(key, node);
      index.parent.set(key, parent);
      index.children.set(key, (node.children ?? []).map(keyOf));
      walk(node.children ?? [], key);
    }
  };
  walk(tree, null);
  return index;
}

export function checkedOf(granted: GrantedIds): Set<string> {
  return new Set(AUTHORIZE_ITEM_TYPES.flatMap((type) => (granted[type] ?? []).map((id) => `${type}:${id}`)));
}

export function grantedOf(checked: ReadonlySet<string>): GrantedIds {
  const granted: GrantedIds = { system: [], module: [], button: [], column: [], form: [], resource: [] };
  for (const key of checked) {
    const at = key.indexOf(':');
    const type = key.slice(0, at) as AuthorizeItemType;
    if (type in granted) granted[type].push(key.slice(at + 1));
  }
  for (const type of AUTHORIZE_ITEM_TYPES) granted[type].sort();
  return granted;
}

function descendants(index: GrantIndex, key: string): string[] {
  const out: string[] = [];
  const stack = [...(index.children.get(key) ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    out.push(next);
    stack.push(...(index.children.get(next) ?? []));
  }
  return out;
}

/**
 * Ticking an item grants it with everything below it and everything above it (a button needs its
 * menu, the menu its parents and its system); unticking takes it and everything below it away.
 */
export function toggle(index: GrantIndex, checked: ReadonlySet<string>, key: string, on: boolean): Set<string> {
  const next = new Set(checked);
  if (on) {
    next.add(key);
    for (const d of descendants(index, key)) next.add(d);
    let up = index.parent.get(key) ?? null;
    while (up) {
      next.add(up);
      up = index.parent.get(up) ?? null;
    }
  } else {
    next.delete(key);
    for (const d of descendants(index, key)) next.delete(d);
  }
  return next;
}

/**
 * For the tree display: a granted item with everything below it granted shows ticked; a granted
 * item with only part of what is below it shows half-ticked (a menu granted without some buttons).
 */
export function displayState(index: GrantIndex, checked: ReadonlySet<string>) {
  const full: string[] = [];
  const half: string[] = [];
  for (const key of checked) {
    if (!index.nodes.has(key)) continue;
    if (descendants(index, key).every((d) => checked.has(d))) full.push(key);
    else half.push(key);
  }
  return { checked: full, halfChecked: half };
}

/** Everything in the tree (select all). */
export function allKeys(index: GrantIndex): Set<string> {
  return new Set(index.nodes.keys());
}

export function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return a.size === b.size && [...a].every((k) => b.has(k));
}
