import type { MenuItem } from '@atrium/shared';
import { apiUrl } from '../api/request.ts';
import { menuTarget } from '../router/menu-routes.ts';

/**
 * Carries out a menu click (spec 1 section 2.2): in-app routes navigate, links with _blank and
 * large-screen views open a new window.
 */
export function openMenu(item: MenuItem, navigate: (to: string) => void, token: string | null): void {
  const target = menuTarget(item);
  switch (target.kind) {
    case 'route':
      navigate(target.path);
      return;
    case 'window':
      window.open(target.url, '_blank', 'noopener');
      return;
    case 'screen': {
      // The visualisation service reads the module and the caller's token from its view path.
      const url = `${apiUrl('/DataV/view')}/${encodeURIComponent(target.moduleId)}?token=${encodeURIComponent(token ?? '')}`;
      window.open(url, '_blank', 'noopener');
      return;
    }
    default:
      return;
  }
}
