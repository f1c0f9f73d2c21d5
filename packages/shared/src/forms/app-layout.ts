/**
 * The phone layout of a designed model (`appData`): what the model's menu page shows below the phone
 * breakpoint. Every part is optional; what is left out follows the form and the list.
 */
export interface AppLayout {
  /** The form's fields in their phone order, by `__vModel__`; fields not named follow in form order. */
  formFields?: string[];
  /** The list field that titles each record card (a `columnList` prop). */
  titleField?: string;
  /** The list fields shown as label/value lines under the title, in order. */
  lineFields?: string[];
  /** The search fields offered on a phone (`searchList` props); left out = all of them. */
  searchFields?: string[];
}

/** Reads `appData` text leniently: anything that is not a layout object counts as no layout. */
export function parseAppLayout(text: string | null | undefined): AppLayout {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
    const v = value as Record<string, unknown>;
    const names = (x: unknown) => (Array.isArray(x) ? x.filter((n): n is string => typeof n === 'string') : undefined);
    const layout: AppLayout = {};
    if (names(v.formFields)) layout.formFields = names(v.formFields);
    if (typeof v.titleField === 'string' && v.titleField) layout.titleField = v.titleField;
    if (names(v.lineFields)) layout.lineFields = names(v.lineFields);
    if (names(v.searchFields)) layout.searchFields = names(v.searchFields);
    return layout;
  } catch {
    return {};
  }
}

/** Items ordered as `order` names them (by `key`), the others after them in their own order. */
export function orderBy<T>(items: readonly T[], order: readonly string[] | undefined, key: (item: T) => string): T[] {
  if (!order?.length) return [...items];
  const rank = new Map(order.map((name, i) => [name, i]));
  const at = (item: T, i: number) => rank.get(key(item)) ?? order.length + i;
  return items
    .map((item, i) => ({ item, r: at(item, i) }))
    .sort((a, b) => a.r - b.r)
    .map(({ item }) => item);
}
