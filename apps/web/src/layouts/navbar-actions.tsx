import { SettingOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChatEntry } from '../components/chat/chat-entry.tsx';
import { MenuSearchButton } from '../components/menu-search/menu-search-button.tsx';
import { MessageBell } from '../components/message-bell/message-bell.tsx';
import { useSettingsStore } from '../stores/settings.ts';
import { FullscreenButton } from './fullscreen-button.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import styles from './layout.module.css';
import { SizeSwitch } from './size-switch.tsx';
import { UserDropdown } from './user-dropdown.tsx';

/** The right side of the top bar; the chat entry comes with the messages module. */
export function NavbarActions() {
  const { t } = useTranslation();
  const showSearch = useSettingsStore((s) => s.showSearch);
  const showLanguage = useSettingsStore((s) => s.showLanguage);
  const mobile = useSettingsStore((s) => s.device === 'mobile');
  const setSettingsOpen = useSettingsStore((s) => s.setSettingsOpen);

  return (
    <div className={styles.headerRight}>
      {showSearch && <MenuSearchButton />}
      {showLanguage && <LanguageSwitch />}
      <SizeSwitch />
      {!mobile && <FullscreenButton />}
      <Tooltip title={t('settings.title')}>
        <Button
          type="text"
          data-testid="settings-button"
          aria-label={t('settings.title')}
          icon={<SettingOutlined />}
          onClick={() => setSettingsOpen(true)}
        />
      </Tooltip>
      <MessageBell />
      <ChatEntry />
      <UserDropdown />
    </div>
  );
}
