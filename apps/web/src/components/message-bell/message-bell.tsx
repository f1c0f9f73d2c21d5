import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getUnreadCounts } from '../../api/message.ts';
import { useMessagesStore } from '../../stores/messages.ts';
import styles from './message-bell.module.css';

// Loaded when first opened: the drawer, its list and paging are not part of the shell's first download.
const MessageDrawer = lazy(() =>
  import('../message-drawer/message-drawer.tsx').then((m) => ({ default: m.MessageDrawer })),
);

/**
 * The top bar's bell: the unread total as a badge, flashing while chat
 * messages wait unread; a click opens the message drawer. The counts load when the shell mounts and
 * then follow the socket (initMessage, messagePush) and the reads made in this tab.
 */
export function MessageBell() {
  const { t } = useTranslation();
  const total = useMessagesStore((s) => s.unreadTotal);
  const flash = useMessagesStore((s) => s.flash);
  const drawerOpen = useMessagesStore((s) => s.drawerOpen);
  const setDrawerOpen = useMessagesStore((s) => s.setDrawerOpen);
  const [used, setUsed] = useState(drawerOpen);
  if (drawerOpen && !used) setUsed(true);

  useEffect(() => {
    let alive = true;
    getUnreadCounts()
      .then((counts) => {
        if (alive && counts) useMessagesStore.getState().setCounts(counts);
      })
      // A list-type call: a failure only leaves the badge as it is.
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

  return (
    <>
      <Tooltip title={t('message.bell')}>
        <Button
          type="text"
          data-testid="message-bell"
          data-flash={flash ? 'true' : 'false'}
          aria-label={t('message.bell')}
          className={flash ? styles.flash : undefined}
          onClick={() => setDrawerOpen(!drawerOpen)}
        >
          <Badge count={total} size="small" overflowCount={99} offset={[4, -2]}>
            <BellOutlined style={{ fontSize: 16 }} data-testid="message-bell-icon" />
          </Badge>
          <span className={styles.total} data-testid="message-bell-total">
            {total}
          </span>
        </Button>
      </Tooltip>
      {used && (
        <Suspense fallback={null}>
          <MessageDrawer />
        </Suspense>
      )}
    </>
  );
}
