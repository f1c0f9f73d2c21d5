import type { MenuItem } from '@atrium/shared';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { findMenuTrail } from '../router/menu-routes.ts';
import { useSessionStore } from '../stores/session.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { AppMain } from './app-main.tsx';
import styles from './layout.module.css';
import { findMenuById } from './menu-items.tsx';
import { MobileMask } from './mobile-mask.tsx';
import { Navbar } from './navbar.tsx';
import { NoPermission } from './no-permission.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopMenu } from './top-menu.tsx';
import { useMenuClick } from './use-menu-click.ts';

function visibleChildren(item: MenuItem | null | undefined): MenuItem[] {
  return (item?.children ?? []).filter((child) => !child.hidden);
}

/**
 * Blend layout: the top menu picks a top-level group and the side bar shows its children:
 * a group with children opens the side bar with them, an entry without closes it. The
 * group of the current page is picked on arrival. On mobile the whole menu is in the side bar.
 */
export function BlendLayout() {
  const { pathname } = useLocation();
  const menuList = useSessionStore((s) => s.menuList);
  const mobile = useSettingsStore((s) => s.device === 'mobile');
  const setSidebarOpened = useSettingsStore((s) => s.setSidebarOpened);
  const onMenuClick = useMenuClick(menuList);
  const trail = useMemo(() => findMenuTrail(menuList, pathname), [menuList, pathname]);
  const pageGroupId = trail[0]?.id ?? null;

  // The group picked on top; a new page follows its own group (state adjusted during render).
  const [pickedId, setPickedId] = useState<string | null>(pageGroupId);
  const [pickedFor, setPickedFor] = useState(pathname);
  if (pickedFor !== pathname) {
    setPickedFor(pathname);
    if (pageGroupId) setPickedId(pageGroupId);
  }
  const firstGroup = menuList.find((item) => !item.hidden && visibleChildren(item).length > 0);
  const group = (pickedId ? findMenuById(menuList, pickedId) : null) ?? firstGroup ?? null;
  const children = visibleChildren(group);
  const hasMenus = menuList.some((item) => !item.hidden);

  function onTopClick(id: string) {
    const item = findMenuById(menuList, id);
    if (!item) return;
    setPickedId(id);
    if (visibleChildren(item).length > 0) {
      setSidebarOpened(true);
      return;
    }
    setSidebarOpened(false);
    onMenuClick(id);
  }

  return (
    <div className={[styles.shell, styles.column].join(' ')} data-testid="layout-blend">
      <Navbar hamburger={mobile || children.length > 0} logo>
        {!mobile &&
          (hasMenus ? (
            <TopMenu menuList={menuList} mode="groups" selectedKeys={group ? [group.id] : []} onClick={onTopClick} />
          ) : (
            <NoPermission dark={false} />
          ))}
      </Navbar>
      <div className={styles.body}>
        {mobile ? (
          <Sidebar menuList={menuList} />
        ) : (
          children.length > 0 && <Sidebar menuList={children} showLogo={false} />
        )}
        <MobileMask />
        <AppMain />
      </div>
    </div>
  );
}
