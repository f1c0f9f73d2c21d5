/** One field of an audited resource, as it was before and after the change. */
export interface DiffRow {
  key: string;
  /** undefined: the field did not exist on that side (a create, a delete, a field added). */
  before: unknown;
  after: unknown;
  changed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** JSON with object keys sorted, so two equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    isRecord(item) ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : item,
  );
}

export const sameValue = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/**
 * The fields of two snapshots side by side: every key of either, in the order of the before
 * snapshot, then those only the after one has. A snapshot that is not an object (an array, a
 * value) is one row named by `wholeKey`. A missing side (null: created or deleted) makes every
 * field of the other side a change.
 */
export function diffSnapshots(before: unknown, after: unknown, wholeKey = '—'): DiffRow[] {
  const b = before ?? undefined;
  const a = after ?? undefined;
  if ((b !== undefined && !isRecord(b)) || (a !== undefined && !isRecord(a)))
    return b === undefined && a === undefined
      ? []
      : [{ key: wholeKey, before: b, after: a, changed: !sameValue(b, a) }];
  const keys = [...Object.keys(b ?? {}), ...Object.keys(a ?? {}).filter((key) => !Object.hasOwn(b ?? {}, key))];
  return keys.map((key) => {
    const was = b && Object.hasOwn(b, key) ? b[key] : undefined;
    const is = a && Object.hasOwn(a, key) ? a[key] : undefined;
    return { key, before: was, after: is, changed: !sameValue(was, is) };
  });
}

/** A value as the diff shows it: text as is, nested values as indented JSON. */
export function shownValue(value: unknown): { text: string; block: boolean } {
  if (typeof value === 'string') return { text: value, block: value.includes('\n') };
  if (value !== null && typeof value === 'object') return { text: JSON.stringify(value, null, 2), block: true };
  return { text: String(value), block: false };
}
