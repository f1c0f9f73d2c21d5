import type { AuthorizeNode } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { allKeys, checkedOf, displayState, grantedOf, indexTree, sameSet, toggle } from './grant-tree.ts';

const node = (itemType: AuthorizeNode['itemType'], id: string, children?: AuthorizeNode[]): AuthorizeNode => ({
  id,
  itemType,
  fullName: id,
  enCode: id,
  enabledMark: 1,
  ...(children ? { children } : {}),
});

const tree = [
  node('system', 's1', [
    node('module', 'dir', [
      node('module', 'users', [node('button', 'add'), node('button', 'edit'), node('resource', 'dept')]),
      node('module', 'roles'),
    ]),
  ]),
  node('system', 's2'),
];
const index = indexTree(tree);

describe('S2-6-12 authorisation tree', () => {
  it('ticking a button grants its menu, the parents and the system', () => {
    const checked = toggle(index, new Set(), 'button:add', true);
    expect([...checked].sort()).toEqual(['button:add', 'module:dir', 'module:users', 'system:s1']);
    expect(grantedOf(checked)).toEqual({
      system: ['s1'],
      module: ['dir', 'users'],
      button: ['add'],
      column: [],
      form: [],
      resource: [],
    });
  });

  it('ticking a menu grants everything below it; unticking takes it away but keeps the parents', () => {
    const on = toggle(index, new Set(), 'module:users', true);
    expect(on.has('button:edit') && on.has('resource:dept') && on.has('system:s1')).toBe(true);
    const off = toggle(index, on, 'module:users', false);
    expect([...off].sort()).toEqual(['module:dir', 'system:s1']);
  });

  it('shows a menu granted without all of its items as half-ticked', () => {
    const checked = checkedOf({
      system: ['s1'],
      module: ['dir', 'users'],
      button: ['add'],
      column: [],
      form: [],
      resource: [],
    });
    const state = displayState(index, checked);
    expect(state.checked.sort()).toEqual(['button:add']);
    expect(state.halfChecked.sort()).toEqual(['module:dir', 'module:users', 'system:s1']);
    const all = allKeys(index);
    expect(displayState(index, all).halfChecked).toEqual([]);
    expect(sameSet(checkedOf(grantedOf(all)), all)).toBe(true);
  });

  it('ignores granted ids that are no longer in the tree when displaying', () => {
    const state = displayState(index, new Set(['module:gone', 'system:s2']));
    expect(state).toEqual({ checked: ['system:s2'], halfChecked: [] });
  });
});
