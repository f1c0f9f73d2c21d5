import type { MenuItem } from '@atrium/shared';
import { viewOf } from '../../router/menu-routes.ts';

export { TODO_VIEW, LAUNCH_VIEW } from '../../components/flow-status/count-views.ts';

export function findMenuByView(menuList: readonly MenuItem[], view: string): MenuItem | null {
  const wanted = view.toLowerCase();
  for (const item of menuList) {
    if (viewOf(item.urlAddress).toLowerCase() === wanted) return item;
    const found = item.children?.length ? findMenuByView(item.children, view) : null;
    if (found) return found;
  }
  return null;
}
