import type { MenuRouteMeta } from './menu-routes.ts';

/** `handle` of every route: what the title, tags bar and permission checks read. */
export interface RouteHandle {
  /** i18n key of a fixed route's title. */
  titleKey?: string;
  /** Title of a menu route (the menu's full name, already in the user's language). */
  title?: string;
  /** Pinned in the tags bar. */
  affix?: boolean;
  /** Not kept alive by the page cache: every visit renders it anew (menu routes: meta.noCache). */
  noCache?: boolean;
  /** Not shown as a tag in the tags bar (redirect, lock screen, ...). */
  hideTag?: boolean;
  meta?: MenuRouteMeta;
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null;
}
