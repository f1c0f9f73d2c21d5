import type { Pagination } from '@atrium/shared';
import { z } from 'zod';

/** The paging query (docs/api-conventions.md#paging), shared by every list. Page sizes are capped at 500. */
export const pageQuery = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
  currentPage: z.coerce.number().int().min(1).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(500).optional().default(20),
  sort: z.enum(['asc', 'desc']).optional().default('desc'),
  sidx: z.string().max(50).optional().default(''),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function pageOf<T>(
  list: T[],
  query: Pick<PageQuery, 'currentPage' | 'pageSize'>,
  total: number,
): { list: T[]; pagination: Pagination } {
  return { list, pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total } };
}

export const offsetOf = (query: PageQuery) => (query.currentPage - 1) * query.pageSize;

/**
 * One page of a list query and the count of all its matches, read side by side: `count` is the
 * filtered query counted, `rows` the same query ordered (this cuts it to the page).
 */
export async function countedPage<R>(
  query: Pick<PageQuery, 'currentPage' | 'pageSize'>,
  count: { executeTakeFirstOrThrow(): Promise<{ total: number | string | bigint }> },
  rows: { limit(n: number): { offset(n: number): { execute(): Promise<R[]> } } },
): Promise<{ total: number; rows: R[] }> {
  const [counted, page] = await Promise.all([
    count.executeTakeFirstOrThrow(),
    rows
      .limit(query.pageSize)
      .offset((query.currentPage - 1) * query.pageSize)
      .execute(),
  ]);
  return { total: Number(counted.total), rows: page };
}
