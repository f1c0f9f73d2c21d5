import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { findMenuTrail } from '../router/menu-routes.ts';
import { useSessionStore } from '../stores/session.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { AppMain } from './app-main.tsx';
import styles from './layout.module.css';
import { MobileMask } from './mobile-mask.tsx';
import { Navbar } from './navbar.tsx';
import { NoPermission } from './no-permission.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopMenu } from './top-menu.tsx';
import { useMenuClick } from './use-menu-click.ts';

/**
 * Functional layout: top navigation with the whole menu (sub-menus pop up). On mobile the top menu
 * does not fit, so the hamburger opens the side bar over the content instead.
 */
export function FunctionalLayout() {
  const { pathname } = useLocation();
  const menuList = useSessionStore((s) => s.menuList);
  const mobile = useSettingsStore((s) => s.device === 'mobile');
  const onMenuClick = useMenuClick(menuList);
  const trail = useMemo(() => findMenuTrail(menuList, pathname), [menuList, pathname]);
  const selectedKeys = trail.length ? [trail[trail.length - 1].id] : [];
  const hasMenus = menuList.some((item) => !item.hidden);

  return (
    <div className={[styles.shell, styles.column].join(' ')} data-testid="layout-functional">
      {mobile && <Sidebar menuList={menuList} />}
      <MobileMask />
      <Navbar hamburger={mobile} logo>
        {!mobile &&
          (hasMenus ? (
            <TopMenu menuList={menuList} mode="tree" selectedKeys={selectedKeys} onClick={onMenuClick} />
          ) : (
            <NoPermission dark={false} />
          ))}
      </Navbar>
      <AppMain />
    </div>
  );
}
