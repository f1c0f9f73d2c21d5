import type { MenuItem } from '@atrium/shared';
import { menuTarget } from './menu-routes.ts';
import { openWithTicket } from './open-with-ticket.ts';

/**
 * Carries out a menu click: in-app routes navigate, links with _blank and
 * large-screen views open a new window.
 */
export function openMenu(item: MenuItem, navigate: (to: string) => void, _token?: string | null): void {
  const target = menuTarget(item);
  switch (target.kind) {
    case 'route':
      navigate(target.path);
      return;
    case 'window':
      window.open(target.url, '_blank', 'noopener');
      return;
    case 'screen':
      // A one-time ticket signs the new window in: the session token never goes into a URL.
      void openWithTicket(target.path);
      return;
    default:
      return;
  }
}
