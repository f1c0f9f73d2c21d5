import type { AreaTexts } from '../../locales/index.ts';

/** The flow designer's and the template screen's texts, one chunk per language; the page loads them. */
export const flowDesignerTexts: AreaTexts = {
  'zh-CN': () => import('../../locales/areas/flow-designer/zh-CN.ts'),
  'zh-TW': () => import('../../locales/areas/flow-designer/zh-TW.ts'),
  'en-US': () => import('../../locales/areas/flow-designer/en-US.ts'),
};
