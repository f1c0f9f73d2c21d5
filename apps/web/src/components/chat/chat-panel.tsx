import { Drawer, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useChatStore } from '../../stores/chat.ts';
import { ChatDialog } from './chat-dialog.tsx';
import { ContactList } from './contact-list.tsx';
import { ConversationList } from './conversation-list.tsx';
import styles from './chat.module.css';

/** Drawers are 280 px wide. */
const CHAT_DRAWER_WIDTH = 280;

/** The drawer of conversations and contacts, and the chat dialog of the open conversation. */
export default function ChatPanel() {
  const { t } = useTranslation();
  const open = useChatStore((s) => s.drawerOpen);
  const setOpen = useChatStore((s) => s.setDrawerOpen);
  const openConversation = useChatStore((s) => s.openConversation);

  return (
    <>
      <Drawer
        open={open}
        size={CHAT_DRAWER_WIDTH}
        title={t('chat.title')}
        onClose={() => setOpen(false)}
        classNames={{ body: styles.drawerBody }}
      >
        <Tabs
          className={styles.tabs}
          data-testid="chat-drawer"
          items={[
            {
              key: 'conversations',
              label: t('chat.conversations'),
              children: (
                <div className={styles.scroll}>
                  <ConversationList onOpen={(c) => openConversation(c)} />
                </div>
              ),
            },
            {
              key: 'contacts',
              label: <span data-testid="chat-tab-contacts">{t('chat.contacts')}</span>,
              children: <ContactList onOpen={(c) => openConversation(c)} />,
            },
          ]}
        />
      </Drawer>
      <ChatDialog />
    </>
  );
}
