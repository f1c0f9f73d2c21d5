import { ADDRESS_DEFAULT_LEVEL, ADDRESS_MAX_LEVEL, type AreaRow } from '@atrium/shared';

/** One cascader option: an area, loaded lazily below. */
export interface AreaOption {
  value: string;
  label: string;
  isLeaf: boolean;
  children?: AreaOption[];
}

/** The picker's level (0 province .. 3 street), defaulting to 2 (district) and clamped to the range. */
export const pickerLevel = (level: number | undefined) =>
  Math.min(ADDRESS_MAX_LEVEL, Math.max(0, Math.trunc(level ?? ADDRESS_DEFAULT_LEVEL)));

/**
 * Options for the children of one area. A row at the picker's last level is a leaf even when
 * it has sub-areas; area type is 1-based (1 province), the level 0-based.
 */
export function toOptions(rows: readonly AreaRow[], level: number): AreaOption[] {
  return rows.map((r) => ({ value: r.id, label: r.fullName, isLeaf: !r.hasChildren || r.type > level }));
}

/** Puts loaded children under the option with this id (a new tree; the cascader wants new references). */
export function withChildren(options: AreaOption[], parentId: string, children: AreaOption[]): AreaOption[] {
  return options.map((o) => {
    if (o.value === parentId) return { ...o, children, isLeaf: children.length === 0 };
    return o.children ? { ...o, children: withChildren(o.children, parentId, children) } : o;
  });
}

/** Normalises the value: a single picker holds one id path, a multiple one a list of them. */
export function pathsOf(value: readonly string[] | readonly (readonly string[])[] | null | undefined): string[][] {
  if (!value?.length) return [];
  return Array.isArray(value[0]) ? (value as string[][]).filter((p) => p.length) : [value as string[]];
}

/** The shown text of an address: its names joined by '/'. */
export const joinNames = (names: readonly string[]) => names.join('/');
