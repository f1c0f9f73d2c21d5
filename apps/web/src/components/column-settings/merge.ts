import type { ColumnSetting } from '@atrium/shared';

/** A list screen's own column as the settings see it: its key and its (translated) title. */
export interface ColumnDef {
  prop: string;
  label: string;
  /** Hidden unless the user shows it. */
  defaultHidden?: boolean;
}

/** The list's own order and visibility (what 'restore default' goes back to). */
export function defaultSettings(defs: readonly ColumnDef[]): ColumnSetting[] {
  return defs.map((d) => ({ prop: d.prop, label: d.label, visible: !d.defaultHidden }));
}

/**
 * The saved settings laid over the list's current columns: saved order and visibility first,
 * labels always from the list (the language may have changed), columns the list no longer has
 * dropped, and columns added since the save inserted at their own default position.
 */
export function mergeSettings(defs: readonly ColumnDef[], saved: readonly ColumnSetting[]): ColumnSetting[] {
  const byProp = new Map(defs.map((d) => [d.prop, d]));
  const result: ColumnSetting[] = saved
    .filter((s) => byProp.has(s.prop))
    .map((s) => ({ prop: s.prop, label: byProp.get(s.prop)!.label, visible: s.visible }));
  const present = new Set(result.map((s) => s.prop));
  defs.forEach((d, i) => {
    if (present.has(d.prop)) return;
    result.splice(Math.min(i, result.length), 0, { prop: d.prop, label: d.label, visible: !d.defaultHidden });
  });
  return result;
}

/** Moves one item (drag and drop, or the up/down buttons). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

export function sameSettings(a: readonly ColumnSetting[], b: readonly ColumnSetting[]): boolean {
  return a.length === b.length && a.every((s, i) => s.prop === b[i]!.prop && s.visible === b[i]!.visible);
}

/** The key an antd column is known by: `key`, else a string `dataIndex`. */
export function columnProp(column: { key?: unknown; dataIndex?: unknown }): string | undefined {
  if (typeof column.key === 'string' || typeof column.key === 'number') return String(column.key);
  if (typeof column.dataIndex === 'string') return column.dataIndex;
  return undefined;
}

/**
 * The list's antd columns in the chosen order without the hidden ones. Columns not in the
 * settings (the actions column, fixed columns) keep their place: left-fixed ones first, the rest
 * after the arranged ones.
 */
export function applySettings<C extends { key?: unknown; dataIndex?: unknown; fixed?: unknown }>(
  columns: readonly C[],
  settings: readonly ColumnSetting[],
): C[] {
  const byProp = new Map<string, C>();
  for (const c of columns) {
    const prop = columnProp(c);
    if (prop !== undefined) byProp.set(prop, c);
  }
  const arranged = new Set(settings.map((s) => s.prop));
  const free = columns.filter((c) => {
    const prop = columnProp(c);
    return prop === undefined || !arranged.has(prop);
  });
  const left = free.filter((c) => c.fixed === 'left' || c.fixed === true);
  const rest = free.filter((c) => !(c.fixed === 'left' || c.fixed === true));
  const ordered = settings.filter((s) => s.visible && byProp.has(s.prop)).map((s) => byProp.get(s.prop)!);
  return [...left, ...ordered, ...rest];
}
