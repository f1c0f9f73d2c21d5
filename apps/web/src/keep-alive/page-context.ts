import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import { useLocation, useMatches, type Location, type UIMatch } from 'react-router';
import type { MenuRouteMeta } from '../router/menu-routes.ts';
import { isRouteHandle, type RouteHandle } from '../router/route-handle.ts';

/** A route's handle with the menu meta (moduleId, judgePermission, ...) lifted to the top level. */
export type PageMeta = Omit<RouteHandle, 'meta'> & Partial<MenuRouteMeta>;

/**
 * Where a page lives, frozen when the page first rendered.
 *
 * Pages read this through usePageContext() instead of useLocation()/useParams()/useMatches(): the
 * page cache keeps visited pages mounted while hidden, and the router hooks then answer for the page
 * that is on screen, not for the hidden one (a hidden page reacting to another page's query string
 * would load the wrong data). The frozen context always describes the page's own route.
 */
export interface PageContextValue {
  /** Full path, pathname + search: the page's key in the page cache and in the tags bar. */
  path: string;
  pathname: string;
  params: Readonly<Record<string, string | undefined>>;
  /** Query string with its leading '?', or ''. */
  search: string;
  meta: PageMeta;
}

const PageContext = createContext<PageContextValue | null>(null);

export function pageMetaOf(handle: unknown): PageMeta {
  if (!isRouteHandle(handle)) return {};
  const { meta, ...rest } = handle;
  const out: PageMeta = { ...rest, ...meta };
  if (meta?.noCache) out.noCache = true;
  return out;
}

/** The context of the deepest matched route at `location`. */
export function createPageContext(
  location: Pick<Location, 'pathname' | 'search'>,
  matches: readonly UIMatch[],
): PageContextValue {
  const deepest = matches[matches.length - 1];
  return {
    path: location.pathname + location.search,
    pathname: location.pathname,
    params: { ...(deepest?.params ?? {}) },
    search: location.search,
    meta: pageMetaOf(deepest?.handle),
  };
}

export function PageContextProvider({ value, children }: { value: PageContextValue; children?: ReactNode }) {
  return createElement(PageContext.Provider, { value }, children);
}

function useLivePageContext(): PageContextValue {
  const location = useLocation();
  const matches = useMatches();
  return useMemo(() => createPageContext(location, matches), [location, matches]);
}

/**
 * The current page's own route (see PageContextValue). Outside the shell's outlet (login, lock
 * screen at the root) there is no cache, so it is then simply the router's current location.
 */
export function usePageContext(): PageContextValue {
  const frozen = useContext(PageContext);
  // Under the shell's outlet a page must not subscribe to the location at all (a hidden page would
  // re-render on every navigation). Whether a component sits under that outlet never changes during
  // its life, so the hook order stays the same for a given component.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return frozen ?? useLivePageContext();
}
