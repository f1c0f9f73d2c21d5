import { describe, expect, it, vi } from 'vitest';
import { resourceFormCalls } from './resource-api.ts';

describe('resourceFormCalls', () => {
  const api = () => ({
    info: vi.fn(async (id: string) => ({ fullName: `name of ${id}`, version: 3 })),
    create: vi.fn(async (_body: { fullName: string }) => ({ msg: 'created' })),
    update: vi.fn(async (_id: string, _body: { fullName: string; version?: number }) => ({ msg: 'updated' })),
  });

  it('with an id: loads that record and saves it with the version it loaded, after toBody', async () => {
    const calls = api();
    const edit = resourceFormCalls(calls, 'x1', (v) => ({ fullName: v.fullName.trim() }));
    expect(await edit.load!()).toEqual({ fullName: 'name of x1', version: 3 });
    expect(await edit.submit({ fullName: ' b ' }, 3)).toEqual({ msg: 'updated' });
    expect(calls.update).toHaveBeenCalledWith('x1', { fullName: 'b', version: 3 });
    expect(calls.create).not.toHaveBeenCalled();
  });

  it('without an id: loads nothing and creates', async () => {
    const calls = api();
    const create = resourceFormCalls(calls, undefined);
    expect(create.load).toBeUndefined();
    expect(await create.submit({ fullName: 'c' }, undefined)).toEqual({ msg: 'created' });
    expect(calls.create).toHaveBeenCalledWith({ fullName: 'c' });
    expect(calls.update).not.toHaveBeenCalled();
  });
});
