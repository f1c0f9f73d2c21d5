import { App as AntdApp, ConfigProvider } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import '../locales/index.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { ANTD_LOCALES } from './antd-locale.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { setFeedback } from './feedback.ts';
import { applyDocumentTheme } from './document-theme.ts';
import { ANTD_SIZE, buildTheme } from './theme.ts';

// The query client is provided by the shell layout (layouts/index.tsx): only pages inside the shell
// fetch through it, and keeping it out of here keeps react-query off the sign-in page's download.

/** Hands the context-bound message/modal/notification to code outside React. */
function FeedbackBridge() {
  const { message, modal, notification } = AntdApp.useApp();
  useEffect(() => {
    setFeedback({ message, modal, notification });
    return () => setFeedback(null);
  }, [message, modal, notification]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const language = useSettingsStore((s) => s.language);
  const size = useSettingsStore((s) => s.size);
  const themeColor = useSettingsStore((s) => s.themeColor);
  const darkMode = useSettingsStore((s) => s.darkMode);
  const theme = useMemo(() => buildTheme({ themeColor, darkMode, size }), [themeColor, darkMode, size]);
  useEffect(() => applyDocumentTheme(darkMode), [darkMode]);
  return (
    <ErrorBoundary>
      <ConfigProvider locale={ANTD_LOCALES[language]} componentSize={ANTD_SIZE[size]} theme={theme}>
        <AntdApp>
          <FeedbackBridge />
          {children}
        </AntdApp>
      </ConfigProvider>
    </ErrorBoundary>
  );
}
