import { Badge, Button, Drawer, Empty, List, Segmented, Spin, Switch, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  listMessages,
  MessageType,
  readAllMessages,
  readMessage,
  type MessageDetail,
  type MessageItem,
} from '../../api/message.ts';
import { askConfirm, feedback } from '../../app/feedback.ts';
import i18n from '../../locales/index.ts';
import { getNavigator } from '../../router/navigation.ts';
import { useMessagesStore } from '../../stores/messages.ts';
import { NoticeViewDialog } from '../notice-view-dialog/notice-view-dialog.tsx';
import { flowDetailPath } from './flow-link.ts';
import styles from './message-drawer.module.css';
import { useScrollPages } from './scroll-pages.ts';

/** 20 messages a page, the next one within 200 px of the bottom, drawers 280 px. */
export const DRAWER_PAGE_SIZE = 20;
export const DRAWER_SCROLL_THRESHOLD = 200;
export const DRAWER_WIDTH = 280;
/** The mark-all-read message shows for 1.5 s. */
const READ_ALL_TOAST_SECONDS = 1.5;

type TypeFilter = '' | typeof MessageType.flow | typeof MessageType.notice;

/** Asks 'Are you sure to mark all as read?'; resolves true when confirmed. */
export function confirmReadAll(): Promise<boolean> {
  return askConfirm(i18n.t('message.readAllTitle'), i18n.t('message.readAllConfirm'));
}

/**
 * The bell's message drawer: type filter All / Flow / Notice, 'unread only'
 * on by default, pages of 20 loaded as the list is scrolled, notices open in the view dialog, flow
 * messages open their flow detail, and 'mark all read'.
 */
