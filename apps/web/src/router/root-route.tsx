import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, useLocation, useMatches, useRouteError } from 'react-router';
import { DEFAULT_SYS_NAME } from '../app/constants.ts';
import { useSessionStore } from '../stores/session.ts';
import { buildMenuRoutes } from './menu-routes.ts';
import { isRouteHandle } from './route-handle.ts';
import styles from './route-loading.module.css';

// Seen only when something broke: not part of any route's first download.
const NavigationFailed = lazy(() => import('./navigation-failed.tsx'));

/** The page title of the deepest route that names one. */
function usePageTitle(): string {
  const { t } = useTranslation();
  const matches = useMatches();
  const menuList = useSessionStore((s) => s.menuList);
  // A menu route keeps the name it was created with; the menus themselves follow the language.
  const menuNames = useMemo(
    () => new Map(buildMenuRoutes(menuList).map((route) => [route.meta.id, route.meta.fullName])),
    [menuList],
  );
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle;
    if (isRouteHandle(handle)) {
      if (handle.title) return (handle.meta && menuNames.get(handle.meta.id)) || handle.title;
      if (handle.titleKey) return t(handle.titleKey);
    }
  }
  return '';
}

export function RootRoute() {
  const title = usePageTitle();
  const sysName = useSessionStore((s) => s.sysConfigInfo?.sysName) || DEFAULT_SYS_NAME;
  useEffect(() => {
    document.title = title ? `${title} - ${sysName}` : sysName;
  }, [title, sysName]);

  return (
    <>
      <Outlet />
      {/* Scrolls to the top on new navigations and restores positions on back/forward. */}
      <ScrollRestoration />
    </>
  );
}

/** Shown while a route's code loads: a plain spinner, so that no component library waits on it. */
export function RouteLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} role="status" aria-label={t('common.loading')}>
      <span className={styles.spinner} />
    </div>
  );
}

/** A failed navigation goes to /404; on /404 itself it offers a reload instead. */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  useEffect(() => {
    console.error('navigation failed', error);
  }, [error]);
  if (location.pathname !== '/404') return <Navigate to="/404" replace />;
  return (
    <Suspense fallback={<RouteLoading />}>
      <NavigationFailed />
    </Suspense>
  );
}
