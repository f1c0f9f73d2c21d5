/**
 * The route guard as a pure decision; router/index.tsx runs it before every
 * navigation and carries out the answer.
 */

export interface GuardState {
  token: string | null;
  locked: boolean;
  /** CurrentUser has answered for this token. */
  loaded: boolean;
  /** First in-app page under the first menu entry, if any. */
  firstMenuPath: string | null;
  /** Whether a pathname is a fixed route or a route of the loaded menu. */
  isKnownPath(pathname: string): boolean;
}

export type GuardDecision =
  /** Go there instead (replacing the history entry); with `setToken`, store that token first. */
  | { redirect: string; setToken?: string }
  /** Fetch the current user, build its routes, then repeat the navigation. */
  | { load: true }
  | { proceed: true };

/** Open without a token. */
export const OPEN_PATHS: readonly string[] = ['/login', '/auth-redirect', '/sso'];
export const LOGIN_PATH = '/login';
export const LOCK_PATH = '/lockScreen';
export const HOME_PATH = '/home';
export const NOT_FOUND_PATH = '/404';
const FLOW_DETAIL_PATH = '/workFlowDetail';

export function loginRedirect(wanted: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(wanted)}`;
}

function splitPath(path: string): { pathname: string; search: URLSearchParams } {
  const url = new URL(path, 'http://guard.invalid');
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : url.pathname;
  return { pathname, search: url.searchParams };
}

/** `path` is pathname + search (+ hash) of the wanted location. */
export function decideNavigation(state: GuardState, path: string): GuardDecision {
  const { pathname, search } = splitPath(path);

  // A flow-detail link opened from a message or mail carries its own token: it wins.
  const linkToken = pathname === FLOW_DETAIL_PATH ? search.get('token') : null;
  if (linkToken && linkToken !== state.token) return { redirect: path, setToken: linkToken };

  // `/` is only an alias of the home page, so a signed-out visitor is asked to sign in for /home.
  if (pathname === '/') return { redirect: HOME_PATH };

  if (!state.token) {
    return OPEN_PATHS.includes(pathname) ? { proceed: true } : { redirect: loginRedirect(path) };
  }

  if (state.locked) {
    if (pathname === LOCK_PATH) return { proceed: true };
    if (pathname !== LOGIN_PATH) return { redirect: LOCK_PATH };
  }
  if (pathname === LOGIN_PATH) return { redirect: '/' };
  if (!state.loaded) return { load: true };

  if (pathname === HOME_PATH && state.firstMenuPath && state.firstMenuPath !== HOME_PATH)
    return { redirect: state.firstMenuPath };
  if (!state.isKnownPath(pathname)) return { redirect: NOT_FOUND_PATH };
  return { proceed: true };
}
