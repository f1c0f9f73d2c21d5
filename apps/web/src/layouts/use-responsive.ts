import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { MOBILE_BREAKPOINT, useSettingsStore } from '../stores/settings.ts';

/** Under 992 px the device is mobile and the sidebar closes (also on each route change). */
export function useResponsive(): void {
  const { pathname } = useLocation();

  useEffect(() => {
    const update = () => {
      const settings = useSettingsStore.getState();
      const mobile = window.innerWidth < MOBILE_BREAKPOINT;
      settings.setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile && settings.sidebarOpened) settings.setSidebarOpened(false);
    };
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);

  useEffect(() => {
    const settings = useSettingsStore.getState();
    if (settings.device === 'mobile' && settings.sidebarOpened) settings.setSidebarOpened(false);
  }, [pathname]);
}
