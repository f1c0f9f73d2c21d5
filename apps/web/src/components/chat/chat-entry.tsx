import { CommentOutlined } from '@ant-design/icons';
import { Badge, Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatStore } from '../../stores/chat.ts';

// The drawer, lists and dialog load when chat is first used: they are not part of the shell's
// first download after sign-in.
const ChatPanel = lazy(() => import('./chat-panel.tsx'));

/**
 * The top bar's chat entry: a badge with the unread chat messages, a click opens
 * the drawer of conversations and contacts; picking one opens the chat dialog.
 */
export function ChatEntry() {
  const { t } = useTranslation();
  const open = useChatStore((s) => s.drawerOpen);
  const setOpen = useChatStore((s) => s.setDrawerOpen);
  const unread = useChatStore((s) => Object.values(s.unreadBySender).reduce((sum, n) => sum + (n > 0 ? n : 0), 0));
  const wanted = useChatStore((s) => s.drawerOpen || s.active !== null);
  const [used, setUsed] = useState(wanted);
  if (wanted && !used) setUsed(true);

  return (
    <>
      <Tooltip title={t('chat.entry')}>
        <Button type="text" data-testid="chat-button" aria-label={t('chat.entry')} onClick={() => setOpen(!open)}>
          <Badge count={unread} size="small" overflowCount={99} offset={[4, -2]}>
            <CommentOutlined style={{ fontSize: 16 }} />
          </Badge>
        </Button>
      </Tooltip>
      {used && (
        <Suspense fallback={null}>
          <ChatPanel />
        </Suspense>
      )}
    </>
  );
}
