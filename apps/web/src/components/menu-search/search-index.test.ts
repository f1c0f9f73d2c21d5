import { describe, expect, it } from 'vitest';
import { menuItem } from '../../test/fixtures.ts';
import { buildEntries, pinyinOf, SEARCH_OPTIONS, searchIndex, searchMenus } from './search-index.ts';

const menu = [
  menuItem({
    id: 'work',
    type: 1,
    fullName: '工作台',
    children: [
      menuItem({ id: 'home', fullName: '首页', urlAddress: 'home' }),
      menuItem({ id: 'todo', fullName: '待办事项', urlAddress: 'workFlow/flowTodo' }),
    ],
  }),
  menuItem({
    id: 'sys',
    type: 1,
    fullName: 'System',
    children: [
      menuItem({ id: 'users', fullName: 'Users', urlAddress: 'permission/user' }),
      menuItem({ id: 'docs', fullName: '接口文档', type: 7, linkTarget: '_blank', urlAddress: '/api/docs/' }),
    ],
  }),
];

describe('menu search', () => {
  it('S1-2.4-18 uses the search options: threshold 0.4, title 0.7, path 0.3', () => {
    expect(SEARCH_OPTIONS.threshold).toBe(0.4);
    const keys = (SEARCH_OPTIONS.keys ?? []) as { name: string; weight: number }[];
    expect(keys.map((k) => [k.name, k.weight])).toEqual([
      ['title', 0.7],
      ['path', 0.3],
    ]);
  });

  it('lists the entries that lead somewhere, with their group trail', () => {
    expect(buildEntries(menu).map((e) => [e.title, e.path, e.trail.join('/')])).toEqual([
      ['首页', '/home', '工作台'],
      ['待办事项', '/workFlow/flowTodo', '工作台'],
      ['Users', '/permission/user', 'System'],
      ['接口文档', '/api/docs/', 'System'],
    ]);
  });

  it('works out pinyin initials and full pinyin of Chinese titles only', () => {
    expect(pinyinOf('首页')).toEqual(['sy', 'shouye']);
    expect(pinyinOf('Users')).toEqual([]);
  });

  it('finds by title, fuzzy title, path and pinyin initials', () => {
    expect(searchMenus(menu, '首页')[0].id).toBe('home');
    expect(searchMenus(menu, 'usr')[0].id).toBe('users');
    expect(searchMenus(menu, 'permission')[0].id).toBe('users');
    expect(searchMenus(menu, 'dbsx')[0].id).toBe('todo');
    expect(searchMenus(menu, 'jkwd')[0].id).toBe('docs');
    expect(searchMenus(menu, '   ')).toEqual([]);
    expect(searchMenus(menu, 'zzzzqqq')).toEqual([]);
  });

  it('builds the index once per menu list', () => {
    expect(searchIndex(menu)).toBe(searchIndex(menu));
    expect(searchIndex([...menu])).not.toBe(searchIndex(menu));
  });
});
