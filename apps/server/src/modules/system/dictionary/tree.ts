import { DICTIONARY_TOP_PARENT } from '@atrium/shared';

/** What the tree helpers need of a type or item row. */
interface Node {
  id: string;
  parent_id: string;
}

/** The ids from the top of the tree down to `id` (itself included); stops at a missing parent or a loop. */
export function pathOf(byId: ReadonlyMap<string, Node>, id: string): string[] {
  const path: string[] = [];
  const seen = new Set<string>();
  for (let at = byId.get(id); at && !seen.has(at.id); at = byId.get(at.parent_id)) {
    seen.add(at.id);
    path.unshift(at.id);
  }
  return path;
}

const indexed = <R extends Node>(rows: readonly R[]) => new Map(rows.map((r) => [r.id, r]));

/** Rows matching the predicate plus their ancestors, so the matches show in place in the tree. */
export function withAncestors<R extends Node>(rows: readonly R[], matches: (row: R) => boolean): R[] {
  const byId = indexed(rows);
  const keep = new Set<string>();
  for (const r of rows) if (matches(r)) for (const id of pathOf(byId, r.id)) keep.add(id);
  return rows.filter((r) => keep.has(r.id));
}

/** Drops the row `id` and its subtree: a node cannot become its own parent ('0' or top: none dropped). */
export function withoutSubtree<R extends Node>(rows: readonly R[], id: string): R[] {
  if (!id || id === '0' || id === DICTIONARY_TOP_PARENT) return [...rows];
  const byId = indexed(rows);
  return rows.filter((r) => !pathOf(byId, r.id).includes(id));
}

/** Enabled rows whose whole path is enabled (a disabled parent hides its subtree). */
export function enabledPaths<R extends Node & { enabled: number }>(rows: readonly R[]): R[] {
  const byId = indexed(rows);
  return rows.filter((r) => pathOf(byId, r.id).every((id) => byId.get(id)!.enabled === 1));
}

/** True when `parentId` is `id` itself or lies inside its subtree. */
export function isWithin<R extends Node>(rows: readonly R[], parentId: string, id: string): boolean {
  return pathOf(indexed(rows), parentId).includes(id);
}

/** Case-insensitive match of name, code (and initials when the row has them). */
export function keywordMatcher(keyword: string) {
  const needle = keyword.trim().toLowerCase();
  return (r: { full_name: string; en_code: string; simple_spelling?: string }) =>
    !needle ||
    r.full_name.toLowerCase().includes(needle) ||
    r.en_code.toLowerCase().includes(needle) ||
    !!r.simple_spelling?.toLowerCase().includes(needle);
}
