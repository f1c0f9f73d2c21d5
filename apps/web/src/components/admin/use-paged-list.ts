import type { PageResult } from '@atrium/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { changePage, initialPaging, searchWith, type PagingState } from './paging.ts';

export interface PagedListOptions<T, F extends object> {
  /** The react-query key prefix of this list, e.g. ['permission', 'position']. */
  queryKey: readonly unknown[];
  /** Loads one page; gets the paging state merged with the filters. */
  fetch: (query: PagingState & F) => Promise<PageResult<T>>;
  /** Filters besides the keyword (organizeId, ...), part of the query key. */
  initialFilters?: F;
  enabled?: boolean;
}

/**
 * The state of a server-paged list: keyword, filters, page and page size, with the query that loads
 * it. Searching or filtering returns to page 1; a new page size does too.
 */
export function usePagedList<T, F extends object = Record<string, never>>(options: PagedListOptions<T, F>) {
  const [query, setQuery] = useState<PagingState & F>(
    () => ({ ...initialPaging, ...(options.initialFilters ?? {}) }) as PagingState & F,
  );
  const queryClient = useQueryClient();
  const result = useQuery({
    queryKey: [...options.queryKey, 'list', query],
    queryFn: () => options.fetch(query),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  const search = useCallback(
    (keyword: string) => setQuery((q) => searchWith(q, { keyword } as Partial<PagingState & F>)),
    [],
  );
  const filter = useCallback(
    (filters: Partial<F>) => setQuery((q) => searchWith(q, filters as Partial<PagingState & F>)),
    [],
  );
  const page = useCallback(
    (currentPage: number, pageSize: number) => setQuery((q) => changePage(q, currentPage, pageSize)),
    [],
  );
  const goTo = useCallback((currentPage: number) => setQuery((q) => ({ ...q, currentPage })), []);
  const paging = {
    currentPage: query.currentPage,
    pageSize: query.pageSize,
    total: result.data?.pagination.total ?? 0,
    onChange: page,
  };
  return {
    query,
    data: result.data,
    list: result.data?.list ?? [],
    total: result.data?.pagination.total ?? 0,
    loading: result.isFetching,
    isError: result.isError,
    refetch: result.refetch,
    search,
    filter,
    page,
    goTo,
    /** Props for <DataTable paging={...}>. */
    paging,
    /** Everything <DataTable {...list.table}> needs besides its columns: rows, loading, paging, failure + retry. */
    table: {
      dataSource: result.data?.list ?? [],
      loading: result.isFetching,
      paging,
      error: result.isError,
      onRetry: () => void result.refetch(),
    },
    /** Reloads this list (and anything else under its query key) after a save or delete. */
    reload: () => void queryClient.invalidateQueries({ queryKey: options.queryKey }),
  };
}
