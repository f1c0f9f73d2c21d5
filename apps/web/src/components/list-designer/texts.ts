import type { AreaTexts } from '../../locales/index.ts';

/** The designers' texts, in chunks of their own: the host page loads them (loadAreaTexts) before it renders. */
export const listDesignerTexts: AreaTexts = {
  'zh-CN': () => import('../../locales/areas/list-designer/zh-CN.ts'),
  'zh-TW': () => import('../../locales/areas/list-designer/zh-TW.ts'),
  'en-US': () => import('../../locales/areas/list-designer/en-US.ts'),
};
