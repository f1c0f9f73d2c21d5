import { ConfigProvider, message, Modal, notification } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useSettingsStore } from '../stores/settings.ts';
import { ANTD_SIZE, buildTheme } from './theme.ts';
import { antdLocale } from './antd-locale.ts';
import type { Feedback } from './feedback-types.ts';

/** Static toasts render outside the app's tree; this gives them the app's theme, size and locale. */
function Themed({ children }: { children: ReactNode }) {
  const language = useSettingsStore((s) => s.language);
  const size = useSettingsStore((s) => s.size);
  const themeColor = useSettingsStore((s) => s.themeColor);
  const darkMode = useSettingsStore((s) => s.darkMode);
  const theme = useMemo(() => buildTheme({ themeColor, darkMode, size }), [themeColor, darkMode, size]);
  return (
    <ConfigProvider locale={antdLocale(language)} componentSize={ANTD_SIZE[size]} theme={theme}>
      {children}
    </ConfigProvider>
  );
}

ConfigProvider.config({ holderRender: (children) => <Themed>{children}</Themed> });

export const staticFeedback: Feedback = {
  message,
  modal: { confirm: (config) => Modal.confirm(config), success: (config) => Modal.success(config) },
  notification,
};
