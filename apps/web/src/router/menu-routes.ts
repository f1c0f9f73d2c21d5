import { MenuType, type MenuItem } from '@atrium/shared';

/** Route meta kept from a menu entry. */
export interface MenuRouteMeta {
  id: string;
  fullName: string;
  icon: string;
  type: MenuType;
  moduleId?: string;
  isTree?: boolean;
  /** Button/column/form checks apply only when on (propertyJson isJudgePermission / judgePermission). */
  judgePermission?: boolean;
  /** Not kept alive by the page cache (propertyJson noCache). */
  noCache?: boolean;
}

/** An in-app route generated from a menu entry. */
export interface MenuRouteDef {
  /** Absolute path, '/system/user'. */
  path: string;
  /** Key in the page registry: the view path for pages, a generic view for module-driven types. */
  view: string;
  meta: MenuRouteMeta;
}

/** What clicking a menu entry does. */
export type MenuTarget =
  | { kind: 'group' }
  | { kind: 'route'; path: string }
  | { kind: 'window'; url: string }
  /** Large-screen view: the in-app path a new window opens through /sso with a one-time ticket. */
  | { kind: 'screen'; path: string }
  | { kind: 'none' };

/** Generic views of the module-driven menu types (they read moduleId from the route meta). */
export const GENERIC_VIEWS: Partial<Record<MenuType, string>> = {
  [MenuType.onlineForm]: 'generic/online-form',
  [MenuType.dictionary]: 'generic/dictionary',
  [MenuType.report]: 'generic/report',
  [MenuType.portal]: 'generic/portal',
};

interface MenuProperty {
  moduleId?: string;
  isTree?: boolean;
  iconBackgroundColor?: string;
  judgePermission?: boolean;
  noCache?: boolean;
}

/** Flags arrive as booleans, 0/1 or '0'/'1' depending on which designer saved the entry. */
function flag(value: unknown): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  return value === true || value === 1 || value === '1' || value === 'true';
}

export function parseProperty(propertyJson: string | null | undefined): MenuProperty {
  if (!propertyJson) return {};
  try {
    const parsed: unknown = JSON.parse(propertyJson);
    if (typeof parsed !== 'object' || parsed === null) return {};
    const { moduleId, isTree, iconBackgroundColor, isJudgePermission, judgePermission, noCache } = parsed as Record<
      string,
      unknown
    >;
    return {
      judgePermission: flag(isJudgePermission ?? judgePermission),
      noCache: flag(noCache),
      moduleId: typeof moduleId === 'string' && moduleId ? moduleId : undefined,
      isTree: isTree === undefined ? undefined : isTree === true || isTree === 1 || isTree === '1',
      iconBackgroundColor: typeof iconBackgroundColor === 'string' ? iconBackgroundColor : undefined,
    };
  } catch {
    // A malformed property must not take the whole menu down; the entry just has no module.
    return {};
  }
}

/** The address without query string or hash and without leading slashes: 'system/user'. */
export function viewOf(urlAddress: string | null | undefined): string {
  return (urlAddress ?? '').trim().split(/[?#]/)[0].replace(/^\/+/, '').replace(/\/+$/, '');
}

/** '/' + address without query string (urlAddress may or may not start with '/'); null when empty. */
export function menuPath(item: Pick<MenuItem, 'urlAddress'>): string | null {
  const view = viewOf(item.urlAddress);
  return view ? `/${view}` : null;
}

export function isGroup(item: Pick<MenuItem, 'type'>): boolean {
  return item.type === MenuType.system || item.type === MenuType.directory;
}

export function menuTarget(item: MenuItem): MenuTarget {
  if (isGroup(item)) return { kind: 'group' };
  if (item.type === MenuType.screen) {
    const path = menuPath(item);
    return path ? { kind: 'screen', path } : { kind: 'none' };
  }
  if (item.type === MenuType.link) {
    const url = (item.urlAddress ?? '').trim();
    if (!url) return { kind: 'none' };
    // CurrentUser leaves linkTarget out when it is _self.
    if (item.linkTarget !== '_blank') return { kind: 'route', path: `/externalLink?url=${encodeURIComponent(url)}` };
    return { kind: 'window', url };
  }
  const path = menuPath(item);
  return path ? { kind: 'route', path } : { kind: 'none' };
}

function routeOf(item: MenuItem): MenuRouteDef | null {
  if (isGroup(item) || item.type === MenuType.screen || item.type === MenuType.link) return null;
  const path = menuPath(item);
  if (!path) return null;
  const view = item.type === MenuType.page ? viewOf(item.urlAddress) : GENERIC_VIEWS[item.type];
  if (!view) return null;
  const property = parseProperty(item.propertyJson);
  const meta: MenuRouteMeta = { id: item.id, fullName: item.fullName, icon: item.icon, type: item.type };
  if (property.moduleId !== undefined) meta.moduleId = property.moduleId;
  if (property.isTree !== undefined) meta.isTree = property.isTree;
  if (property.judgePermission !== undefined) meta.judgePermission = property.judgePermission;
  if (property.noCache !== undefined) meta.noCache = property.noCache;
  return { path, view, meta };
}

/** Flattens the menu tree into in-app routes, first entry winning when two share a path. */
export function buildMenuRoutes(menuList: readonly MenuItem[]): MenuRouteDef[] {
  const out: MenuRouteDef[] = [];
  const seen = new Set<string>();
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      const route = routeOf(item);
      if (route && !seen.has(route.path.toLowerCase())) {
        seen.add(route.path.toLowerCase());
        out.push(route);
      }
      if (item.children?.length) walk(item.children);
    }
  };
  walk(menuList);
  return out;
}

/** Path of the first in-app page under the first menu entry (where /home leads once menus load). */
export function firstMenuPath(menuList: readonly MenuItem[]): string | null {
  const first = menuList.find((item) => !item.hidden);
  if (!first) return null;
  const descend = (item: MenuItem): string | null => {
    if (isGroup(item)) {
      for (const child of item.children ?? []) {
        if (child.hidden) continue;
        const found = descend(child);
        if (found) return found;
      }
      return null;
    }
    return routeOf(item)?.path ?? null;
  };
  return descend(first);
}

/** Entries from the top down to the one whose route is `path` (breadcrumb, open sub-menus). */
export function findMenuTrail(menuList: readonly MenuItem[], path: string): MenuItem[] {
  const wanted = path.toLowerCase();
  const walk = (items: readonly MenuItem[], trail: MenuItem[]): MenuItem[] | null => {
    for (const item of items) {
      const here = [...trail, item];
      const target = menuTarget(item);
      if (target.kind === 'route' && target.path.toLowerCase() === wanted) return here;
      const found = item.children?.length ? walk(item.children, here) : null;
      if (found) return found;
    }
    return null;
  };
  return walk(menuList, []) ?? [];
}
