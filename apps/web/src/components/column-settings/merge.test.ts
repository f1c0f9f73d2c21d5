import { describe, expect, it } from 'vitest';
import { applySettings, defaultSettings, mergeSettings, moveItem, sameSettings, type ColumnDef } from './merge.ts';

const defs: ColumnDef[] = [
  { prop: 'account', label: '账号' },
  { prop: 'realName', label: '姓名' },
  { prop: 'mobilePhone', label: '手机', defaultHidden: true },
  { prop: 'organizeName', label: '组织' },
];

describe('S2-2-36 S2-2-37 column settings', () => {
  it('defaults follow the list; restore default goes back to them', () => {
    expect(defaultSettings(defs).map((s) => [s.prop, s.visible])).toEqual([
      ['account', true],
      ['realName', true],
      ['mobilePhone', false],
      ['organizeName', true],
    ]);
  });

  it('lays saved order and visibility over the list, refreshing labels and dropping gone columns', () => {
    const saved = [
      { prop: 'organizeName', label: 'Org', visible: true },
      { prop: 'gone', label: 'x', visible: true },
      { prop: 'account', label: 'Account', visible: false },
      { prop: 'realName', label: 'Name', visible: true },
      { prop: 'mobilePhone', label: 'Mobile', visible: true },
    ];
    expect(mergeSettings(defs, saved)).toEqual([
      { prop: 'organizeName', label: '组织', visible: true },
      { prop: 'account', label: '账号', visible: false },
      { prop: 'realName', label: '姓名', visible: true },
      { prop: 'mobilePhone', label: '手机', visible: true },
    ]);
  });

  it('inserts a column added since the save at its default position', () => {
    const saved = [
      { prop: 'realName', label: '', visible: true },
      { prop: 'account', label: '', visible: true },
      { prop: 'organizeName', label: '', visible: true },
    ];
    expect(mergeSettings(defs, saved).map((s) => s.prop)).toEqual([
      'realName',
      'account',
      'mobilePhone',
      'organizeName',
    ]);
    expect(mergeSettings(defs, [])).toEqual(defaultSettings(defs));
  });

  it('moves items and compares lists', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    const a = defaultSettings(defs);
    expect(sameSettings(a, defaultSettings(defs))).toBe(true);
    expect(sameSettings(a, moveItem(a, 0, 1))).toBe(false);
  });

  it('applies the settings to antd columns, keeping unarranged and fixed columns in place', () => {
    const columns = [
      { key: 'sel', fixed: 'left' as const },
      { key: 'account' },
      { dataIndex: 'realName' },
      { key: 'mobilePhone' },
      { key: 'organizeName' },
      { key: 'actions', fixed: 'right' as const },
    ];
    const settings = [
      { prop: 'organizeName', label: '', visible: true },
      { prop: 'account', label: '', visible: false },
      { prop: 'realName', label: '', visible: true },
      { prop: 'mobilePhone', label: '', visible: true },
    ];
    const keys = applySettings(columns, settings).map((c) => ('key' in c ? c.key : c.dataIndex));
    expect(keys).toEqual(['sel', 'organizeName', 'realName', 'mobilePhone', 'actions']);
  });
});
