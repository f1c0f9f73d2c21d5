import { Layout, Menu, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DEFAULT_SYS_NAME } from '../app/constants.ts';
import logoUrl from '../assets/logo.svg';
import { findMenuTrail, isGroup } from '../router/menu-routes.ts';
import { useSessionStore } from '../stores/session.ts';
import { useSettingsStore } from '../stores/settings.ts';
import styles from './layout.module.css';
import { findMenuById, toMenuItems } from './menu-items.tsx';
import { openMenu } from './open-menu.ts';

/** Spec 1 section 9. */
export const SIDEBAR_WIDTH = 210;
const COLLAPSED_WIDTH = 64;
/** Pages on which the first menu group opens by default (spec 1 section 2.3). */
const OPEN_FIRST_GROUP_ON = ['/home', '/dashboard', '/404'];

export function Sidebar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const menuList = useSessionStore((s) => s.menuList);
  const sysConfig = useSessionStore((s) => s.sysConfigInfo);
  const opened = useSettingsStore((s) => s.sidebarOpened);
  const mobile = useSettingsStore((s) => s.device === 'mobile');
  const setSidebarOpened = useSettingsStore((s) => s.setSidebarOpened);

  const items = useMemo(() => toMenuItems(menuList), [menuList]);
  const trail = useMemo(() => findMenuTrail(menuList, pathname), [menuList, pathname]);
  const selectedKeys = trail.length ? [trail[trail.length - 1].id] : [];

  // Open the groups above the current page whenever the page changes, keeping what the user opened
  // (state adjusted during render, React's pattern for deriving from a changing input).
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const openKey = `${pathname}|${menuList.length}`;
  if (openedFor !== openKey) {
    setOpenedFor(openKey);
    const wanted = trail.slice(0, -1).map((item) => item.id);
    const first = menuList.find((item) => !item.hidden);
    if (OPEN_FIRST_GROUP_ON.includes(pathname) && first && isGroup(first)) wanted.push(first.id);
    const missing = wanted.filter((key) => !openKeys.includes(key));
    if (missing.length) setOpenKeys([...openKeys, ...missing]);
  }

  const collapsed = !opened;
  const sysName = sysConfig?.sysName || DEFAULT_SYS_NAME;
  const logo = sysConfig?.navigationIcon || sysConfig?.logoIcon || logoUrl;
  const token = useSessionStore((s) => s.token);

  return (
    <Layout.Sider
      width={SIDEBAR_WIDTH}
      collapsedWidth={mobile ? 0 : COLLAPSED_WIDTH}
      collapsible
      collapsed={collapsed}
      trigger={null}
      theme="dark"
      className={mobile ? styles.siderMobile : styles.sider}
    >
      <div className={styles.logo}>
        <img src={logo} alt="" />
        {!collapsed && <span className={styles.logoText}>{sysName}</span>}
      </div>
      <div data-testid="side-menu" className={styles.menuScroll}>
        {items.length === 0 ? (
          <Typography.Paragraph className={styles.noPermission}>{t('layout.noPermission')}</Typography.Paragraph>
        ) : (
          <Menu
            theme="dark"
            mode="inline"
            items={items}
            selectedKeys={selectedKeys}
            {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
            onClick={({ key }) => {
              const item = findMenuById(menuList, key);
              if (item) openMenu(item, navigate, token);
              if (mobile) setSidebarOpened(false);
            }}
          />
        )}
      </div>
    </Layout.Sider>
  );
}
