import type { PermissionEntry } from '@atrium/shared';

export type PermissionKind = 'button' | 'column' | 'form';

/**
 * Spec 1 section 6: a permission is an enCode in the column, form or button list of the current
 * module's entry (route modelId); no module id or no entry means false.
 */
export function hasPerm(
  permissionList: readonly PermissionEntry[],
  modelId: string | null | undefined,
  enCode: string,
  kind: PermissionKind = 'button',
): boolean {
  if (!modelId) return false;
  const entry = permissionList.find((item) => item.modelId === modelId);
  return !!entry && (entry[kind] ?? []).some((item) => item.enCode === enCode);
}
