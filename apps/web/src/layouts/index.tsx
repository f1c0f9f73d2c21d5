import type { LayoutType } from '@atrium/shared';
import type { ComponentType } from 'react';
import { useSettingsStore } from '../stores/settings.ts';
import { ClassicLayout } from './classic-layout.tsx';
import { usePrevLoginNotice } from './use-prev-login-notice.ts';
import { useResponsive } from './use-responsive.ts';

/**
 * The four layouts of spec 1 section 2.4 by setting layoutType. Only classic exists so far; the
 * others fall back to it until they are built.
 */
const LAYOUTS: Record<LayoutType, ComponentType> = {
  classic: ClassicLayout,
  functional: ClassicLayout,
  blend: ClassicLayout,
  plain: ClassicLayout,
};

export default function ShellLayout() {
  useResponsive();
  usePrevLoginNotice();
  const layoutType = useSettingsStore((s) => s.layoutType);
  const Chosen = LAYOUTS[layoutType] ?? ClassicLayout;
  return <Chosen />;
}
