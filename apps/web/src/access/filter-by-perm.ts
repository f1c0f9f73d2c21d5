import type { HasFn } from './use-has.ts';

/**
 * Keeps the entries of `list` the page may show: toolbar buttons, table columns, form fields.
 * `getCode` names an entry's enCode; an entry without one is not permission-bound and stays.
 * `has` is the page's check from useHas() (hooks cannot run here).
 *
 *   const has = useHas();
 *   const buttons = filterByPerm(allButtons, (b) => b.code, has);
 */
export function filterByPerm<T>(list: readonly T[], getCode: (item: T) => string | null | undefined, has: HasFn): T[] {
  return list.filter((item) => {
    const code = getCode(item);
    return !code || has(code);
  });
}
