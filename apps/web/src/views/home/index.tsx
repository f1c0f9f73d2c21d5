import { AppstoreOutlined, CheckSquareOutlined, SendOutlined } from '@ant-design/icons';
import { Spin } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFAULT_SYS_NAME } from '../../app/constants.ts';
import { menuPath } from '../../router/menu-routes.ts';
import { useSessionStore } from '../../stores/session.ts';
import { findMenuByView, LAUNCH_VIEW, TODO_VIEW } from './home-cards.ts';
import styles from './home.module.css';

// The feed (notices, messages, shortcuts) and the query client it reads through load just after
// the cards: the home page is the first screen after sign-in, inside the shell's budget.
const HomeFeed = lazy(() => import('./home-feed.tsx').then((m) => ({ default: m.HomeFeed })));
// The cards' flow counts (S1-1-05) come with their store just after the cards; until then the
// menu's own count shows.
const FlowCountValue = lazy(() =>
  import('../../components/flow-status/flow-count.tsx').then((m) => ({ default: m.FlowCountValue })),
);
// The flow lists (to-dos, applications, copies) likewise, with the workflow texts they read.
const HomeFlows = lazy(() =>
  import('./home-flows.tsx').then(async (m) => {
    await m.loadHomeFlowTexts();
    return { default: m.HomeFlows };
  }),
);

// The landing page of every sign-in is drawn with plain elements: antd's Card, Statistic and
// Descriptions would bring tabs, skeletons and popups into the first download after sign-in.

export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useSessionStore((s) => s.userInfo);
  const menuList = useSessionStore((s) => s.menuList);
  const sysConfig = useSessionStore((s) => s.sysConfigInfo);

  const todoMenu = findMenuByView(menuList, TODO_VIEW);
  const launchMenu = findMenuByView(menuList, LAUNCH_VIEW);
  const flowCards = [
    { menu: todoMenu, title: t('home.todo'), icon: <CheckSquareOutlined />, count: 'todo' as const },
    { menu: launchMenu, title: t('home.myApplications'), icon: <SendOutlined />, count: 'launch' as const },
  ].filter((card) => card.menu !== null);

  const sysName = sysConfig?.sysName || DEFAULT_SYS_NAME;
  const organize = userInfo?.organizeName;
  const department = userInfo?.departmentName;

  const welcomeItems: { key: string; children: string }[] = [];
  if (sysConfig?.sysVersion)
    welcomeItems.push({ key: 'version', children: t('home.version', { version: sysConfig.sysVersion }) });
  if (userInfo?.prevLogin === 1 && userInfo.prevLoginTime) {
    const time = dayjs(userInfo.prevLoginTime).format('YYYY-MM-DD HH:mm');
    welcomeItems.push({ key: 'prevLoginTime', children: t('home.prevLoginTime', { time }) });
    if (userInfo.prevLoginIPAddress)
      welcomeItems.push({ key: 'prevLoginIP', children: t('home.prevLoginIP', { ip: userInfo.prevLoginIPAddress }) });
  } else {
    welcomeItems.push({ key: 'firstLogin', children: t('home.firstLogin') });
  }

  return (
    <div data-testid="home-page" className={styles.page}>
      <section className={styles.panel}>
        <h2 className={styles.greeting}>{t('home.greeting', { name: userInfo?.userName ?? '' })}</h2>
        {organize && <p className={styles.secondary}>{t('home.organize', { organize })}</p>}
        {department && department !== organize && (
          <p className={styles.secondary}>{t('home.department', { department })}</p>
        )}
      </section>

      {flowCards.length > 0 ? (
        <div className={styles.cards}>
          {flowCards.map(({ menu, title, icon, count }) => {
            const path = menu ? menuPath(menu) : null;
            const body = (
              <>
                <span className={styles.statTitle}>{title}</span>
                <span className={styles.statValue}>
                  {icon}{' '}
                  <span data-testid="home-card-count">
                    <Suspense fallback={menu?.num ?? 0}>
                      <FlowCountValue which={count} fallback={menu?.num ?? 0} />
                    </Suspense>
                  </span>
                </span>
              </>
            );
            return path ? (
              <button
                key={title}
                type="button"
                className={`${styles.panel} ${styles.stat}`}
                onClick={() => navigate(path)}
              >
                {body}
              </button>
            ) : (
              <div key={title} className={`${styles.panel} ${styles.stat}`}>
                {body}
              </div>
            );
          })}
        </div>
      ) : (
        <section className={`${styles.panel} ${styles.welcome}`} data-testid="home-welcome">
          <h3 className={styles.welcomeTitle}>
            <AppstoreOutlined /> {t('home.welcomeTitle', { sysName })}
          </h3>
          <ul className={styles.facts}>
            {welcomeItems.map((item) => (
              <li key={item.key}>{item.children}</li>
            ))}
          </ul>
        </section>
      )}
      <Suspense fallback={null}>
        <HomeFlows />
      </Suspense>
      <Suspense fallback={<Spin className={styles.feedLoading} />}>
        <HomeFeed />
      </Suspense>
    </div>
  );
}
