import type { MenuItem } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { buildMenuRoutes, findMenuTrail, firstMenuPath, menuPath, menuTarget, parseProperty } from './menu-routes.ts';

let seq = 0;
function menu(overrides: Partial<MenuItem>): MenuItem {
  seq += 1;
  return {
    id: `m${seq}`,
    parentId: '-1',
    fullName: `Menu ${seq}`,
    enCode: `menu${seq}`,
    icon: 'icon-ym icon-ym-generator-menu',
    urlAddress: '',
    linkTarget: '_self',
    type: 2,
    propertyJson: '{}',
    sortCode: seq,
    hasChildren: false,
    children: [],
    ...overrides,
  };
}

describe('menuPath', () => {
  it('S1-2.2-04 is / + urlAddress without query string, with or without a leading slash', () => {
    expect(menuPath({ urlAddress: 'system/user' })).toBe('/system/user');
    expect(menuPath({ urlAddress: '/system/user' })).toBe('/system/user');
    expect(menuPath({ urlAddress: 'report/view?id=3&x=1' })).toBe('/report/view');
    expect(menuPath({ urlAddress: '' })).toBeNull();
  });
});

describe('parseProperty', () => {
  it('reads moduleId and isTree', () => {
    expect(parseProperty('{"moduleId":"abc","isTree":1,"iconBackgroundColor":"#fff"}')).toEqual({
      moduleId: 'abc',
      isTree: true,
      iconBackgroundColor: '#fff',
    });
  });
  it('survives malformed JSON', () => {
    expect(parseProperty('{oops')).toEqual({});
    expect(parseProperty('')).toEqual({});
    expect(parseProperty('null')).toEqual({});
  });
});

describe('buildMenuRoutes', () => {
  it('S1-2.2-01 S1-2.2-02 S1-2.2-03 S1-2.2-04 groups types 0 and 1 and routes pages by their address', () => {
    const tree = [
      menu({
        type: 0,
        fullName: 'System',
        children: [
          menu({
            type: 1,
            fullName: 'Workbench',
            children: [menu({ id: 'home', type: 2, urlAddress: 'home', fullName: 'Home', icon: 'icon-home' })],
          }),
          menu({ id: 'user', type: 2, urlAddress: '/permission/user?tab=1', fullName: 'Users' }),
        ],
      }),
    ];
    expect(buildMenuRoutes(tree)).toEqual([
      { path: '/home', view: 'home', meta: { id: 'home', fullName: 'Home', icon: 'icon-home', type: 2 } },
      {
        path: '/permission/user',
        view: 'permission/user',
        meta: { id: 'user', fullName: 'Users', icon: 'icon-ym icon-ym-generator-menu', type: 2 },
      },
    ]);
  });

  it.each([
    [3, 'generic/online-form'],
    [4, 'generic/dictionary'],
    [5, 'generic/report'],
    [8, 'generic/portal'],
  ] as const)('S1-2.2-07 S1-2.2-11 sends type %i to the generic view %s with moduleId in meta', (type, view) => {
    const item = menu({ id: 'x', type, urlAddress: 'model/abc', propertyJson: '{"moduleId":"mod1","isTree":0}' });
    expect(buildMenuRoutes([item])).toEqual([
      {
        path: '/model/abc',
        view,
        meta: { id: 'x', fullName: item.fullName, icon: item.icon, type, moduleId: 'mod1', isTree: false },
      },
    ]);
  });

  it('makes no route for new-window entries, links and empty addresses', () => {
    const items = [
      menu({ type: 6, urlAddress: 'screen', propertyJson: '{"moduleId":"s1"}' }),
      menu({ type: 7, urlAddress: 'https://example.org', linkTarget: '_blank' }),
      menu({ type: 7, urlAddress: 'https://example.org', linkTarget: '_self' }),
      menu({ type: 2, urlAddress: '' }),
    ];
    expect(buildMenuRoutes(items)).toEqual([]);
  });

  it('keeps the first entry when two share a path', () => {
    const routes = buildMenuRoutes([menu({ id: 'a', urlAddress: 'x' }), menu({ id: 'b', urlAddress: '/x' })]);
    expect(routes.map((r) => r.meta.id)).toEqual(['a']);
  });
});

describe('menuTarget', () => {
  it('S1-2.2-09 S1-2.2-10 S1-2.2-13 describes what a click does', () => {
    expect(menuTarget(menu({ type: 1 }))).toEqual({ kind: 'group' });
    expect(menuTarget(menu({ type: 2, urlAddress: 'a/b?c=1' }))).toEqual({ kind: 'route', path: '/a/b' });
    expect(menuTarget(menu({ type: 6, urlAddress: 'dashboard', propertyJson: '{"moduleId":"s1"}' }))).toEqual({
      kind: 'screen',
      path: '/dashboard',
    });
    expect(menuTarget(menu({ type: 6, urlAddress: '' }))).toEqual({ kind: 'none' });
    expect(menuTarget(menu({ type: 7, urlAddress: 'https://x.org/?a=1', linkTarget: '_blank' }))).toEqual({
      kind: 'window',
      url: 'https://x.org/?a=1',
    });
    expect(menuTarget(menu({ type: 7, urlAddress: 'https://x.org/?a=1', linkTarget: '_self' }))).toEqual({
      kind: 'route',
      path: '/externalLink?url=https%3A%2F%2Fx.org%2F%3Fa%3D1',
    });
    // CurrentUser leaves out a linkTarget of _self: such a link opens inside the shell too.
    expect(menuTarget(menu({ type: 7, urlAddress: 'https://x.org/', linkTarget: undefined }))).toEqual({
      kind: 'route',
      path: '/externalLink?url=https%3A%2F%2Fx.org%2F',
    });
  });
});

describe('firstMenuPath', () => {
  it('is the first page under the first menu', () => {
    const tree = [
      menu({ type: 1, children: [menu({ type: 1, children: [] }), menu({ type: 2, urlAddress: 'home' })] }),
      menu({ type: 2, urlAddress: 'other' }),
    ];
    expect(firstMenuPath(tree)).toBe('/home');
  });
  it('is null without menus or pages', () => {
    expect(firstMenuPath([])).toBeNull();
    expect(firstMenuPath([menu({ type: 1 })])).toBeNull();
  });
});

describe('findMenuTrail', () => {
  it('lists the entries from the top down to the page', () => {
    const page = menu({ type: 2, urlAddress: 'home' });
    const dir = menu({ type: 1, children: [page] });
    expect(findMenuTrail([dir], '/home')).toEqual([dir, page]);
    expect(findMenuTrail([dir], '/none')).toEqual([]);
  });
});
