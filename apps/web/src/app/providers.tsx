import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import { useEffect, type ReactNode } from 'react';
import '../locales/index.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { ANTD_LOCALES } from './antd-locale.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { setFeedback } from './feedback.ts';
import { ANTD_SIZE, theme } from './theme.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // The request wrapper already toasts failures; repeating a failed call would toast again.
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
}

/** Hands the context-bound message/modal/notification to code outside React. */
function FeedbackBridge() {
  const { message, modal, notification } = AntdApp.useApp();
  useEffect(() => {
    setFeedback({ message, modal, notification });
    return () => setFeedback(null);
  }, [message, modal, notification]);
  return null;
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const language = useSettingsStore((s) => s.language);
  const size = useSettingsStore((s) => s.size);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider locale={ANTD_LOCALES[language]} componentSize={ANTD_SIZE[size]} theme={theme}>
          <AntdApp>
            <FeedbackBridge />
            {children}
          </AntdApp>
        </ConfigProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
