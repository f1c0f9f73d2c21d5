import type { PickerNodeType, PickerTreeNode } from '@atrium/shared';
import type { FormField } from '@atrium/shared/forms';

/** The id that stands for whoever fills in the form (the 'system variables' tab). */
export const CURRENT_USER = 'currentUser';

/** The top node the organisation picker offers with the only-org option under a top parent. */
export const TOP_NODE_ID = '-1';

/** A picked item as the pickers keep it: the stored id and what the tags show. */
export interface PickedItem {
  id: string;
  fullName: string;
  /** Organisation path (users, positions) or the organisation itself, for the right pane. */
  detail?: string;
  type?: PickerNodeType | 'system';
  /** Organisations are stored as their path of ids. */
  path?: string[];
}

/** A picker field's value as a list of stored ids, whatever shape the form holds. */
export function valueList(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v !== '');
  return typeof value === 'string' ? [value] : [];
}

/**
 * The organisation pickers store a path of ids per organisation (the last id is the organisation);
 * single mode holds one path, multiple mode a list of paths. This answers the picked ids.
 */
export function organizeIdsOf(value: unknown): string[] {
  if (!Array.isArray(value) || !value.length) return [];
  if (value.every((v) => Array.isArray(v)))
    return (value as unknown[][]).map((p) => p[p.length - 1]).filter((id): id is string => typeof id === 'string');
  const last = value[value.length - 1];
  return typeof last === 'string' ? [last] : [];
}

/** What the form stores for the picked items, by kind and mode. */
export function storedValue(items: readonly PickedItem[], multiple: boolean, paths = false): unknown {
  if (paths) {
    const asPaths = items.map((i) => i.path ?? [i.id]);
    return multiple ? asPaths : (asPaths[0] ?? []);
  }
  const ids = items.map((i) => i.id);
  return multiple ? ids : (ids[0] ?? null);
}

/** In a mixed selection (usersSelect) an item is stored as `id--type` when it has a type. */
export const mixedId = (node: Pick<PickerTreeNode, 'id' | 'type'>) =>
  node.type ? `${node.id}--${node.type}` : node.id;

/**
 * Whether a tree node may be picked: only leaves of the wanted type (users in the user picker,
 * positions and roles under their organisations), never a disabled node.
 */
export function pickable(node: Pick<PickerTreeNode, 'type' | 'disabled'>, types: readonly string[]): boolean {
  return !node.disabled && types.includes(node.type);
}

/**
 * Adds an item: single mode replaces the choice, multiple mode appends it unless it is already
 * there (picking a picked item again changes nothing).
 */
export function addPicked(current: readonly PickedItem[], item: PickedItem, multiple: boolean): PickedItem[] {
  if (!multiple) return [item];
  return current.some((c) => c.id === item.id) ? [...current] : [...current, item];
}

/** The ids a field restricts its choices to ('custom' select type), or null for no restriction. */
export function allowedIds(field: FormField, key = 'ableIds'): string[] | null {
  if (field.selectType !== 'custom') return null;
  const list = field[key];
  return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : [];
}

/** A picker tree node as a picked item. */
export function itemOf(node: PickerTreeNode, mixed = false): PickedItem {
  return {
    id: mixed ? mixedId(node) : node.id,
    fullName: node.fullName,
    detail: node.type === 'user' || node.type === 'position' ? node.organize : node.lastFullName || node.organize,
    type: node.type,
    path: node.type === 'company' || node.type === 'department' ? node.organizeIds : undefined,
  };
}

/** Case-insensitive substring match of a label, as the tree searches filter. */
export const labelMatches = (label: string, keyword: string) =>
  !keyword.trim() || label.toLowerCase().includes(keyword.trim().toLowerCase());

/**
 * The nodes whose label contains the keyword (case-insensitive), with their ancestors so they show
 * in place; a matching node keeps its whole subtree. No keyword keeps everything.
 */
export function filterTree<N extends { fullName: string; children?: N[] }>(nodes: readonly N[], keyword: string): N[] {
  if (!keyword.trim()) return [...nodes];
  const out: N[] = [];
  for (const node of nodes) {
    if (labelMatches(node.fullName, keyword)) out.push(node);
    else {
      const children = filterTree(node.children ?? [], keyword);
      if (children.length) out.push({ ...node, children });
    }
  }
  return out;
}

/** Every node id of a tree, for opening all of it while searching. */
export function treeIds<N extends { id: string; children?: N[] }>(nodes: readonly N[]): string[] {
  return nodes.flatMap((n) => [n.id, ...treeIds(n.children ?? [])]);
}
