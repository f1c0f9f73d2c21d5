import 'nprogress/nprogress.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import './app/global.css';
import { applyLanguage } from './locales/apply.ts';
import { createAppRouter } from './router/index.tsx';
import { useSessionStore } from './stores/session.ts';
import { useSettingsStore } from './stores/settings.ts';

/**
 * The tab's live socket follows the session: open while signed in, closed on sign-out. Its code loads
 * with the first token, so the sign-in page does not download it.
 */
function linkSocketOnceSignedIn() {
  const link = () => void import('./socket/session-link.ts').then((m) => m.linkLiveSocket());
  if (useSessionStore.getState().token) return link();
  const stop = useSessionStore.subscribe((state) => {
    if (!state.token) return;
    stop();
    link();
  });
}

async function start() {
  // The texts of the language in use come first: every screen, and the guard's messages, need them.
  await applyLanguage(useSettingsStore.getState().language);
  linkSocketOnceSignedIn();
  const router = createAppRouter();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