export function MessageDrawer() {
  const { t } = useTranslation();
  const open = useMessagesStore((s) => s.drawerOpen);
  const setOpen = useMessagesStore((s) => s.setDrawerOpen);
  const unread = useMessagesStore((s) => s.unread);
  const listVersion = useMessagesStore((s) => s.listVersion);
  const [type, setType] = useState<TypeFilter>('');
  const [unreadOnly, setUnreadOnly] = useState(true);
  const [viewing, setViewing] = useState<string | null>(null);
  const confirming = useRef(false);

  // Escape closes the drawer unless one of its dialogs is open (that dialog takes the key). antd's
  // own Escape would be lost for a moment after such a dialog closes: while it fades out it still
  // counts as the topmost layer, so an Escape right after Cancel did nothing. Capture phase: the
  // dialog has not handled (and closed on) this key yet when it is looked at here.
  useEffect(() => {
    if (!open || viewing) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.isComposing || confirming.current) return;
      setOpen(false);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open, viewing, setOpen]);

  const fetchPage = useCallback(
    async (page: number) =>
      (
        await listMessages({
          keyword: '',
          currentPage: page,
          pageSize: DRAWER_PAGE_SIZE,
          type,
          isRead: unreadOnly ? '0' : '',
        })
      ).list,
    [type, unreadOnly],
  );
  const pages = useScrollPages<MessageItem>({
    fetch: fetchPage,
    pageSize: DRAWER_PAGE_SIZE,
    threshold: DRAWER_SCROLL_THRESHOLD,
  });
  const { reload, setItems } = pages;

  // Every opening, filter change or push starts again from page 1.
  useEffect(() => {
    if (open) reload();
  }, [open, type, unreadOnly, listVersion, reload]);

  const markRead = useCallback(
    (item: Pick<MessageItem, 'id' | 'type' | 'isRead'>, since: number) => {
      if (item.isRead !== '0') return;
      useMessagesStore.getState().readOne(item.type, since);
      setItems((rows) => rows.map((row) => (row.id === item.id ? { ...row, isRead: '1' } : row)));
    },
    [setItems],
  );

  async function openItem(item: MessageItem) {
    if (item.type !== MessageType.flow) {
      setViewing(item.id);
      return;
    }
    let detail: MessageDetail;
    const since = useMessagesStore.getState().countsVersion;
    try {
      detail = await readMessage(item.id);
    } catch {
      return;
    }
    markRead(item, since);
    const path = flowDetailPath(detail.bodyText);
    if (!path) return;
    setOpen(false);
    getNavigator().navigate(path);
  }

  async function readAll() {
    confirming.current = true;
    const confirmed = await confirmReadAll();
    confirming.current = false;
    if (!confirmed) return;
    let res: Awaited<ReturnType<typeof readAllMessages>>;
    try {
      res = await readAllMessages({ keyword: '', type, isRead: unreadOnly ? '0' : '' });
    } catch {
      return;
    }
    void feedback().message.success({ content: res.msg || t('message.markAllRead'), duration: READ_ALL_TOAST_SECONDS });
    const counts = res.data;
    if (counts) useMessagesStore.getState().setCounts(counts);
    else useMessagesStore.getState().clearUnread(type);
    setItems((rows) => rows.map((row) => ({ ...row, isRead: '1' })));
  }

  function openCentre() {
    setOpen(false);
    getNavigator().navigate('/messageRecord');
  }

  const typeLabel = (value: number) =>
    value === MessageType.flow
      ? t('message.flow')
      : value === MessageType.notice
        ? t('message.notice')
        : t('message.system');
  const countPill = (n: number, testId: string) => (
    <span className={n > 0 ? styles.pill : styles.pillZero} data-testid={testId}>
      {n > 99 ? '99+' : n}
    </span>
  );

  return (
    <>
      <Drawer
        open={open}
        keyboard={false}
        size={DRAWER_WIDTH}
        title={t('message.drawerTitle')}
        onClose={() => setOpen(false)}
        classNames={{ body: styles.drawerBody, title: styles.drawerTitle, extra: styles.drawerExtra }}
        extra={
          <Button
            size="small"
            type="link"
            className={styles.readAll}
            onClick={() => void readAll()}
            data-testid="message-read-all"
          >
            {t('message.markAllRead')}
          </Button>
        }
      >
        <div className={styles.filters} data-testid="message-drawer">
          <Segmented<TypeFilter>
            block
            size="small"
            value={type}
            onChange={setType}
            data-testid="message-type-filter"
            options={[
              { value: '', label: t('message.all') },
              {
                value: MessageType.flow,
                label: (
                  <span className={styles.filterLabel} data-testid="message-filter-flow">
                    {t('message.flow')} {countPill(unread.flow, 'message-count-flow')}
                  </span>
                ),
              },
              {
                value: MessageType.notice,
                label: (
                  <span className={styles.filterLabel} data-testid="message-filter-notice">
                    {t('message.notice')} {countPill(unread.notice, 'message-count-notice')}
                  </span>
                ),
              },
            ]}
          />
          <label className={styles.unreadOnly}>
            <Switch size="small" checked={unreadOnly} onChange={setUnreadOnly} data-testid="message-unread-only" />
            <span>{t('message.unreadOnly')}</span>
            {/* System messages have no filter of their own; their count is still shown. */}
            <span className={styles.systemCount} data-testid="message-counts">
              {t('message.system')} <span data-testid="message-count-system">{unread.system}</span>
            </span>
          </label>
        </div>
        <div className={styles.scroll} onScroll={pages.onScroll} data-testid="message-drawer-list">
          <List<MessageItem>
            dataSource={pages.items}
            locale={{ emptyText: pages.loading ? ' ' : <Empty description={t('message.empty')} /> }}
            renderItem={(item) => (
              <List.Item
                className={styles.item}
                onClick={() => void openItem(item)}
                data-testid={`message-item-${item.id}`}
                data-unread={item.isRead === '0' ? 'true' : 'false'}
              >
                <div className={styles.itemMain}>
                  <div className={styles.itemTitle}>
                    {item.isRead === '0' && <Badge status="error" />}
                    <Typography.Text ellipsis={{ tooltip: item.title }}>{item.title}</Typography.Text>
                  </div>
                  <div className={styles.itemMeta}>
                    <Tag color={item.type === MessageType.flow ? 'blue' : 'green'}>{typeLabel(item.type)}</Tag>
                    <span>{item.releaseTime ? dayjs(item.releaseTime).format('YYYY-MM-DD HH:mm') : ''}</span>
                  </div>
                </div>
              </List.Item>
            )}
          />
          {pages.loading && (
            <div className={styles.more}>
              <Spin size="small" />
            </div>
          )}
          {pages.done && pages.items.length > 0 && (
            <div className={styles.more} data-testid="message-drawer-end">
              {t('message.noMore')}
            </div>
          )}
        </div>
        <div className={styles.footer}>
          <Button type="link" block onClick={openCentre} data-testid="message-view-all">
            {t('message.viewAll')}
          </Button>
        </div>
      </Drawer>
      <NoticeViewDialog
        messageId={viewing}
        onClose={() => setViewing(null)}
        onRead={(detail, since) => {
          const row = pages.items.find((r) => r.id === detail.id);
          markRead(row ?? detail, since);
        }}
      />
    </>
  );
}
