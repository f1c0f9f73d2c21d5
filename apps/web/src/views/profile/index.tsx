import { Card, Grid, Skeleton, Tabs } from 'antd';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import styles from './profile.module.css';

// Each tab is its own chunk: together they use most of antd (tables, pickers, trees, uploads), which
// would make one profile chunk several times the page budget; a visit loads only the tabs opened.
const tab = <K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> => lazy(async () => ({ default: (await load())[name] }));

const TABS: { key: string; Tab: LazyExoticComponent<ComponentType> }[] = [
  { key: 'base', Tab: tab(() => import('./base-info-tab.tsx'), 'BaseInfoTab') },
  { key: 'password', Tab: tab(() => import('./password-tab.tsx'), 'PasswordTab') },
  { key: 'sign', Tab: tab(() => import('./sign-tab.tsx'), 'SignTab') },
  { key: 'organize', Tab: tab(() => import('./organize-tab.tsx'), 'OrganizeTab') },
  { key: 'subordinate', Tab: tab(() => import('./subordinate-tab.tsx'), 'SubordinateTab') },
  { key: 'authorize', Tab: tab(() => import('./authorize-tab.tsx'), 'AuthorizeTab') },
  { key: 'log', Tab: tab(() => import('./system-log-tab.tsx'), 'SystemLogTab') },
];

/** The user's own profile, opened from the avatar menu; `?tab=` picks a tab. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const screens = Grid.useBreakpoint();
  const wanted = params.get('tab');
  const active = TABS.some((tab) => tab.key === wanted) ? (wanted as string) : 'base';

  return (
    <div className={styles.page} data-testid="profile-page">
      <Card className={styles.card}>
        <Tabs
          activeKey={active}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          tabPlacement={screens.md ? 'start' : 'top'}
          items={TABS.map(({ key, Tab }) => ({
            key,
            label: <span data-testid={`profile-tab-${key}`}>{t(`profile.tabs.${key}`)}</span>,
            children: (
              <Suspense fallback={<Skeleton active />}>
                <Tab />
              </Suspense>
            ),
          }))}
        />
      </Card>
    </div>
  );
}
