import { ConfigProvider } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import '../locales/index.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { antdLocale } from './antd-locale.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { RootTokens } from './root-tokens.tsx';
import { applyDocumentTheme } from './document-theme.ts';
import { ANTD_SIZE, buildTheme } from './theme.ts';

// The query client and antd's <App> (toasts, modals, notices) are provided by the shell layout
// (layouts/index.tsx): only pages inside the shell use them, and keeping them out of here keeps them
// off the sign-in page's download.

export function AppProviders({ children }: { children: ReactNode }) {
  const language = useSettingsStore((s) => s.language);
  const size = useSettingsStore((s) => s.size);
  const themeColor = useSettingsStore((s) => s.themeColor);
  const darkMode = useSettingsStore((s) => s.darkMode);
  const theme = useMemo(() => buildTheme({ themeColor, darkMode, size }), [themeColor, darkMode, size]);
  useEffect(() => applyDocumentTheme(darkMode), [darkMode]);
  return (
    <ErrorBoundary>
      <ConfigProvider locale={antdLocale(language)} componentSize={ANTD_SIZE[size]} theme={theme}>
        <RootTokens />
        {children}
      </ConfigProvider>
    </ErrorBoundary>
  );
}
