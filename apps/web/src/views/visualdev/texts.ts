import type { AreaTexts } from '../../locales/index.ts';

/** The texts of function design and function preview, in chunks of their own. */
export const visualdevTexts: AreaTexts = {
  'zh-CN': () => import('../../locales/areas/visualdev/zh-CN.ts'),
  'zh-TW': () => import('../../locales/areas/visualdev/zh-TW.ts'),
  'en-US': () => import('../../locales/areas/visualdev/en-US.ts'),
};
