import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getUnreadCounts, type UnreadCounts } from './unread-api.ts';

/**
 * The top bar's bell: the unread total as a badge, loaded when the shell mounts, and the counts per
 * type in a small pop-over. The message drawer and live updates come with the messages module.
 */
export function MessageBell() {
  const { t } = useTranslation();
  const [counts, setCounts] = useState<UnreadCounts | null>(null);

  useEffect(() => {
    let alive = true;
    getUnreadCounts()
      .then(({ data }) => {
        if (alive && data) setCounts(data);
      })
      // A list-type call: a failure only leaves the badge empty (spec 1 section 8).
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);

  const rows = [
    { key: 'notice', label: t('shell.unreadNotice'), value: counts?.unreadNoticeCount ?? 0 },
    { key: 'flow', label: t('shell.unreadFlow'), value: counts?.unreadMessageCount ?? 0 },
    { key: 'system', label: t('shell.unreadSystem'), value: counts?.unreadSystemMessageCount ?? 0 },
  ];

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('shell.messages')}
      content={
        <ul data-testid="message-counts" style={{ listStyle: 'none', margin: 0, padding: 0, minWidth: 160 }}>
          {rows.map((row) => (
            <li
              key={row.key}
              data-testid={`message-count-${row.key}`}
              style={{ display: 'flex', justifyContent: 'space-between', gap: 24, padding: '4px 0' }}
            >
              <span>{row.label}</span>
              <Badge count={row.value} showZero color={row.value ? undefined : '#bfbfbf'} overflowCount={999} />
            </li>
          ))}
        </ul>
      }
    >
      <Button type="text" data-testid="message-bell" aria-label={t('shell.messages')}>
        <Badge count={counts?.unreadTotalCount ?? 0} size="small" overflowCount={99} offset={[4, -2]}>
          <BellOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Popover>
  );
}
