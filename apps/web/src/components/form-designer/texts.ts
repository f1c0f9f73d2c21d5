import type { AreaTexts } from '../../locales/index.ts';

/** The designer's texts, one chunk per language; the hosting page loads them with loadAreaTexts. */
export const formDesignerTexts: AreaTexts = {
  'zh-CN': () => import('../../locales/areas/form-designer/zh-CN.ts'),
  'zh-TW': () => import('../../locales/areas/form-designer/zh-TW.ts'),
  'en-US': () => import('../../locales/areas/form-designer/en-US.ts'),
};
