import { HistoryOutlined, PictureOutlined, SmileOutlined } from '@ant-design/icons';
import { Avatar, Button, Empty, Input, Modal, Popover, Spin, Tooltip } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useRef, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadChatImage } from '../../api/chat.ts';
import { avatarUrl } from '../../api/file.ts';
import { feedback } from '../../app/feedback.ts';
import { useChatStore } from '../../stores/chat.ts';
import { useSessionStore } from '../../stores/session.ts';
import type { ChatRecord } from '../../socket/chat-frames.ts';
import { nearBottom } from '../message-drawer/scroll-pages.ts';
import { EMOJIS } from './emoji.ts';
import { chatImageRefusal, imageSize } from './image-file.ts';
import { MessageContent } from './message-content.tsx';
import styles from './chat.module.css';

/** The history panel loads more within 100 px of its bottom. */
export const HISTORY_SCROLL_THRESHOLD = 100;

/** An image did not load: its link may have expired while the chat stayed open; fetch fresh ones. */
const refreshLinks = () => useChatStore.getState().refreshLinks();

/**
 * Picks, checks, uploads and sends one chat image: one file, image/*, under 5 MB, else the refusal
 * is shown ('image size cannot exceed 5M'); the file goes to the IM upload path first and the frame
 * carries its stored name and size.
 */
export async function sendImageFile(file: File, t: (key: string) => string): Promise<boolean> {
  const refusal = chatImageRefusal(file);
  if (refusal) {
    void feedback().message.error(t(refusal));
    return false;
  }
  let name: string;
  try {
    name = (await uploadChatImage(file)).name;
  } catch {
    return false;
  }
  const { width, height } = await imageSize(file);
  const sent = useChatStore.getState().sendImage({ name, width, height });
  if (!sent) void feedback().message.warning(t('chat.notConnected'));
  return sent;
}

function Bubble({
  record,
  mine,
  name,
  headIcon,
}: {
  record: ChatRecord;
  mine: boolean;
  name: string;
  headIcon: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div className={mine ? styles.bubbleRowMine : styles.bubbleRow} data-testid="chat-message" data-mine={mine}>
      <Avatar size="small" src={avatarUrl(headIcon)}>
        {name.slice(0, 1)}
      </Avatar>
      <div className={styles.bubbleBox}>
        <div className={styles.bubbleTime}>{dayjs(record.sendTime).format('YYYY-MM-DD HH:mm')}</div>
        <div className={mine ? styles.bubbleMine : styles.bubble}>
          <MessageContent contentType={record.contentType} content={record.content} t={t} onImageError={refreshLinks} />
        </div>
      </div>
    </div>
  );
}

function HistoryPanel({ me, peerName }: { me: string; peerName: string }) {
  const { t } = useTranslation();
  const history = useChatStore((s) => s.history);
  const search = useChatStore((s) => s.searchHistory);
  const more = useChatStore((s) => s.moreHistory);
  const myName = useSessionStore((s) => s.userInfo?.userName ?? '');
  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    if (nearBottom(event.currentTarget, HISTORY_SCROLL_THRESHOLD)) more();
  };
  return (
    <aside className={styles.history} data-testid="chat-history">
      <Input.Search
        allowClear
        size="small"
        placeholder={t('chat.historySearch')}
        onSearch={search}
        data-testid="chat-history-search"
      />
      <div className={styles.historyList} onScroll={onScroll} data-testid="chat-history-list">
        {history.list.map((record, i) => (
          <div key={record.id ?? i} className={styles.historyItem}>
            <div className={styles.historyMeta}>
              <span>{record.sendUserId === me ? myName : peerName}</span>
              <span>{dayjs(record.sendTime).format('YYYY-MM-DD HH:mm')}</span>
            </div>
            <MessageContent
              contentType={record.contentType}
              content={record.content}
              t={t}
              onImageError={refreshLinks}
            />
          </div>
        ))}
        {history.loading && (
          <div className={styles.more}>
            <Spin size="small" />
          </div>
        )}
        {!history.loading && history.list.length === 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chat.noHistory')} />
        )}
        {history.done && history.list.length > 0 && <div className={styles.more}>{t('chat.noMore')}</div>}
      </div>
    </aside>
  );
}

