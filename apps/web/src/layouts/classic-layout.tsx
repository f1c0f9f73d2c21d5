import { useSessionStore } from '../stores/session.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { AppMain } from './app-main.tsx';
import styles from './layout.module.css';
import { MobileMask } from './mobile-mask.tsx';
import { Breadcrumbs, Navbar } from './navbar.tsx';
import { Sidebar } from './sidebar.tsx';

/** Classic layout: side navigation with the logo, top bar with the breadcrumb. */
export function ClassicLayout() {
  const menuList = useSessionStore((s) => s.menuList);
  const mobile = useSettingsStore((s) => s.device === 'mobile');
  const opened = useSettingsStore((s) => s.sidebarOpened);
  return (
    <div className={styles.shell} data-testid="layout-classic">
      <Sidebar menuList={menuList} />
      <MobileMask />
      <div className={styles.main}>
        <Navbar hamburger>
          <Breadcrumbs sideCollapsed={!opened || mobile} />
        </Navbar>
        <AppMain />
      </div>
    </div>
  );
}
