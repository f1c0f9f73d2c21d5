import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Breadcrumb, Button, Dropdown, Layout } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { apiUrl } from '../api/request.ts';
import { findMenuTrail } from '../router/menu-routes.ts';
import { isRouteHandle } from '../router/route-handle.ts';
import { useSessionStore } from '../stores/session.ts';
import { useSettingsStore } from '../stores/settings.ts';
import styles from './layout.module.css';

/** Avatar paths come relative to the API (/api/file/...); full URLs and data URLs stay as they are. */
function avatarSrc(headIcon: string | undefined): string | undefined {
  if (!headIcon) return undefined;
  return headIcon.startsWith('/api/') ? apiUrl(headIcon) : headIcon;
}

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

export function Navbar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const userInfo = useSessionStore((s) => s.userInfo);
  const logout = useSessionStore((s) => s.logout);
  const opened = useSettingsStore((s) => s.sidebarOpened);
  const toggleSidebar = useSettingsStore((s) => s.toggleSidebar);
  const crumbs = useBreadcrumb();

  function confirmLogout() {
    void modal.confirm({
      title: t('layout.logoutTitle'),
      content: t('layout.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout();
        navigate('/login', { replace: true });
      },
    });
  }

  return (
    <Layout.Header className={styles.header}>
      <Button
        type="text"
        aria-label={t('layout.toggleSidebar')}
        data-testid="sidebar-toggle"
        icon={opened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
        onClick={toggleSidebar}
      />
      <Breadcrumb className={styles.breadcrumb} items={crumbs.map((title, i) => ({ key: `${i}`, title }))} />
      <div className={styles.headerRight}>
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              {
                key: 'logout',
                icon: <LogoutOutlined />,
                label: <span data-testid="logout-item">{t('layout.logout')}</span>,
              },
            ],
            onClick: ({ key }) => {
              if (key === 'logout') confirmLogout();
            },
          }}
        >
          <span data-testid="user-dropdown" className={styles.user} role="button" tabIndex={0}>
            <Avatar size="small" src={avatarSrc(userInfo?.headIcon)} icon={<UserOutlined />} />
            <span className={styles.userName}>{userInfo?.userName}</span>
          </span>
        </Dropdown>
      </div>
    </Layout.Header>
  );
}
