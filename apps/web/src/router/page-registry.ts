import type { ComponentType } from 'react';
import { loadAreaTexts, type AreaTexts } from '../locales/index.ts';

/** A page, and the texts it ships in chunks of its own (see loadAreaTexts), loaded before it renders. */
export type PageModule = { default: ComponentType; texts?: AreaTexts };
type PageLoader = () => Promise<PageModule>;

/**
 * View path -> page module, each its own chunk. Menu pages name their view by urlAddress
 * ('permission/user'); the folder under views/ follows the server module instead ('permission/organize'
 * lives in views/organize/). Module-driven menu types use the generic views of menu-routes.ts. A view
 * that is not registered yet renders the 404 page.
 */
const pages: Record<string, PageLoader> = {
  home: () => import('../views/home/index.tsx'),
  '404': () => import('../views/404/index.tsx'),
  login: () => import('../views/login/index.tsx'),
  'lock-screen': () => import('../views/lock-screen/index.tsx'),
  sso: () => import('../views/sso/index.tsx'),
  'auth-redirect': () => import('../views/auth-redirect/index.tsx'),
  profile: () => import('../views/profile/index.tsx'),
  'external-link': () => import('../views/external-link/index.tsx'),
  dashboard: () => import('../views/dashboard/index.tsx'),
  'permission/organize': () => import('../views/organize/organize/index.tsx'),
  'permission/position': () => import('../views/organize/position/index.tsx'),
  'permission/group': () => import('../views/organize/group/index.tsx'),
  'permission/user': () => import('../views/permission/user/index.tsx'),
  'permission/role': () => import('../views/permission/role/index.tsx'),
  'permission/grade': () => import('../views/permission/grade/index.tsx'),
  'system/menu': () => import('../views/authorize/menu/index.tsx'),
  'system/area': () => import('../views/system/area/index.tsx'),
  'system/billRule': () => import('../views/system/bill-rule/index.tsx'),
  'system/sysConfig': () => import('../views/system/sys-config/index.tsx'),
  'system/dictionary': () => import('../views/system/dictionary/index.tsx'),
  'generic/dictionary': () => import('../views/generic/dictionary/index.tsx'),
  'generic/online-form': () => import('../views/generic/online-form/index.tsx'),
  'onlineDev/webDesign': () => import('../views/visualdev/web-design/index.tsx'),
  'visualdev/preview-model': () => import('../views/visualdev/preview-model/index.tsx'),
  'system/printDev': () => import('../views/system/print-dev/index.tsx'),
  'system/dataInterface': () => import('../views/system/data-interface/index.tsx'),
  'system/auditLog': () => import('../views/system/audit-log/index.tsx'),
  'permission/authorize': () => import('../views/authorize/grant/index.tsx'),
  'message-record': () => import('../views/message/record/index.tsx'),
  'msgCenter/notice': () => import('../views/message/notice/index.tsx'),
  'msgCenter/msgTemplate': () => import('../views/message/template/index.tsx'),
  'example/formGallery': () => import('../views/example/form-gallery/index.tsx'),
  'msgCenter/feedback': () => import('../views/feedback/manage/index.tsx'),
  feedback: () => import('../views/feedback/index.tsx'),
  docs: () => import('../views/docs/index.tsx'),
};

export function hasPage(view: string): boolean {
  return Object.hasOwn(pages, view);
}

/** Views of an area registered in a chunk of the area's own (see views/workflow/pages.ts). */
const WORKFLOW_VIEW = /^workFlow/;
const workflowPage =
  (view: string): PageLoader =>
  async () => {
    const { workflowPages } = await import('../views/workflow/pages.ts');
    return (workflowPages[view] ?? pages['404'])();
  };

/** A route `lazy` function for a view (falls back to the 404 page). */
export function lazyPage(view: string): () => Promise<{ Component: ComponentType }> {
  const load = hasPage(view) ? pages[view] : WORKFLOW_VIEW.test(view) ? workflowPage(view) : pages['404'];
  return async () => {
    const page = await load();
    if (page.texts) await loadAreaTexts(page.texts);
    return { Component: page.default };
  };
}
