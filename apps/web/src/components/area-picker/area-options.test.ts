import type { AreaRow } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { joinNames, pathsOf, pickerLevel, toOptions, withChildren, type AreaOption } from './area-options.ts';

const row = (id: string, type: number, hasChildren = true) =>
  ({ id, fullName: `n${id}`, type, hasChildren }) as AreaRow;

describe('address picker options', () => {
  it('S2-9-15 defaults to level 2 and clamps the level to 0..3', () => {
    expect(pickerLevel(undefined)).toBe(2);
    expect(pickerLevel(0)).toBe(0);
    expect(pickerLevel(7)).toBe(3);
    expect(pickerLevel(-1)).toBe(0);
  });

  it('makes the last level (and areas without children) leaves', () => {
    expect(toOptions([row('11', 1), row('12', 1, false)], 0)).toEqual([
      { value: '11', label: 'n11', isLeaf: true },
      { value: '12', label: 'n12', isLeaf: true },
    ]);
    expect(toOptions([row('1101', 2), row('110101', 3)], 2)).toEqual([
      { value: '1101', label: 'n1101', isLeaf: false },
      { value: '110101', label: 'n110101', isLeaf: true },
    ]);
  });

  it('puts loaded children under their parent at any depth', () => {
    const tree: AreaOption[] = [
      { value: 'a', label: 'A', isLeaf: false, children: [{ value: 'b', label: 'B', isLeaf: false }] },
    ];
    const next = withChildren(tree, 'b', [{ value: 'c', label: 'C', isLeaf: true }]);
    expect(next[0]!.children![0]!.children).toEqual([{ value: 'c', label: 'C', isLeaf: true }]);
    expect(withChildren(tree, 'b', [])[0]!.children![0]!.isLeaf).toBe(true);
    expect(tree[0]!.children![0]!.children).toBeUndefined();
  });

  it('reads single and multiple values as lists of id paths', () => {
    expect(pathsOf(undefined)).toEqual([]);
    expect(pathsOf([])).toEqual([]);
    expect(pathsOf(['11', '1101'])).toEqual([['11', '1101']]);
    expect(pathsOf([['11'], [], ['12', '1201']])).toEqual([['11'], ['12', '1201']]);
    expect(joinNames(['北京市', '北京市', '东城区'])).toBe('北京市/北京市/东城区');
  });
});
