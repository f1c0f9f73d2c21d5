import type { MenuItem } from '@atrium/shared';
import type { MenuProps } from 'antd';
import { isGroup } from '../router/menu-routes.ts';
import { menuIcon } from '../components/menu-icon/menu-icon.tsx';

type AntdMenuItem = Required<MenuProps>['items'][number];

/** The server's menu tree as antd Menu items, keyed by menu id; hidden entries are left out. */
export function toMenuItems(menuList: readonly MenuItem[]): AntdMenuItem[] {
  return menuList
    .filter((item) => !item.hidden)
    .map((item): AntdMenuItem => {
      const visibleChildren = (item.children ?? []).filter((child) => !child.hidden);
      const label = <span data-menu-id={item.id}>{item.fullName}</span>;
      const icon = menuIcon(item.icon, item.type);
      if (isGroup(item) && visibleChildren.length > 0)
        return { key: item.id, icon, label, children: toMenuItems(visibleChildren) };
      return { key: item.id, icon, label };
    });
}

export function findMenuById(menuList: readonly MenuItem[], id: string): MenuItem | null {
  for (const item of menuList) {
    if (item.id === id) return item;
    const found = item.children?.length ? findMenuById(item.children, id) : null;
    if (found) return found;
  }
  return null;
}
