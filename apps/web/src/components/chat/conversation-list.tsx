import { Avatar, Badge, Dropdown, Empty, List, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteChatRecord, removeConversation, type Conversation } from '../../api/chat.ts';
import { avatarUrl } from '../../api/file.ts';
import { askConfirm } from '../../app/feedback.ts';
import i18n from '../../locales/index.ts';
import { useChatStore } from '../../stores/chat.ts';
import { previewText } from './message-content.tsx';
import { relativeTimeText } from './relative-time-text.ts';
import styles from './chat.module.css';

/** 'Clear all records of the current chat?'; resolves true when confirmed. */
export function confirmClearRecord(): Promise<boolean> {
  return askConfirm(i18n.t('chat.clearConfirmTitle'), i18n.t('chat.clearConfirm'), true);
}

/** Context menu 'remove': the conversation leaves the list (here and on the server). */
export async function removeFromList(peerId: string): Promise<void> {
  try {
    await removeConversation(peerId);
  } catch {
    return;
  }
  useChatStore.getState().dropConversation(peerId);
}

/** Context menu 'delete chat record': asks, clears on the server, then clears unread, latest message and type. */
export async function clearRecord(peerId: string): Promise<void> {
  if (!(await confirmClearRecord())) return;
  try {
    await deleteChatRecord(peerId);
  } catch {
    return;
  }
  useChatStore.getState().clearConversation(peerId);
}

/** The conversations: unread count, latest message and its time in relative form; right-click for the menu. */
export function ConversationList({ onOpen }: { onOpen(conversation: Conversation): void }) {
  const { t } = useTranslation();
  const conversations = useChatStore((s) => s.conversations);
  const loaded = useChatStore((s) => s.conversationsLoaded);
  // The relative times ('3 min ago') move on while the list is open.
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <List<Conversation>
      className={styles.list}
      loading={!loaded}
      dataSource={conversations}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.noConversations')} /> }}
      renderItem={(c) => (
        <Dropdown
          trigger={['contextMenu']}
          menu={{
            items: [
              { key: 'remove', label: t('chat.removeConversation'), 'data-testid': 'chat-menu-remove' },
              { key: 'clear', label: t('chat.deleteRecord'), danger: true, 'data-testid': 'chat-menu-clear' },
            ] as never,
            onClick: ({ key }) => void (key === 'remove' ? removeFromList(c.id) : clearRecord(c.id)),
          }}
        >
          <List.Item className={styles.row} onClick={() => onOpen(c)} data-testid={`chat-conversation-${c.account}`}>
            <Badge count={c.unreadMessage} size="small" overflowCount={99} data-testid="chat-conversation-unread">
              <Avatar src={avatarUrl(c.headIcon)}>{c.realName.slice(0, 1)}</Avatar>
            </Badge>
            <div className={styles.rowMain}>
              <div className={styles.rowTop}>
                <Typography.Text strong ellipsis className={styles.rowName}>
                  {c.realName}
                </Typography.Text>
                <span className={styles.rowTime} data-testid="chat-conversation-time">
                  {relativeTimeText(t, c.latestDate)}
                </span>
              </div>
              <Typography.Text
                type="secondary"
                ellipsis
                className={styles.rowPreview}
                data-testid="chat-conversation-latest"
              >
                {previewText(t, c.messageType, c.latestMessage)}
              </Typography.Text>
            </div>
          </List.Item>
        </Dropdown>
      )}
    />
  );
}
