import type { PageModule } from '../../router/page-registry.ts';

/**
 * The workflow's pages (menu pages `workFlow/*`, the fixed routes `/workFlowDetail` and
 * `/workFlowPurchase/*`), reached through one entry of the page registry: the preload lists of
 * their chunks travel in this small chunk instead of the first download every sign-in pays for.
 */
export const workflowPages: Record<string, () => Promise<PageModule>> = {
  'workFlowPurchase/purchaseList': () => import('./purchase/purchase-list/index.tsx'),
  'workFlowPurchase/goodsInventory/handle': () => import('./purchase/goods-inventory/index.tsx'),
  'workFlowPurchase/outS': () => import('./purchase/out-stock/index.tsx'),
  'workFlow/flowEngine': () => import('./flow-engine/index.tsx'),
  workFlowDetail: () => import('../work-flow-detail/index.tsx'),
  'workFlow/addFlow': () => import('./add-flow/index.tsx'),
  'workFlow/flowLaunch': () => import('./flow-launch/index.tsx'),
  'workFlow/flowTodo': () => import('./flow-todo/index.tsx'),
  'workFlow/flowDone': () => import('./flow-done/index.tsx'),
  'workFlow/flowCirculate': () => import('./flow-circulate/index.tsx'),
  'workFlow/batchTodo': () => import('./batch-todo/index.tsx'),
  'workFlow/entrust': () => import('./entrust/index.tsx'),
  'workFlow/flowMonitor': () => import('./flow-monitor/index.tsx'),
};
