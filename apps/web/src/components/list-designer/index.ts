import type { AreaTexts } from '../../locales/index.ts';

export { ListDesigner, type ListDesignerProps } from './list-designer.tsx';
export { AppLayoutDesigner, type AppLayoutDesignerProps } from './app-layout-designer.tsx';

/** The designers' texts, in chunks of their own: the host page loads them (loadAreaTexts) before it renders. */
export const listDesignerTexts: AreaTexts = {
  'zh-CN': () => import('../../locales/areas/list-designer/zh-CN.ts'),
  'zh-TW': () => import('../../locales/areas/list-designer/zh-TW.ts'),
  'en-US': () => import('../../locales/areas/list-designer/en-US.ts'),
};
