import { NotificationOutlined, RightOutlined } from '@ant-design/icons';
import type { MenuItem } from '@atrium/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listMessages, MessageType, type MessageItem } from '../../api/message.ts';
import { menuIcon } from '../../components/menu-icon/menu-icon.tsx';
import { isGroup, menuTarget } from '../../router/menu-routes.ts';
import { openMenu } from '../../router/open-menu.ts';
import { useMessagesStore } from '../../stores/messages.ts';
import { useSessionStore } from '../../stores/session.ts';
import styles from './home.module.css';
import { Section } from './section.tsx';

// The message dialog loads when first opened: the home page is the first screen after sign-in.
const NoticeViewDialog = lazy(() =>
  import('../../components/notice-view-dialog/notice-view-dialog.tsx').then((m) => ({ default: m.NoticeViewDialog })),
);

const FEED_SIZE = 5;
const SHORTCUT_LIMIT = 12;
const HOME_VIEWS = new Set(['/home', '/']);

/** The pages of the user's menus that open in the app or a window, in menu order, home left out. */
export function shortcutsOf(menus: readonly MenuItem[], limit = SHORTCUT_LIMIT): MenuItem[] {
  const found: MenuItem[] = [];
  const walk = (items: readonly MenuItem[]) => {
    for (const item of items) {
      if (found.length >= limit) return;
      if (item.hidden) continue;
      if (isGroup(item)) {
        walk(item.children ?? []);
        continue;
      }
      const target = menuTarget(item);
      if (target.kind === 'group' || (target.kind === 'route' && HOME_VIEWS.has(target.path))) continue;
      found.push(item);
    }
  };
  walk(menus);
  return found;
}

function MessageList(props: {
  items: MessageItem[] | undefined;
  failed: boolean;
  empty: string;
  onOpen: (item: MessageItem) => void;
  onRetry: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  if (props.failed)
    return (
      <p className={styles.empty}>
        {t('homePage.loadFailed')}{' '}
        <button type="button" className={styles.linkButton} onClick={props.onRetry}>
          {t('homePage.retry')}
        </button>
      </p>
    );
  if (!props.items) return <p className={styles.empty}>{t('common.loading')}</p>;
  if (!props.items.length)
    return (
      <p className={styles.empty} data-testid={`${props.testId}-empty`}>
        {props.empty}
      </p>
    );
  return (
    <ul className={styles.feed} data-testid={props.testId}>
      {props.items.map((item) => (
        <li key={item.id}>
          <button type="button" className={styles.feedItem} onClick={() => props.onOpen(item)}>
            <span className={styles.feedTitle}>
              {item.isRead === '0' && <span className={styles.dot} aria-label={t('homePage.unread')} />}
              {item.title}
            </span>
            <span className={styles.feedMeta}>
              {t('homePage.from', {
                user: item.releaseUser?.split('/')[0] ?? '',
                time: item.releaseTime ? dayjs(item.releaseTime).format('MM-DD HH:mm') : '',
              })}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The home page's own content: unread notices, recent messages and shortcuts to the user's pages. */
export function HomeFeed() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const menuList = useSessionStore((s) => s.menuList);
  // A push or a read elsewhere changes the count: the lists follow it.
  const unreadTotal = useMessagesStore((s) => s.unreadTotal);
  const listVersion = useMessagesStore((s) => s.listVersion);
  const [viewing, setViewing] = useState<string | null>(null);

  const notices = useQuery({
    queryKey: ['home', 'notices', unreadTotal, listVersion],
    queryFn: () =>
      listMessages({ keyword: '', currentPage: 1, pageSize: FEED_SIZE, type: MessageType.notice, isRead: '0' }),
  });
  const recent = useQuery({
    queryKey: ['home', 'messages', unreadTotal, listVersion],
    queryFn: () => listMessages({ keyword: '', currentPage: 1, pageSize: FEED_SIZE, type: '', isRead: '' }),
  });
  const shortcuts = useMemo(() => shortcutsOf(menuList), [menuList]);

  function open(item: MessageItem) {
    // Workflow messages belong to the message centre, which opens their flow.
    if (item.type === MessageType.flow) navigate('/messageRecord');
    else setViewing(item.id);
  }

  const more = (
    <button type="button" className={styles.linkButton} onClick={() => navigate('/messageRecord')}>
      {t('homePage.more')} <RightOutlined />
    </button>
  );

  return (
    <>
      <div className={styles.feedGrid}>
        <Section title={t('homePage.unreadNotices')} icon={<NotificationOutlined />} extra={more} testId="home-notices">
          <MessageList
            items={notices.data?.list}
            failed={notices.isError}
            empty={t('homePage.noUnreadNotices')}
            onOpen={open}
            onRetry={() => void notices.refetch()}
            testId="home-notice-list"
          />
        </Section>
        <Section title={t('homePage.recentMessages')} extra={more} testId="home-messages">
          <MessageList
            items={recent.data?.list}
            failed={recent.isError}
            empty={t('homePage.noMessages')}
            onOpen={open}
            onRetry={() => void recent.refetch()}
            testId="home-message-list"
          />
        </Section>
      </div>
      <Section title={t('homePage.shortcuts')} testId="home-shortcuts">
        {shortcuts.length ? (
          <ul className={styles.shortcuts}>
            {shortcuts.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className={styles.shortcut}
                  onClick={() => openMenu(item, navigate)}
                  data-testid={`home-shortcut-${item.enCode}`}
                >
                  <span className={styles.shortcutIcon}>{menuIcon(item.icon, item.type)}</span>
                  <span className={styles.shortcutName}>{item.fullName}</span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.empty}>{t('homePage.noShortcuts')}</p>
        )}
      </Section>
      <Suspense fallback={null}>
        {viewing && (
          <NoticeViewDialog
            messageId={viewing}
            onClose={() => setViewing(null)}
            onRead={(detail, since) => {
              const row = [...(notices.data?.list ?? []), ...(recent.data?.list ?? [])].find((m) => m.id === detail.id);
              if (row?.isRead === '0') useMessagesStore.getState().readOne(detail.type, since);
              void queryClient.invalidateQueries({ queryKey: ['home'] });
            }}
          />
        )}
      </Suspense>
    </>
  );
}
