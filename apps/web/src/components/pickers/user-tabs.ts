import type { PickerTreeNode, UserOption } from '@atrium/shared';
import { pickerApi } from './picker-api.ts';

/** The people lists of the user picker load 20 at a time, the next page within 200px of the bottom. */
export const USER_PAGE_SIZE = 20;
export const LOAD_MORE_DISTANCE = 200;

/** Whether a scrolled box is within the load-more distance of its bottom. */
export const nearBottom = (box: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>) =>
  box.scrollHeight - box.scrollTop - box.clientHeight <= LOAD_MORE_DISTANCE;

/** The root id the department and role trees load first. */
export const TAB_ROOT = '__root';

/** A person as a tree leaf (under a department or a role). */
export const userLeaf = (u: UserOption, parentId: string): PickerTreeNode => ({
  id: u.id,
  parentId,
  fullName: u.fullName,
  type: 'user',
  isLeaf: true,
  hasChildren: false,
  icon: '',
  organize: u.organize,
  organizeIds: [],
  lastFullName: '',
});

/** A tree node that opens (to its sub-nodes and people), whatever the selector said of its leaves. */
const opening = (n: PickerTreeNode): PickerTreeNode => ({ ...n, isLeaf: false, disabled: false });

/**
 * The department tab ('all' select type): the department tree; opening a department adds its
 * sub-departments and its own people.
 */
export async function departmentLevel(id: string, node?: PickerTreeNode): Promise<PickerTreeNode[]> {
  if (id === TAB_ROOT) return (await pickerApi.departments(false)).map(opening);
  const people = (await pickerApi.userLevel(id)).filter((n) => n.type === 'user');
  return [...(node?.children ?? []).map(opening), ...people];
}

/**
 * The role tab ('all' select type, multiple mode): the global roles and each organisation's
 * roles; opening a role lists the people holding it.
 */
export async function roleLevel(id: string, node?: PickerTreeNode): Promise<PickerTreeNode[]> {
  if (id === TAB_ROOT) return (await pickerApi.roles()).map(opening);
  if (node?.children) return node.children.map(opening);
  return (await pickerApi.usersByRole(id)).map((u) => userLeaf(u, id));
}
