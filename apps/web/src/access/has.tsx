import type { ReactNode } from 'react';
import type { PermissionKind } from './has-perm.ts';
import { useHas } from './use-has.ts';

interface Props {
  /** enCode of the item: 'btn_add', 'btn_edit', 'btn_remove', ... */
  code: string;
  kind?: PermissionKind;
  children: ReactNode;
  /** Shown instead when not permitted (nothing by default: the element is removed). */
  fallback?: ReactNode;
}

/** The button directive as a component: renders its children only when permitted. */
export function Has({ code, kind = 'button', children, fallback = null }: Props) {
  const has = useHas();
  return <>{has(code, kind) ? children : fallback}</>;
}
