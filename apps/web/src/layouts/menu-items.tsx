import type { MenuItem } from '@atrium/shared';
import type { MenuProps } from 'antd';
import { lazy, Suspense } from 'react';
import { isGroup, viewOf } from '../router/menu-routes.ts';
import { FLOW_COUNT_VIEWS } from '../components/flow-status/count-views.ts';
import { menuIcon } from '../components/menu-icon/menu-icon.tsx';

// The to-do and my-applications counts (S1-4-39) load after the menu: the shell's first download
// carries no workflow code.
const FlowCountBadge = lazy(() =>
  import('../components/flow-status/flow-count.tsx').then((m) => ({ default: m.FlowCountBadge })),
);

type AntdMenuItem = Required<MenuProps>['items'][number];

/** The server's menu tree as antd Menu items, keyed by menu id; hidden entries are left out. */
export function toMenuItems(menuList: readonly MenuItem[]): AntdMenuItem[] {
  return menuList
    .filter((item) => !item.hidden)
    .map((item): AntdMenuItem => {
      const visibleChildren = (item.children ?? []).filter((child) => !child.hidden);
      const counted = FLOW_COUNT_VIEWS[viewOf(item.urlAddress).toLowerCase()];
      const label = (
        <span data-menu-id={item.id}>
          {item.fullName}
          {counted && (
            <Suspense fallback={null}>
              <FlowCountBadge which={counted} />
            </Suspense>
          )}
        </span>
      );
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
