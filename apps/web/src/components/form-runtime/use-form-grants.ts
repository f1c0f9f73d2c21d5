import { useMemo } from 'react';
import { usePageContext } from '../../keep-alive/page-context.ts';
import { useSessionStore } from '../../stores/session.ts';

/**
 * The form fields the signed-in user may see on the calling page's menu, or undefined when the
 * menu does not restrict its form (grants are opt-in per menu, as the server applies them: the
 * server also leaves ungranted fields out of its answers and ignores them in writes).
 */
export function useFormGrants(): ReadonlySet<string> | undefined {
  const { meta } = usePageContext();
  const permissionList = useSessionStore((s) => s.permissionList);
  const moduleId = meta.id ?? meta.moduleId;
  return useMemo(() => {
    const form = permissionList.find((p) => p.modelId === moduleId)?.form ?? [];
    return form.length ? new Set(form.map((f) => f.enCode)) : undefined;
  }, [permissionList, moduleId]);
}
