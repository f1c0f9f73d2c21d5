import type { FormField } from '@atrium/shared/forms';
import { describe, expect, it } from 'vitest';
import { envelope, jsonResponse, mockFetch } from '../../test/helpers.ts';
import { modelSource } from './popup-source.ts';

const relation = (): FormField => ({
  __config__: { jnpfKey: 'relationForm', label: '供应商', formId: 1, span: 24 },
  __vModel__: 'supplier',
  modelId: 'model-7',
  relationField: 'name',
});

describe('the records of another online form', () => {
  it('reads picked records back through the list, by their ids, in one call', async () => {
    const { calls } = mockFetch(async (url, init) => {
      const body = JSON.parse(String(init.body)) as { ids: string[] };
      if (!url.pathname.endsWith('/OnlineDev/model-7/List')) return jsonResponse(envelope(null, 404, 'no'), 404);
      return jsonResponse(
        envelope({ list: body.ids.slice(1).map((id) => ({ id, name: `供应商${id}` })), pagination: { total: 1 } }),
      );
    });
    const rows = await modelSource(relation())!.byIds(['out-of-scope', 's2']);
    expect(rows).toEqual([{ id: 's2', name: '供应商s2' }]);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      ids: ['out-of-scope', 's2'],
      currentPage: 1,
      pageSize: 2,
    });
  });
});
