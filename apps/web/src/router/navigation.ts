import { LOGIN_PATH, loginRedirect } from './guard.ts';

/**
 * The one way code outside React (request wrapper, stores) changes page. The data router registers
 * itself here on start; before that (and in unit tests) the browser location is used directly.
 */
export interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): void;
  /** Current pathname + search. */
  current(): string;
  /** True while the router runs a navigation (the guard is then in charge of where it ends). */
  busy(): boolean;
}

const browserNavigator: Navigator = {
  navigate(to, options) {
    if (options?.replace) window.location.replace(to);
    else window.location.assign(to);
  },
  current: () => window.location.pathname + window.location.search,
  busy: () => false,
};

let navigator: Navigator = browserNavigator;

export function setNavigator(next: Navigator | null): void {
  navigator = next ?? browserNavigator;
}

export function getNavigator(): Navigator {
  return navigator;
}

/** `/login?redirect=<wanted path with query>`; plain /login from /login itself. */
export function loginPathFor(wanted: string): string {
  const pathname = wanted.split(/[?#]/)[0];
  if (!wanted || pathname === LOGIN_PATH) return LOGIN_PATH;
  return loginRedirect(wanted);
}

/**
 * Where to go after sign-in: the redirect parameter when it is a path of this app (never another
 * origin: '//host' or 'https://...' would be an open redirect), else /home.
 */
export function safeRedirect(redirect: string | null | undefined, fallback = '/home'): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/\\'))
    return fallback;
  if (redirect.split(/[?#]/)[0] === LOGIN_PATH) return fallback;
  return redirect;
}

/** After a session ends: go to the sign-in page with the current page as redirect, unless already there. */
export function goToLogin(): void {
  const nav = getNavigator();
  // During a navigation the guard sees the failed call and redirects with the page the user wanted.
  if (nav.busy()) return;
  const here = nav.current();
  if (here.split(/[?#]/)[0] === LOGIN_PATH) return;
  nav.navigate(loginPathFor(here), { replace: true });
}
