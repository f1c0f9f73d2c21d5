import { formatThousands, roundTo } from '@atrium/shared';
import { orderBy, type FormField, type FormJson } from '@atrium/shared/forms';
import type { OnlineRow } from '../../../api/visualdev.ts';
import { cellText } from './model.ts';

/**
 * How the list page shapes the rows the server sends for the list types that are more than a flat
 * table (groups, a tree of records), the summary row, thousands separators, and the phone order of
 * the form. The server sends each cell as display text; everything here works on that text.
 */

/** The key antd reads a row's children from: not `children`, which a designed field may be named. */
export const CHILDREN = '__children';

/** A row of the shaped table: a record, or the header row of a group. */
export type ShapedRow = OnlineRow & { [CHILDREN]?: ShapedRow[]; __group?: { label: string; count: number } };

const GROUP_PREFIX = '__group:';
export const isGroupRow = (row: ShapedRow) => !!row.__group;

/**
 * Rows under one header row per value of the group field, groups in the order their first row
 * came (the list's sort), records without a value last under an empty label.
 */
export function groupRows(rows: readonly OnlineRow[], field: string): ShapedRow[] {
  const groups = new Map<string, OnlineRow[]>();
  for (const row of rows) {
    const label = cellText(row[field]);
    groups.set(label, [...(groups.get(label) ?? []), row]);
  }
  const labels = [...groups.keys()].sort((a, b) => (a === '' ? 1 : 0) - (b === '' ? 1 : 0));
  return labels.map((label) => {
    const members = groups.get(label)!;
    return {
      id: `${GROUP_PREFIX}${label}`,
      __group: { label, count: members.length },
      [CHILDREN]: members.map((r) => ({ ...r })),
    };
  });
}

/**
 * The parent of a row: a relation or popup field answers its record id as `<field>_id` beside the
 * shown text; any other field holds the parent's id itself.
 */
export const parentOf = (row: OnlineRow, field: string): string => cellText(row[`${field}_id`] ?? row[field]);

/**
 * Records nested under their parent record (by the parent field). A record whose parent is not
 * among the rows (on another page, or none) stays at the top; a circle of parents is cut where it
 * would close, so every row shows exactly once.
 */
export function nestRows(rows: readonly OnlineRow[], field: string): ShapedRow[] {
  const byId = new Map<string, ShapedRow>(rows.map((r) => [r.id, { ...r }]));
  // The parents given so far: a new link that would lead back to the row itself closes a circle.
  const linked = new Map<string, string>();
  const leadsTo = (from: string, target: string) => {
    for (let at: string | undefined = from; at !== undefined; at = linked.get(at)) if (at === target) return true;
    return false;
  };
  for (const row of rows) {
    const parentId = parentOf(row, field);
    const parent = parentId ? byId.get(parentId) : undefined;
    if (!parent || leadsTo(parentId, row.id)) continue;
    parent[CHILDREN] = [...(parent[CHILDREN] ?? []), byId.get(row.id)!];
    linked.set(row.id, parentId);
  }
  return rows.filter((r) => !linked.has(r.id)).map((r) => byId.get(r.id)!);
}

/** A cell's text as a number: the server may already have grouped the digits ('1,280.00'). */
export function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || !value.trim()) return undefined;
  const n = Number(value.replace(/,/g, '').trim());
  return Number.isFinite(n) ? n : undefined;
}

const decimalsOf = (value: unknown) => {
  const text = typeof value === 'number' ? String(value) : String(value ?? '');
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
};

/** A number cell with thousands separators, its decimals as the server wrote them. */
export function withThousands(value: unknown): string {
  const n = numberOf(value);
  return n === undefined ? cellText(value) : formatThousands(n, decimalsOf(String(value).replace(/,/g, '')));
}

