import type { PermissionEntry } from '@atrium/shared';

export type PermissionKind = 'button' | 'column' | 'form';

/**
 * A permission is an enCode in the column, form or button list of the current
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

/**
 * Whether a list column or form field of the module is shown. Column and form grants are opt-in per
 * module, as the server applies them: while the caller's entry lists none of the kind, the module
 * does not restrict it and everything shows; once it lists some, only those show (the server
 * leaves the others out of its answers and ignores them in writes).
 */
export function fieldGranted(
  permissionList: readonly PermissionEntry[],
  modelId: string | null | undefined,
  enCode: string,
  kind: 'column' | 'form',
): boolean {
  const granted = permissionList.find((item) => item.modelId === modelId)?.[kind] ?? [];
  return !granted.length || granted.some((item) => item.enCode === enCode);
}
