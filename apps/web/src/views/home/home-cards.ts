import type { MenuItem } from '@atrium/shared';
import { viewOf } from '../../router/menu-routes.ts';

/** View paths of the workflow menus whose counts the home page shows. */
export const TODO_VIEW = 'workFlow/flowTodo';
export const LAUNCH_VIEW = 'workFlow/flowLaunch';

export function findMenuByView(menuList: readonly MenuItem[], view: string): MenuItem | null {
  const wanted = view.toLowerCase();
  for (const item of menuList) {
    if (viewOf(item.urlAddress).toLowerCase() === wanted) return item;
    const found = item.children?.length ? findMenuByView(item.children, view) : null;
    if (found) return found;
  }
  return null;
}
