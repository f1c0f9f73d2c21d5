import type { MenuItem } from '@atrium/shared';
import { useNavigate } from 'react-router';
import { useSessionStore } from '../stores/session.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { findMenuById } from './menu-items.tsx';
import { openMenu } from '../router/open-menu.ts';

/** A click on a menu entry by id: opens it and closes the mobile side bar. */
export function useMenuClick(menuList: readonly MenuItem[]): (id: string) => void {
  const navigate = useNavigate();
  return (id) => {
    const item = findMenuById(menuList, id);
    if (item) openMenu(item, navigate, useSessionStore.getState().token);
    const settings = useSettingsStore.getState();
    if (settings.device === 'mobile' && settings.sidebarOpened) settings.setSidebarOpened(false);
  };
}
