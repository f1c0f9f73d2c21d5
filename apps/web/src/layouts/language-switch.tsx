import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveSystemLanguage } from '../app/preferences-api.ts';
import i18n, { LANGUAGES, type Language } from '../locales/index.ts';
import { useSessionStore } from '../stores/session.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { feedback } from '../app/feedback.ts';
import { useMenuButton } from './use-menu-button.tsx';

/** Each language named in itself, so a user who cannot read the current one still finds theirs. */
const LANGUAGE_NAMES: Record<Language, string> = {
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  'en-US': 'English',
};

/**
 * Texts, antd and dayjs switch together, and 'switch success' is said in the new
 * language. The choice is stored locally and with the user on the server.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { message } = feedback();
  const { dropdownProps, triggerRef } = useMenuButton();
  const language = useSettingsStore((s) => s.language);
  const setLanguage = useSettingsStore((s) => s.setLanguage);

  function choose(next: Language) {
    if (next === language) return;
    void setLanguage(next).then(() => message.success(i18n.t('shell.switchLanguageSuccess')));
    if (useSessionStore.getState().token) saveSystemLanguage(next).catch(() => undefined);
  }

  return (
    <Dropdown
      trigger={['click']}
      {...dropdownProps}
      menu={{
        selectable: true,
        selectedKeys: [language],
        items: LANGUAGES.map((lang) => ({
          key: lang,
          label: <span data-testid={`language-${lang}`}>{LANGUAGE_NAMES[lang]}</span>,
        })),
        onClick: ({ key }) => choose(key as Language),
      }}
    >
      <Button
        ref={triggerRef}
        type="text"
        data-testid="language-switch"
        aria-label={t('shell.language')}
        icon={<TranslationOutlined />}
      />
    </Dropdown>
  );
}
