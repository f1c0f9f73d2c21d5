import { AREA_ROOT, type AreaRow } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { areaApi } from '../../../api/area.ts';

/** A table row: an area with its loaded children ([] while not loaded, so it can be expanded). */
export type AreaTreeRow = AreaRow & { children?: AreaTreeRow[] };

export const AREA_LIST_KEY = ['system', 'area', 'list'] as const;

/**
 * The lazy tree-table of areas: provinces first, each level's children fetched on expansion. With a
 * keyword the server searches every level and the table shows the flat matches instead.
 */
export function useAreaTree(keyword: string) {
  const root = useQuery({
    queryKey: [...AREA_LIST_KEY, keyword],
    queryFn: () => areaApi.children(AREA_ROOT, { keyword }),
  });
  const [loaded, setLoaded] = useState<ReadonlyMap<string, AreaRow[]>>(new Map());
  const [expanded, setExpanded] = useState<readonly string[]>([]);

  const loadChildren = useCallback(async (parentIds: readonly string[]) => {
    const lists = await Promise.all(parentIds.map((id) => areaApi.children(id)));
    setLoaded((current) => {
      const next = new Map(current);
      parentIds.forEach((id, i) => next.set(id, lists[i]!));
      return next;
    });
  }, []);

  const rows = useMemo(() => {
    const attach = (list: readonly AreaRow[]): AreaTreeRow[] =>
      list.map((r) => {
        if (keyword || !r.hasChildren) return r;
        const children = loaded.get(r.id);
        return { ...r, children: children ? attach(children) : [] };
      });
    return attach(root.data ?? []);
  }, [root.data, loaded, keyword]);

  return {
    rows,
    loading: root.isFetching,
    error: root.isError,
    expanded,
    /** Expanding a row loads its children the first time. */
    async onExpand(open: boolean, row: AreaRow) {
      if (open && !loaded.has(row.id)) await loadChildren([row.id]);
      setExpanded((keys) => (open ? [...keys, row.id] : keys.filter((k) => k !== row.id)));
    },
    /** Opens the tree along a path of ids (the locate search): every ancestor loaded and expanded. */
    async reveal(path: readonly string[]) {
      const parents = path.slice(0, -1);
      await loadChildren(parents.filter((id) => !loaded.has(id)));
      setExpanded((keys) => [...new Set([...keys, ...parents])]);
    },
    /** Shows a parent's children (freshly loaded), e.g. after adding one under it. */
    async open(parentId: string) {
      await loadChildren([parentId]);
      setExpanded((keys) => (keys.includes(parentId) ? keys : [...keys, parentId]));
    },
    /** After a change: the top level and every loaded level again. */
    async reload() {
      await Promise.all([root.refetch(), loadChildren([...loaded.keys()])]);
    },
    refetch: () => void root.refetch(),
  };
}
