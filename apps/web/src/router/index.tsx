import type { MenuItem } from '@atrium/shared';
import NProgress from 'nprogress';
import {
  createBrowserRouter,
  createMemoryRouter,
  Navigate,
  redirect,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { RequestError } from '../api/request.ts';
import { toastError } from '../app/feedback.ts';
import i18n from '../locales/index.ts';
import { useSessionStore } from '../stores/session.ts';
import { decideNavigation, type GuardState } from './guard.ts';
import { buildMenuRoutes, firstMenuPath, type MenuRouteDef } from './menu-routes.ts';
import { loginPathFor, setNavigator } from './navigation.ts';
import { lazyPage } from './page-registry.ts';
import { RootRoute, RouteError, RouteLoading } from './root-route.tsx';
import type { RouteHandle } from './route-handle.ts';

/** Fixed routes that exist now (more arrive with their screens). */
export const FIXED_PATHS: readonly string[] = [
  '/',
  '/home',
  '/login',
  '/404',
  '/lockScreen',
  '/sso',
  '/auth-redirect',
  '/profile',
  '/externalLink',
  '/dashboard',
  '/messageRecord',
  '/feedback',
  '/docs',
  '/previewModel',
  '/workFlowPurchase/purchaseList',
  '/workFlowPurchase/goodsInventory/handle',
  '/workFlowPurchase/outS',
  '/workFlowDetail',
];
const LAYOUT_ROUTE_ID = 'layout';
const loadLayout = () => import('../layouts/index.tsx');

const normalise = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname).toLowerCase();
const fixedPaths = new Set(FIXED_PATHS.map(normalise));
/** `/redirect` and `/redirect/<path>`: refresh of a view (tags bar), lands back on <path>. */
const isRedirectPath = (pathname: string) => /^\/redirect(\/|$)/.test(pathname);

interface MenuIndex {
  routes: MenuRouteDef[];
  paths: Set<string>;
  firstPath: string | null;
}
// Rebuilt only when the session store hands out a new menu list.
const menuIndexCache = new WeakMap<readonly MenuItem[], MenuIndex>();
function menuIndex(menuList: readonly MenuItem[]): MenuIndex {
  let index = menuIndexCache.get(menuList);
  if (!index) {
    const routes = buildMenuRoutes(menuList);
    index = { routes, paths: new Set(routes.map((r) => normalise(r.path))), firstPath: firstMenuPath(menuList) };
    menuIndexCache.set(menuList, index);
  }
  return index;
}

function guardState(): GuardState {
  const session = useSessionStore.getState();
  const index = menuIndex(session.menuList);
  return {
    token: session.token,
    locked: session.locked,
    loaded: session.loaded,
    firstMenuPath: index.firstPath,
    isKnownPath: (pathname) =>
      fixedPaths.has(normalise(pathname)) || index.paths.has(normalise(pathname)) || isRedirectPath(pathname),
  };
}

function menuRouteObjects(): RouteObject[] {
  return menuIndex(useSessionStore.getState().menuList)
    .routes.filter((route) => !fixedPaths.has(normalise(route.path)))
    .map((route) => ({
      // The id makes repeated patches of the same menu a no-op in the router.
      id: `menu:${route.path}`,
      path: route.path.slice(1),
      lazy: lazyPage(route.view),
      handle: { title: route.meta.fullName, meta: route.meta } satisfies RouteHandle,
    }));
}

