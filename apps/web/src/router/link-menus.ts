import type { MenuItem } from '@atrium/shared';
import { menuTarget } from './menu-routes.ts';

/**
 * Link menus that open framed inside the shell (/externalLink?url=...), by that path. They share
 * one route, so its title ('external link') says nothing; the tags name them after their menu.
 */
export function framedLinkMenus(menuList: readonly MenuItem[]): Map<string, MenuItem> {
  const found = new Map<string, MenuItem>();
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      const target = menuTarget(item);
      if (target.kind === 'route' && target.path.startsWith('/externalLink?') && !found.has(target.path))
        found.set(target.path, item);
      if (item.children?.length) walk(item.children);
    }
  };
  walk(menuList);
  return found;
}
