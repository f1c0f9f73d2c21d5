import 'nprogress/nprogress.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import './app/global.css';
import { applyLanguage } from './locales/apply.ts';
import { createAppRouter } from './router/index.tsx';
import { linkLiveSocket } from './socket/session-link.ts';
import { useSettingsStore } from './stores/settings.ts';

applyLanguage(useSettingsStore.getState().language);
// The tab's live socket follows the session: open while signed in, closed on sign-out.
linkLiveSocket();

const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
