import { Layout } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { RouteLoading } from '../router/root-route.tsx';
import { useSettingsStore } from '../stores/settings.ts';
import styles from './layout.module.css';
import { Navbar } from './navbar.tsx';
import { Sidebar } from './sidebar.tsx';

/** Classic layout: dark side navigation, top bar, page. */
export function ClassicLayout() {
  const mobile = useSettingsStore((s) => s.device === 'mobile');
  const opened = useSettingsStore((s) => s.sidebarOpened);
  const setSidebarOpened = useSettingsStore((s) => s.setSidebarOpened);

  return (
    <Layout className={styles.shell}>
      <Sidebar />
      {mobile && opened && <div className={styles.mask} aria-hidden onClick={() => setSidebarOpened(false)} />}
      <Layout className={styles.main}>
        <Navbar />
        <Layout.Content className={styles.content}>
          <Suspense fallback={<RouteLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