/** Root loader: runs the guard before every navigation (shouldRevalidate below) and carries it out. */
export async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
  const url = new URL(request.url);
  const path = url.pathname + url.search + url.hash;
  const decision = decideNavigation(guardState(), path);
  if ('redirect' in decision) {
    if (decision.setToken) useSessionStore.getState().setToken(decision.setToken);
    throw redirect(decision.redirect);
  }
  if ('load' in decision) {
    // A signed-in first visit needs the shell's code as well as the menus: fetch both at once.
    void loadLayout().catch(() => undefined);
    try {
      await useSessionStore.getState().loadCurrentUser();
    } catch (error) {
      useSessionStore.getState().resetToken();
      // A failed request has already shown the server's reason; a second, generic toast beside it
      // only adds noise (and used to be untranslated).
      if (!(error instanceof RequestError)) toastError(typeof error === 'string' ? error : i18n.t('guard.hasError'));
      throw redirect(loginPathFor(path));
    }
    // Repeat the navigation: patchRoutesOnNavigation now adds the menu routes before matching.
    throw redirect(path);
  }
  return null;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: guardLoader,
    // The guard must see every navigation, not only those that change the root's params.
    shouldRevalidate: () => true,
    element: <RootRoute />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <RouteLoading />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: 'login', lazy: lazyPage('login'), handle: { titleKey: 'route.login' } satisfies RouteHandle },
      // Full-screen entries outside the layout.
      { path: 'lockScreen', lazy: lazyPage('lock-screen'), handle: { titleKey: 'lock.title' } satisfies RouteHandle },
      { path: 'sso', lazy: lazyPage('sso'), handle: { titleKey: 'sso.title' } satisfies RouteHandle },
      {
        path: 'auth-redirect',
        lazy: lazyPage('auth-redirect'),
        handle: { titleKey: 'sso.authRedirectTitle' } satisfies RouteHandle,
      },
      {
        id: LAYOUT_ROUTE_ID,
        lazy: async () => ({ Component: (await loadLayout()).default }),
        children: [
          {
            path: 'home',
            lazy: lazyPage('home'),
            handle: { titleKey: 'route.home', affix: true } satisfies RouteHandle,
          },
          { path: 'profile', lazy: lazyPage('profile'), handle: { titleKey: 'profile.title' } satisfies RouteHandle },
          {
            path: 'externalLink',
            lazy: lazyPage('external-link'),
            handle: { titleKey: 'sso.externalLinkTitle', noCache: true } satisfies RouteHandle,
          },
          {
            path: 'dashboard',
            lazy: lazyPage('dashboard'),
            handle: { titleKey: 'dashboard.title' } satisfies RouteHandle,
          },
          {
            path: 'messageRecord',
            lazy: lazyPage('message-record'),
            handle: { titleKey: 'message.centerTitle' } satisfies RouteHandle,
          },
          {
            path: 'feedback',
            lazy: lazyPage('feedback'),
            handle: { titleKey: 'feedback.title' } satisfies RouteHandle,
          },
          {
            path: 'previewModel',
            lazy: lazyPage('visualdev/preview-model'),
            handle: { titleKey: 'route.previewModel', noCache: true } satisfies RouteHandle,
          },
          { path: 'docs', lazy: lazyPage('docs'), handle: { titleKey: 'feedback.docsTitle' } satisfies RouteHandle },
          // The purchase demo of the workflow (S1-2.1-14, S1-2.1-15, S1-2.1-16); its pages bring their texts.
          {
            path: 'workFlowPurchase/purchaseList',
            lazy: lazyPage('workFlowPurchase/purchaseList'),
            handle: { titleKey: 'purchase.listTitle' } satisfies RouteHandle,
          },
          {
            path: 'workFlowPurchase/goodsInventory/handle',
            lazy: lazyPage('workFlowPurchase/goodsInventory/handle'),
            handle: { titleKey: 'purchase.inventoryTitle' } satisfies RouteHandle,
          },
          {
            path: 'workFlowPurchase/outS',
            lazy: lazyPage('workFlowPurchase/outS'),
            handle: { titleKey: 'purchase.outTitle' } satisfies RouteHandle,
          },
          // A flow opened from a list, the launch centre or a message (S1-2.1-12); config names it.
          {
            path: 'workFlowDetail',
            lazy: lazyPage('workFlowDetail'),
            handle: { titleKey: 'homePage.flowDetail' } satisfies RouteHandle,
          },
          // Inside the shell: only a signed-in user gets here (the guard sends anyone else to sign in),
          // and the menus stay at hand to go somewhere that exists.
          {
            path: '404',
            lazy: lazyPage('404'),
            handle: { titleKey: 'route.notFound', hideTag: true, noCache: true } satisfies RouteHandle,
          },
          {
            path: 'redirect/*',
            lazy: async () => ({ Component: (await loadLayout()).RedirectPage }),
            handle: { hideTag: true, noCache: true } satisfies RouteHandle,
          },
        ],
      },
      // Reached only before the guard has judged the path; the guard sends unknown paths to /404.
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

/** The app's data router (history mode); `initialEntries` gives an in-memory one for tests. */
export function createAppRouter(initialEntries?: string[]) {
  const options = {
    // Menu routes are added when a path finds no fixed route (it then matches only the catch-all).
    patchRoutesOnNavigation: ({ patch }: { patch: (routeId: string | null, children: RouteObject[]) => void }) => {
      const menuRoutes = menuRouteObjects();
      if (menuRoutes.length > 0) patch(LAYOUT_ROUTE_ID, menuRoutes);
    },
  };
  const router = initialEntries
    ? createMemoryRouter(routes, { ...options, initialEntries })
    : createBrowserRouter(routes, options);

  NProgress.configure({ showSpinner: false });
  if (!router.state.initialized) NProgress.start();
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  });

  setNavigator({
    navigate: (to, options) => void router.navigate(to, { replace: options?.replace }),
    current: () => router.state.location.pathname + router.state.location.search,
    busy: () => !router.state.initialized || router.state.navigation.state !== 'idle',
  });
  return router;
}
