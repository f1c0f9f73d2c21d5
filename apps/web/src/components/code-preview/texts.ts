import type { AreaTexts } from '../../locales/index.ts';

/** The dialog's texts, in chunks of their own: the page that hosts the dialog loads them (loadAreaTexts). */
export const codePreviewTexts: AreaTexts = {
  'zh-CN': () => import('../../locales/areas/code-preview/zh-CN.ts'),
  'zh-TW': () => import('../../locales/areas/code-preview/zh-TW.ts'),
  'en-US': () => import('../../locales/areas/code-preview/en-US.ts'),
};
