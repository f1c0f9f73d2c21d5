import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, theme } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches } from 'react-router';
import { findMenuTrail } from '../router/menu-routes.ts';
import { isRouteHandle } from '../router/route-handle.ts';
import { useSessionStore } from '../stores/session.ts';
import { useSettingsStore } from '../stores/settings.ts';
import styles from './layout.module.css';
import { Logo } from './logo.tsx';
import { NavbarActions } from './navbar-actions.tsx';
import { NoPermission } from './no-permission.tsx';

function useBreadcrumb(): string[] {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const matches = useMatches();
  const menuList = useSessionStore((s) => s.menuList);
  const trail = useMemo(() => findMenuTrail(menuList, pathname), [menuList, pathname]);
  if (trail.length) return trail.map((item) => item.fullName);
  const handle = matches[matches.length - 1]?.handle;
  if (isRouteHandle(handle)) {
    const title = handle.title ?? (handle.titleKey ? t(handle.titleKey) : '');
    if (title) return [title];
  }
  return [];
}

/**
 * The breadcrumb of the side-menu layouts. Without any menu, and with the side bar too narrow to say
 * so (collapsed, slim), the insufficient-permission notice takes its place.
 */
export function Breadcrumbs({ sideCollapsed }: { sideCollapsed: boolean }) {
  const crumbs = useBreadcrumb();
  const noMenus = useSessionStore((s) => !s.menuList.some((item) => !item.hidden));
  if (noMenus && sideCollapsed) return <NoPermission dark={false} />;
  return <Breadcrumb className={styles.breadcrumb} items={crumbs.map((title, i) => ({ key: `${i}`, title }))} />;
}

interface Props {
  /** Hamburger that opens and closes the side bar. */
  hamburger: boolean;
  /** Logo at the start (layouts without a side bar logo). */
  logo?: boolean;
  /** The middle: breadcrumb or top menu. */
  children?: ReactNode;
}

/** The top bar shared by the four layouts. */
export function Navbar({ hamburger, logo = false, children }: Props) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const opened = useSettingsStore((s) => s.sidebarOpened);
  const mobile = useSettingsStore((s) => s.device === 'mobile');
  const toggleSidebar = useSettingsStore((s) => s.toggleSidebar);

  return (
    <header
      className={styles.header}
      data-testid="navbar"
      style={{ background: token.colorBgContainer, color: token.colorText }}
    >
      {hamburger && (
        <Button
          type="text"
          aria-label={t('layout.toggleSidebar')}
          data-testid="sidebar-toggle"
          icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={toggleSidebar}
        />
      )}
      {logo && <Logo className={styles.headerLogo} iconOnly={mobile} />}
      <div className={styles.headerCenter}>{children}</div>
      <NavbarActions />
    </header>
  );
}
