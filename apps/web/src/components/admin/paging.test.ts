import { describe, expect, it } from 'vitest';
import { changePage, DEFAULT_PAGE_SIZE, initialPaging, PAGE_SIZES, pageAfterRemove, searchWith } from './paging.ts';
import { branchIds, filterTree, findNode } from './tree-filter.ts';

describe('admin paging', () => {
  it('defaults to 20 rows with sizes 20/50/100/500', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    expect([...PAGE_SIZES]).toEqual([20, 50, 100, 500]);
    expect(initialPaging).toEqual({ keyword: '', currentPage: 1, pageSize: 20 });
  });

  it('a new page size starts at page 1; a page change keeps the size', () => {
    const q = { ...initialPaging, currentPage: 3, organizeId: 'o1' };
    expect(changePage(q, 4, 20)).toEqual({ ...q, currentPage: 4 });
    expect(changePage(q, 3, 50)).toEqual({ ...q, currentPage: 1, pageSize: 50 });
  });

  it('a search or filter returns to page 1 and keeps the other filters', () => {
    const q = { ...initialPaging, currentPage: 5, organizeId: 'o1' };
    expect(searchWith(q, { keyword: 'abc' })).toEqual({ ...q, keyword: 'abc', currentPage: 1 });
  });

  it('steps back a page when a delete empties the last page', () => {
    expect(pageAfterRemove({ keyword: '', currentPage: 3, pageSize: 20 }, 41)).toBe(2);
    expect(pageAfterRemove({ keyword: '', currentPage: 2, pageSize: 20 }, 41)).toBe(2);
    expect(pageAfterRemove({ keyword: '', currentPage: 1, pageSize: 20 }, 1)).toBe(1);
  });
});

interface Node {
  id: string;
  fullName: string;
  children?: Node[];
}

describe('tree filter', () => {
  const tree: Node[] = [
    {
      id: 'c',
      fullName: '示范科技',
      children: [
        { id: 'rd', fullName: '研发中心', children: [{ id: 'web', fullName: 'Web 前端组' }] },
        { id: 'hr', fullName: '人力资源部' },
      ],
    },
  ];

  it('keeps matches with their ancestors, ignoring case', () => {
    expect(filterTree(tree, 'web')).toEqual([
      { ...tree[0], children: [{ ...tree[0].children![0], children: [{ id: 'web', fullName: 'Web 前端组' }] }] },
    ]);
    expect(filterTree(tree, '人力')[0].children!.map((n) => n.id)).toEqual(['hr']);
    expect(filterTree(tree, 'nothing')).toEqual([]);
    expect(filterTree(tree, '  ')).toEqual(tree);
  });

  it('a matching node keeps its subtree; branch ids and lookup by id', () => {
    expect(filterTree(tree, '研发')[0].children![0].children).toHaveLength(1);
    expect(branchIds(tree)).toEqual(['c', 'rd']);
    expect(findNode(tree, 'web')?.fullName).toBe('Web 前端组');
    expect(findNode(tree, 'x')).toBeUndefined();
  });
});
