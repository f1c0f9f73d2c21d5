import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, useLocation, useMatches, useRouteError } from 'react-router';
import { DEFAULT_SYS_NAME } from '../app/constants.ts';
import { useSessionStore } from '../stores/session.ts';
import { isRouteHandle } from './route-handle.ts';

/** The page title of the deepest route that names one. */
function usePageTitle(): string {
  const { t } = useTranslation();
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle;
    if (isRouteHandle(handle)) {
      if (handle.title) return handle.title;
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

export function RouteLoading() {
  return (
    <div style={{ display: 'flex', height: '100vh', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  );
}

/** Spec 1 section 2.1: a failed navigation goes to /404; on /404 itself it offers a reload instead. */
export function RouteError() {
  const error = useRouteError();
  const location = useLocation();
  const { t } = useTranslation();
  useEffect(() => {
    console.error('navigation failed', error);
  }, [error]);
  if (location.pathname !== '/404') return <Navigate to="/404" replace />;
  return (
    <Result
      status="error"
      title={t('guard.hasError')}
      extra={
        <Button type="primary" onClick={() => window.location.assign('/home')}>
          {t('notFound.backHome')}
        </Button>
      }
    />
  );
}
