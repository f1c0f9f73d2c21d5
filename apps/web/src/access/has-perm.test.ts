import type { PermissionEntry } from '@atrium/shared';
import { describe, expect, it } from 'vitest';
import { fieldGranted, hasPerm } from './has-perm.ts';

const list: PermissionEntry[] = [
  {
    modelId: 'm1',
    moduleName: 'Users',
    button: [{ id: 'b1', fullName: 'Add', enCode: 'btn_add' }],
    column: [{ id: 'c1', fullName: 'Name', enCode: 'realName' }],
    form: [],
    resource: [],
  },
];

describe('hasPerm', () => {
  it('finds the code in the module entry list of the given kind', () => {
    expect(hasPerm(list, 'm1', 'btn_add')).toBe(true);
    expect(hasPerm(list, 'm1', 'realName', 'column')).toBe(true);
    expect(hasPerm(list, 'm1', 'btn_edit')).toBe(false);
    expect(hasPerm(list, 'm1', 'realName', 'form')).toBe(false);
  });
  it('is false without a module id or entry', () => {
    expect(hasPerm(list, undefined, 'btn_add')).toBe(false);
    expect(hasPerm(list, 'm2', 'btn_add')).toBe(false);
  });
});

describe('fieldGranted', () => {
  it('shows only granted columns once the module grants some, as the server answers', () => {
    expect(fieldGranted(list, 'm1', 'realName', 'column')).toBe(true);
    expect(fieldGranted(list, 'm1', 'mobilePhone', 'column')).toBe(false);
  });
  it('shows every field of a kind the module does not grant one by one', () => {
    expect(fieldGranted(list, 'm1', 'mobilePhone', 'form')).toBe(true);
    expect(fieldGranted(list, 'm2', 'mobilePhone', 'column')).toBe(true);
  });
});
