import { describe, expect, it } from 'vitest';
import { DesignFormatError, FORM_SCHEMA_VERSION, migrateFormDesign } from './design-version.ts';
import { galleryForm } from './gallery-form.ts';
import type { FormJson } from './types.ts';

const reason = (input: unknown) => {
  try {
    migrateFormDesign(input);
  } catch (e) {
    return e instanceof DesignFormatError ? e.reason : 'other';
  }
  return 'none';
};

describe('migrateFormDesign', () => {
  it('upgrades a first-release design: numbers from text, sizes, children, sub-table marks, idGlobal', () => {
    const old = {
      size: 'mini',
      labelWidth: '120',
      idGlobal: 101,
      fields: [
        { __config__: { jnpfKey: 'comInput', formId: '101', span: '12', label: 'A' }, __vModel__: 'a' },
        { __config__: { jnpfKey: 'card', formId: 102 } },
        {
          __config__: {
            jnpfKey: 'table',
            formId: 110,
            children: [{ __config__: { jnpfKey: 'numInput', formId: 111 }, __vModel__: 'n' }],
          },
          __vModel__: 'lines',
        },
      ],
    };
    const frozen = structuredClone(old);
    const form = migrateFormDesign(old);
    expect(old).toEqual(frozen);
    expect(form.schemaVersion).toBe(FORM_SCHEMA_VERSION);
    expect(form.size).toBe('small');
    expect(form.labelWidth).toBe(120);
    expect(form.fields[0]!.__config__.formId).toBe(101);
    expect(form.fields[0]!.__config__.span).toBe(12);
    expect(form.fields[1]!.__config__.children).toEqual([]);
    const column = form.fields[2]!.__config__.children![0]!;
    expect(column.__config__.isSubTable).toBe(true);
    expect(column.__config__.parentVModel).toBe('lines');
    // 101 was behind the ids in use: the next free one is after the largest.
    expect(form.idGlobal).toBe(112);
  });

  it('reads JSON text, and leaves a current design as it is', () => {
    const current: FormJson = { ...galleryForm(), schemaVersion: 1 };
    expect(migrateFormDesign(JSON.stringify(current))).toEqual(current);
    expect(migrateFormDesign(current)).toEqual(current);
    expect(migrateFormDesign(current)).not.toBe(current);
  });

  it('the gallery form (no version) only gains its version', () => {
    expect(migrateFormDesign(galleryForm())).toEqual({ ...galleryForm(), schemaVersion: 1 });
  });

  it('refuses what is not a form design, naming why', () => {
    expect(reason('{not json')).toBe('notJson');
    expect(reason([1, 2])).toBe('notObject');
    expect(reason(null)).toBe('notObject');
    expect(reason({ size: 'small' })).toBe('noFields');
    expect(reason({ fields: [{ label: 'x' }] })).toBe('badField');
    expect(reason({ fields: [{ __config__: { jnpfKey: 'row', children: {} } }] })).toBe('badField');
    expect(reason({ fields: [], schemaVersion: 99 })).toBe('newerVersion');
  });
});
