import { describe, expect, it } from 'vitest';
import type { ModelInfo } from '../../../api/visualdev.ts';
import { fromDesignFile, toDesignFile } from './design-file.ts';

const model: ModelInfo = {
  id: 'm1',
  fullName: '客户登记',
  enCode: 'customer',
  state: 1,
  type: 1,
  category: 'demo',
  webType: 2,
  enabledMark: 1,
  sortCode: 3,
  description: '',
  tableName: 'vd_customer',
  menuId: 'menu1',
  releasedAt: 1,
  creatorTime: 1,
  lastModifyTime: null,
  formData: '{"fields":[]}',
  columnData: '{"columnList":[]}',
  appData: '{}',
  version: 4,
};

describe('design files', () => {
  it('round-trip a model without its id, version or release state', () => {
    const form = fromDesignFile(JSON.stringify(toDesignFile(model)));
    expect(form).toEqual({
      fullName: '客户登记',
      enCode: 'customer',
      type: 1,
      category: 'demo',
      webType: 2,
      formData: '{"fields":[]}',
      columnData: '{"columnList":[]}',
      appData: '{}',
      enabledMark: 1,
      sortCode: 3,
      description: '',
    });
  });

  it('refuse broken text, another JSON file and a design without its form', () => {
    expect(fromDesignFile('{nope')).toBeNull();
    expect(fromDesignFile('{"fullName":"x","enCode":"x","formData":"{}"}')).toBeNull();
    const file = toDesignFile(model) as unknown as Record<string, unknown>;
    delete file.formData;
    expect(fromDesignFile(JSON.stringify(file))).toBeNull();
  });
});
