import { useCallback } from 'react';
import { usePageContext } from '../keep-alive/page-context.ts';
import { useSessionStore } from '../stores/session.ts';
import { fieldGranted, hasPerm, type PermissionKind } from './has-perm.ts';

/** The default button codes. */
export const DEFAULT_BUTTON_CODES = ['btn_add', 'btn_edit', 'btn_remove'] as const;

/** True when the current page may show the item of `code` (a button by default). */
export type HasFn = (code: string, kind?: PermissionKind) => boolean;

/**
 * The permission check of the page the calling component belongs to: its module id comes from the
 * page's frozen context (keep-alive/page-context.ts), so a hidden cached page still checks its own
 * module. Checks apply only when the page's route has judgePermission on; otherwise all is allowed.
 */
export function useHas(): HasFn {
  const { meta } = usePageContext();
  const permissionList = useSessionStore((s) => s.permissionList);
  const judge = meta.judgePermission === true;
  // CurrentUser keys permissionList by menu id (modelId); propertyJson.moduleId names a form model.
  const moduleId = meta.id ?? meta.moduleId;
  return useCallback(
    (code: string, kind: PermissionKind = 'button') => !judge || hasPerm(permissionList, moduleId, code, kind),
    [judge, moduleId, permissionList],
  );
}

/** The column and form-field check of the calling page's module (see fieldGranted). */
export function useFieldGrant(): (code: string, kind: 'column' | 'form') => boolean {
  const { meta } = usePageContext();
  const permissionList = useSessionStore((s) => s.permissionList);
  const moduleId = meta.id ?? meta.moduleId;
  return useCallback(
    (code: string, kind: 'column' | 'form') => fieldGranted(permissionList, moduleId, code, kind),
    [moduleId, permissionList],
  );
}
