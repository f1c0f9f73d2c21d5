import { useMemo } from 'react';
import { usePageContext } from '../../keep-alive/page-context.ts';
import { useSessionStore } from '../../stores/session.ts';

/**
 * The form fields the signed-in user may see on the calling page's menu, or undefined when the
 * menu does not restrict its form (grants are opt-in per menu, as the server applies them: the
 * server also leaves ungranted fields out of its answers and ignores them in writes). A page that
 * knows its menu restricts the form (an online form whose list turns form permission on) passes
 * `restricted`, so that a user granted none of the fields sees none rather than all.
 */
export function useFormGrants(restricted = false): ReadonlySet<string> | undefined {
  const { meta } = usePageContext();
  const permissionList = useSessionStore((s) => s.permissionList);
  const moduleId = meta.id ?? meta.moduleId;
  return useMemo(() => {
    const form = permissionList.find((p) => p.modelId === moduleId)?.form ?? [];
    return form.length || restricted ? new Set(form.map((f) => f.enCode)) : undefined;
  }, [permissionList, moduleId, restricted]);
}
