import type { PageResult } from '@atrium/shared';

/** 20 rows by default, sizes 20/50/100/500. */
export const PAGE_SIZES = [20, 50, 100, 500] as const;
export const DEFAULT_PAGE_SIZE = PAGE_SIZES[0];

/** The paging part of every list query (docs/api-conventions.md#paging). */
export interface PagingState {
  keyword: string;
  currentPage: number;
  pageSize: number;
}

export const initialPaging: PagingState = { keyword: '', currentPage: 1, pageSize: DEFAULT_PAGE_SIZE };

/** A page change from the pager: a new page size starts again at page 1. */
export function changePage<Q extends PagingState>(query: Q, currentPage: number, pageSize: number): Q {
  return { ...query, currentPage: pageSize !== query.pageSize ? 1 : currentPage, pageSize };
}

/** A new search (keyword or filter change) always starts at page 1 and keeps the page size. */
export function searchWith<Q extends PagingState>(query: Q, changes: Partial<Q>): Q {
  return { ...query, ...changes, currentPage: 1 };
}

/**
 * After a delete the current page may be left empty (last row of the last page): step back one
 * page so the user is not shown an empty table while rows exist.
 */
export function pageAfterRemove(query: PagingState, total: number, removed = 1): number {
  const remaining = Math.max(0, total - removed);
  const lastPage = Math.max(1, Math.ceil(remaining / query.pageSize));
  return Math.min(query.currentPage, lastPage);
}

export const emptyPage = <T>(query: Pick<PagingState, 'currentPage' | 'pageSize'>): PageResult<T> => ({
  list: [],
  pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: 0 },
});
