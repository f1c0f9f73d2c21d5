import { useSessionStore } from '../stores/session.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { AppMain } from './app-main.tsx';
import styles from './layout.module.css';
import { MobileMask } from './mobile-mask.tsx';
import { Breadcrumbs, Navbar } from './navbar.tsx';
import { Sidebar } from './sidebar.tsx';

/**
 * Plain layout: a slim icon-only side bar (sub-menus open as pop-ups). On desktop the hamburger
 * shows or hides the slim bar; on mobile it opens the full side bar over the content.
 */
export function PlainLayout() {
  const menuList = useSessionStore((s) => s.menuList);
  const mobile = useSettingsStore((s) => s.device === 'mobile');
  const opened = useSettingsStore((s) => s.sidebarOpened);
  return (
    <div className={styles.shell} data-testid="layout-plain">
      {(mobile || opened) && <Sidebar menuList={menuList} slim={!mobile} />}
      <MobileMask />
      <div className={styles.main}>
        <Navbar hamburger>
          <Breadcrumbs sideCollapsed={!mobile || !opened} />
        </Navbar>
        <AppMain />
      </div>
    </div>
  );
}
