import { useSettingsStore } from '../stores/settings.ts';
import styles from './layout.module.css';

/** On mobile an opened side bar lies over the content; a click beside it closes it. */
export function MobileMask() {
  const show = useSettingsStore((s) => s.device === 'mobile' && s.sidebarOpened);
  const setSidebarOpened = useSettingsStore((s) => s.setSidebarOpened);
  if (!show) return null;
  return <div className={styles.mask} data-testid="sidebar-mask" aria-hidden onClick={() => setSidebarOpened(false)} />;
}