/** The sum of a column's number cells and the decimals of its most precise one; undefined without any. */
function cellSum(rows: readonly OnlineRow[], prop: string): { sum: number; decimals: number } | undefined {
  let sum = 0;
  let decimals = 0;
  let any = false;
  for (const row of rows) {
    const n = numberOf(row[prop]);
    if (n === undefined) continue;
    any = true;
    sum += n;
    decimals = Math.max(decimals, decimalsOf(String(row[prop]).replace(/,/g, '')));
  }
  return any ? { sum, decimals } : undefined;
}

/** At most this many decimals come from a total itself: beyond them a sum of doubles holds noise. */
const TOTAL_DECIMALS = 10;

/**
 * A total as the summary row shows it: at least as many decimals as the column's cells show, more
 * when the total has them (records on other pages may be more precise), digits grouped for thousands.
 */
function totalText(sum: number, decimals: number, thousands: boolean): string {
  const own = Math.min(decimalsOf(roundTo(sum, TOTAL_DECIMALS)), TOTAL_DECIMALS);
  const places = Math.max(decimals, own);
  return thousands ? formatThousands(sum, places) : roundTo(sum, places).toFixed(places);
}

/**
 * The total of a column over the rows, with as many decimals as its most precise cell; undefined
 * when no cell holds a number.
 */
export function totalOf(rows: readonly OnlineRow[], prop: string, thousands: boolean): string | undefined {
  const page = cellSum(rows, prop);
  return page && totalText(page.sum, page.decimals, thousands);
}

/** The server's total of a column over the whole query, written like the column's cells on the page. */
export function queryTotalText(sum: number, rows: readonly OnlineRow[], prop: string, thousands: boolean): string {
  return totalText(sum, cellSum(rows, prop)?.decimals ?? 0, thousands);
}

/** The ids of a tree node and every node under it: a parent node stands for its whole branch. */
export function branchOf<T extends { id: string; children?: T[] }>(nodes: readonly T[], id: string): string[] {
  for (const node of nodes) {
    if (node.id === id) {
      const out: string[] = [];
      const walk = (n: T) => {
        out.push(n.id);
        for (const c of n.children ?? []) walk(c);
      };
      walk(node);
      return out;
    }
    const inside = branchOf(node.children ?? [], id);
    if (inside.length) return inside;
  }
  return [];
}

/**
 * The form with its fields in the phone order of `appData.formFields` (by `__vModel__`; fields
 * not named keep their form order after them). Containers keep their fields together: each list
 * of fields is ordered within itself, a container placed where its first named field ranks.
 */
export function phoneForm(form: FormJson, order: readonly string[] | undefined): FormJson {
  if (!order?.length) return form;
  const rank = new Map(order.map((name, i) => [name, i]));
  const firstRank = (field: FormField): number => {
    const own = field.__vModel__ !== undefined ? rank.get(field.__vModel__) : undefined;
    if (own !== undefined) return own;
    // A sub-table moves as one field: its columns keep their own order inside it.
    if (field.__config__.jnpfKey === 'table') return Infinity;
    return Math.min(Infinity, ...(field.__config__.children ?? []).map(firstRank));
  };
  const sortList = (fields: readonly FormField[]): FormField[] => {
    const placed = fields.map((field) => {
      const children = field.__config__.children;
      const inner =
        field.__config__.jnpfKey !== 'table' && Array.isArray(children) && children.length
          ? { ...field, __config__: { ...field.__config__, children: sortList(children) } }
          : field;
      return { field: inner, r: firstRank(field) };
    });
    const names = placed.map((p, i) => (Number.isFinite(p.r) ? `r${String(p.r).padStart(6, '0')}` : `u${i}`));
    // orderBy keeps unnamed fields in their own order after the named ones, as the layout promises.
    const ranked = [...names].filter((n) => n.startsWith('r')).sort();
    return orderBy(
      placed.map((p, i) => ({ ...p, name: names[i]! })),
      ranked,
      (p) => p.name,
    ).map((p) => p.field);
  };
  return { ...form, fields: sortList(form.fields) };
}
