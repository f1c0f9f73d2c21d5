import type { ColumnData, FormField, FormJson } from '@atrium/shared/forms';
import { describe, expect, it } from 'vitest';
import { createSampleSource, sampleRecords } from './sample-data.ts';

const f = (jnpfKey: string, vModel: string, label: string, extra: Record<string, unknown> = {}): FormField =>
  ({ __config__: { jnpfKey, label, formId: 1 }, __vModel__: vModel, ...extra }) as FormField;

const form: FormJson = {
  fields: [
    f('comInput', 'name', '名称'),
    f('numInput', 'amount', '金额'),
    f('select', 'level', '等级', {
      __config__: { jnpfKey: 'select', label: '等级', formId: 3, dataType: 'static' },
      __slot__: {
        options: [
          { id: 'a', fullName: '甲' },
          { id: 'b', fullName: '乙' },
        ],
      },
    }),
    {
      __config__: { jnpfKey: 'table', label: '明细', formId: 4, children: [f('comInput', 'item', '品名')] },
      __vModel__: 'lines',
    } as FormField,
  ],
};
const list: ColumnData = {
  columnList: [
    { label: '名称', prop: 'name' },
    { label: '金额', prop: 'amount' },
    { label: '等级', prop: 'level' },
    { label: '品名', prop: 'lines-item' },
  ],
  searchList: [
    { label: '名称', prop: 'name', searchType: 2 },
    { label: '等级', prop: 'level', searchType: 1 },
    { label: '金额', prop: 'amount', searchType: 3 },
  ],
  defaultSidx: 'amount',
  sort: 'desc',
};
const query = { currentPage: 1, pageSize: 20, sort: 'desc' as const, sidx: '', menuId: '', queryJson: '' };

describe('function preview sample data', () => {
  it('fills every data field by its kind, sub-tables with two rows', () => {
    const [first, second] = sampleRecords(form, 2, { now: 0 });
    expect(first).toEqual({ name: '名称 1', amount: 100, level: 'a', lines: [{ item: '品名 1' }, { item: '品名 2' }] });
    expect(second).toMatchObject({ name: '名称 2', amount: 200, level: 'b' });
  });

  it('lists display texts by the default sort, searched by contains, exact and range', async () => {
    const source = createSampleSource(form, list, { now: 0 }, 5);
    const all = await source.list('m', query);
    expect(all.pagination.total).toBe(5);
    expect(all.list.map((r) => r.amount)).toEqual(['500', '400', '300', '200', '100']);
    expect(all.list[4]).toMatchObject({ name: '名称 1', level: '甲', 'lines-item': '品名 1, 品名 2' });
    const found = await source.list('m', { ...query, queryJson: JSON.stringify({ level: 'b', amount: [150, 450] }) });
    expect(found.list.map((r) => r.name)).toEqual(['名称 4', '名称 2']);
    const named = await source.list('m', { ...query, queryJson: JSON.stringify({ name: '称 3' }) });
    expect(named.list.map((r) => r.name)).toEqual(['名称 3']);
  });

  it('adds, edits and deletes records in memory', async () => {
    const source = createSampleSource(form, list, { now: 0 }, 2);
    const { data } = await source.create('m', { name: '新记录', amount: 7, level: 'a', lines: [] });
    expect(JSON.parse((await source.info('m', data!.id)).data)).toMatchObject({ name: '新记录' });
    await source.update('m', data!.id, { name: '改过', amount: 7, level: 'b', lines: [] });
    expect(JSON.parse((await source.display('m', data!.id)).data)).toMatchObject({ name: '改过', level: '乙' });
    await source.batchRemove('m', [data!.id]);
    expect((await source.list('m', query)).pagination.total).toBe(2);
  });
});
