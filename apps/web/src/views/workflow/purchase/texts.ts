import { workflowTexts } from '../../../components/flow-status/index.ts';
import { mergeAreaTexts, type AreaTexts } from '../../../locales/index.ts';

/** The purchase demo's texts and the workflow's (its status tags), in chunks of their own. */
export const purchaseTexts: AreaTexts = mergeAreaTexts(workflowTexts, {
  'zh-CN': () => import('../../../locales/areas/purchase/zh-CN.ts'),
  'zh-TW': () => import('../../../locales/areas/purchase/zh-TW.ts'),
  'en-US': () => import('../../../locales/areas/purchase/en-US.ts'),
});
