import type { MenuItem } from '@atrium/shared';
import { Layout, Menu } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { findMenuTrail, isGroup } from '../router/menu-routes.ts';
import { useSessionStore } from '../stores/session.ts';
import { useSettingsStore } from '../stores/settings.ts';
import styles from './layout.module.css';
import { Logo } from './logo.tsx';
import { toMenuItems } from './menu-items.tsx';
import { NoPermission } from './no-permission.tsx';
import { useMenuClick } from './use-menu-click.ts';

/** Width of the open side menu on desktop, in px. */
export const SIDEBAR_WIDTH = 210;
export const COLLAPSED_WIDTH = 64;
/** Pages on which the first menu group opens by default. */
const OPEN_FIRST_GROUP_ON = ['/home', '/dashboard', '/404'];

interface Props {
  /** The entries to show: the whole menu, or (blend) the children of the group picked on top. */
  menuList: readonly MenuItem[];
  /** Plain layout: always the slim icon-only bar. */
  slim?: boolean;
  showLogo?: boolean;
}

/**
 * The side menu. Desktop: 210 px, or icon-only when closed (or slim). Mobile:
 * it lies over the content when opened (the layout adds the mask) and is gone when closed.
 */
export function Sidebar({ menuList, slim = false, showLogo = true }: Props) {
  const { pathname } = useLocation();
  const fullMenu = useSessionStore((s) => s.menuList);
  const opened = useSettingsStore((s) => s.sidebarOpened);
  const mobile = useSettingsStore((s) => s.device === 'mobile');
  const light = useSettingsStore((s) => s.slideClass === 'lightWhite');
  const sidebarLogo = useSettingsStore((s) => s.sidebarLogo);
  const onMenuClick = useMenuClick(fullMenu);

  const items = useMemo(() => toMenuItems(menuList), [menuList]);
  const trail = useMemo(() => findMenuTrail(menuList, pathname), [menuList, pathname]);
  const selectedKeys = trail.length ? [trail[trail.length - 1].id] : [];

  // Open the groups above the current page whenever the page changes, keeping what the user opened
  // (state adjusted during render, React's pattern for deriving from a changing input).
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const openKey = `${pathname}|${menuList.length}|${menuList[0]?.id ?? ''}`;
  if (openedFor !== openKey) {
    setOpenedFor(openKey);
    const wanted = trail.slice(0, -1).map((item) => item.id);
    const first = menuList.find((item) => !item.hidden);
    if (OPEN_FIRST_GROUP_ON.includes(pathname) && first && isGroup(first)) wanted.push(first.id);
    const missing = wanted.filter((key) => !openKeys.includes(key));
    if (missing.length) setOpenKeys([...openKeys, ...missing]);
  }

  // Icon-only: groups open as pop-ups; a click on an entry closes them even with the pointer still
  // over the pop-up (it would otherwise stay open over the tags bar).
  const [popupKeys, setPopupKeys] = useState<string[]>([]);

  const collapsed = mobile ? !opened : slim || !opened;
  const theme = light ? 'light' : 'dark';
  const logoVisible = showLogo && sidebarLogo;

  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      collapsedWidth={mobile ? 0 : COLLAPSED_WIDTH}
      collapsible
      collapsed={collapsed}
      trigger={null}
      theme={theme}
      className={[mobile ? styles.siderMobile : styles.sider, light ? styles.siderLight : ''].join(' ')}
      data-testid="sidebar"
    >
      {logoVisible && <Logo iconOnly={collapsed} textColor={light ? undefined : '#fff'} />}
      <div data-testid="side-menu" className={[styles.menuScroll, logoVisible ? '' : styles.menuScrollFull].join(' ')}>
        {items.length === 0 ? (
          !collapsed && <NoPermission dark={!light} />
        ) : (
          <Menu
            theme={theme}
            mode="inline"
            className={styles.sideMenu}
            items={items}
            selectedKeys={selectedKeys}
            inlineCollapsed={collapsed && !mobile}
            {...(collapsed
              ? { openKeys: popupKeys, onOpenChange: setPopupKeys }
              : { openKeys, onOpenChange: setOpenKeys })}
            onClick={({ key }) => {
              setPopupKeys([]);
              onMenuClick(key);
            }}
          />
        )}
      </div>
    </Layout.Sider>
  );
}
