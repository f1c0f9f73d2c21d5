import type { LayoutType } from '@atrium/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { createQueryClient } from '../app/query-client.ts';
import { useSettingsStore } from '../stores/settings.ts';
import { BlendLayout } from './blend-layout.tsx';
import { ClassicLayout } from './classic-layout.tsx';
import { FunctionalLayout } from './functional-layout.tsx';
import { PlainLayout } from './plain-layout.tsx';
import { usePrevLoginNotice } from './use-prev-login-notice.ts';
import { useResponsive } from './use-responsive.ts';
import { useServerTextsFollowLanguage } from './use-server-language.ts';
import { useVisitedViews } from './use-visited-views.ts';

// With the layout's chunk (no chunk of its own): the tags bar's refresh detour.
export { default as RedirectPage } from './redirect-page.tsx';

// Loaded when first opened: not part of the shell's first load.
const SettingsDrawer = lazy(() => import('../components/settings-drawer/settings-drawer.tsx'));

/** The four layouts, chosen by the setting layoutType. */
const LAYOUTS: Record<LayoutType, ComponentType> = {
  classic: ClassicLayout,
  functional: FunctionalLayout,
  blend: BlendLayout,
  plain: PlainLayout,
};

export default function ShellLayout() {
  useResponsive();
  usePrevLoginNotice();
  useVisitedViews();
  const layoutType = useSettingsStore((s) => s.layoutType);
  const settingsOpen = useSettingsStore((s) => s.settingsOpen);
  const [settingsLoaded, setSettingsLoaded] = useState(settingsOpen);
  if (settingsOpen && !settingsLoaded) setSettingsLoaded(true);
  // One cache per shell, that is per signed-in session: the next user never sees this one's data.
  const [queryClient] = useState(createQueryClient);
  useServerTextsFollowLanguage(queryClient);
  const Chosen = LAYOUTS[layoutType] ?? ClassicLayout;
  return (
    <QueryClientProvider client={queryClient}>
      <Chosen />
      {settingsLoaded && (
        <Suspense fallback={null}>
          <SettingsDrawer />
        </Suspense>
      )}
    </QueryClientProvider>
  );
}