/** The chat dialog: the open conversation, the input and the history panel. */
export function ChatDialog() {
  const { t } = useTranslation();
  const active = useChatStore((s) => s.active);
  const messages = useChatStore((s) => s.messages);
  const loading = useChatStore((s) => s.loadingMessages);
  const historyOpen = useChatStore((s) => s.history.open);
  const me = useChatStore((s) => s.me) ?? '';
  const myIcon = useSessionStore((s) => s.userInfo?.headIcon ?? null);
  const myName = useSessionStore((s) => s.userInfo?.userName ?? '');
  const [text, setText] = useState('');
  const [emojiOpen, setEmojiOpen] = useState(false);
  const [uploading, setUploading] = useState(false);
  const scrollRef = useRef<HTMLDivElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  // New messages scroll into view.
  useEffect(() => {
    const box = scrollRef.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [messages]);

  useEffect(() => {
    setText('');
  }, [active?.id]);

  function send() {
    if (!text.trim()) return;
    if (useChatStore.getState().sendText(text)) setText('');
    else void feedback().message.warning(t('chat.notConnected'));
  }

  async function onFile(files: FileList | null) {
    const file = files?.[0];
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    setUploading(true);
    try {
      await sendImageFile(file, t);
    } finally {
      setUploading(false);
    }
  }

  const emojiGrid = (
    <div className={styles.emojiGrid} data-testid="chat-emoji-grid">
      {EMOJIS.map((emoji) => (
        <button
          type="button"
          key={emoji.code}
          className={styles.emojiCell}
          title={emoji.token}
          data-testid={`chat-emoji-${emoji.code}`}
          onClick={() => {
            setText((v) => v + emoji.token);
            setEmojiOpen(false);
          }}
        >
          {emoji.glyph}
        </button>
      ))}
    </div>
  );

  return (
    <Modal
      open={!!active}
      title={active ? t('chat.chatWith', { name: active.realName }) : ''}
      width={historyOpen ? 920 : 640}
      footer={null}
      onCancel={() => useChatStore.getState().closeConversation()}
      destroyOnHidden
    >
      {active && (
        <div className={styles.dialog} data-testid="chat-dialog">
          <div className={styles.main}>
            <div className={styles.messages} ref={scrollRef} data-testid="chat-messages">
              {loading && (
                <div className={styles.more}>
                  <Spin size="small" />
                </div>
              )}
              {messages.map((record, i) => {
                const mine = record.sendUserId === me;
                return (
                  <Bubble
                    key={record.id ?? `${record.sendTime}-${i}`}
                    record={record}
                    mine={mine}
                    name={mine ? myName : active.realName}
                    headIcon={mine ? myIcon : active.headIcon}
                  />
                );
              })}
            </div>
            <div className={styles.toolbar}>
              <Popover open={emojiOpen} onOpenChange={setEmojiOpen} trigger="click" content={emojiGrid}>
                <Tooltip title={t('chat.emoji')}>
                  <Button type="text" icon={<SmileOutlined />} aria-label={t('chat.emoji')} data-testid="chat-emoji" />
                </Tooltip>
              </Popover>
              <Tooltip title={t('chat.image')}>
                <Button
                  type="text"
                  icon={<PictureOutlined />}
                  aria-label={t('chat.image')}
                  loading={uploading}
                  onClick={() => fileRef.current?.click()}
                  data-testid="chat-image-button"
                />
              </Tooltip>
              <input
                ref={fileRef}
                type="file"
                accept="image/*"
                hidden
                onChange={(e) => void onFile(e.target.files)}
                data-testid="chat-image-input"
              />
              <Button
                type={historyOpen ? 'link' : 'text'}
                icon={<HistoryOutlined />}
                className={styles.historyToggle}
                onClick={() => useChatStore.getState().toggleHistory()}
                data-testid="chat-history-toggle"
              >
                {t('chat.history')}
              </Button>
            </div>
            <Input.TextArea
              value={text}
              onChange={(e) => setText(e.target.value)}
              onPressEnter={(e) => {
                if (e.shiftKey || e.nativeEvent.isComposing) return;
                e.preventDefault();
                send();
              }}
              autoSize={{ minRows: 3, maxRows: 5 }}
              placeholder={t('chat.inputPlaceholder')}
              maxLength={2000}
              data-testid="chat-input"
            />
            <div className={styles.sendRow}>
              <Button type="primary" onClick={send} disabled={!text.trim()} data-testid="chat-send">
                {t('chat.send')}
              </Button>
            </div>
          </div>
          {historyOpen && <HistoryPanel me={me} peerName={active.realName} />}
        </div>
      )}
    </Modal>
  );
}
