import type { AreaTexts } from '../../locales/index.ts';

/**
 * The workflow screens' texts, in chunks of their own: the workflow pages export them as their
 * `texts`, and the home page's flow lists load them before they render. The tags of this folder read
 * them, so a screen that shows them loads these first.
 */
export const workflowTexts: AreaTexts = {
  'zh-CN': () => import('../../locales/areas/workflow/zh-CN.ts'),
  'zh-TW': () => import('../../locales/areas/workflow/zh-TW.ts'),
  'en-US': () => import('../../locales/areas/workflow/en-US.ts'),
};
