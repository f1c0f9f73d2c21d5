import { describe, expect, it, vi } from 'vitest';
import { validationFixtures } from './fixtures.ts';
import { buildDependencyGraph, collectFields, dataFields, isShownOnWeb, tableSummary, validateForm } from './form.ts';
import { GALLERY as G, galleryForm } from './gallery-form.ts';
import { FIELD_KINDS, holdsValue } from './registry.ts';
import { JNPF_KEYS, type FormField, type FormJson } from './types.ts';

describe('validateForm fixtures (the same cases run through the server route)', () => {
  it.each(validationFixtures().map((f) => [f.title, f] as const))('%s', (_title, fixture) => {
    const form = fixture.form ?? galleryForm(fixture.lang);
    const result = validateForm(form, fixture.values, { lang: fixture.lang });
    expect(result.errors.map(({ path, message }) => ({ path, message }))).toEqual(fixture.errors);
    expect(result.ok).toBe(fixture.errors.length === 0);
    for (const [key, value] of Object.entries(fixture.cleaned ?? {})) expect(result.values[key]).toEqual(value);
  });

  it('S2-3-42 cleaned values keep known fields only and leave system fields to the server', () => {
    const result = validateForm(galleryForm(), {
      [G.input]: 'x',
      [G.createUser]: 'forged',
      [G.createTime]: 1,
      somethingElse: 1,
      [G.relationAttr]: 'display only',
      [G.popupAttr]: 'stored',
      [G.popupSelect]: 'Shown name',
      [`${G.popupSelect}_id`]: 'id-7',
    });
    expect(result.values).not.toHaveProperty(G.createUser);
    expect(result.values).not.toHaveProperty(G.createTime);
    expect(result.values).not.toHaveProperty('somethingElse');
    // isStorage 1 is displayed only; 2 is displayed and saved.
    expect(result.values).not.toHaveProperty(G.relationAttr);
    expect(result.values[G.popupAttr]).toBe('stored');
    expect(result.values[G.popupSelect]).toBe('Shown name');
    expect(result.values[`${G.popupSelect}_id`]).toBe('id-7');
  });

  it('S2-3-28 relation and popup pickers: the id is kept and checked at <field>_id, the shown text at <field>', () => {
    const popupField = (vModel: string, formId: number, extra: Record<string, unknown> = {}): FormField => ({
      __config__: { jnpfKey: 'popupSelect', label: vModel, formId, required: true },
      __vModel__: vModel,
      interfaceId: 'if-1',
      propsValue: 'id',
      relationField: 'fullName',
      ...extra,
    });
    const form: FormJson = {
      fields: [
        popupField('supplier', 1),
        popupField('many', 2, { multiple: true }),
        {
          __config__: { jnpfKey: 'relationForm', label: 'rel', formId: 3, required: true },
          __vModel__: 'rel',
          modelId: 'm1',
          relationField: 'fullName',
        },
        {
          __config__: {
            jnpfKey: 'table',
            label: 'rows',
            formId: 4,
            children: [
              {
                __config__: { jnpfKey: 'popupTableSelect', label: 'cell', formId: 5, required: true },
                __vModel__: 'cell',
                interfaceId: 'if-1',
                propsValue: 'id',
                relationField: 'fullName',
              },
            ],
          },
          __vModel__: 'rows',
        },
      ],
    };
    const good = validateForm(form, {
      supplier: '供应商7',
      supplier_id: 'r7',
      many: ['供应商1', '供应商2'],
      many_id: ['r1', 'r2'],
      rel: '张三的请假单',
      rel_id: 'rec-9',
      rows: [{ cell: '供应商3', cell_id: 'r3' }],
    });
    expect(good.errors).toEqual([]);
    expect(good.values).toMatchObject({
      supplier: '供应商7',
      supplier_id: 'r7',
      many: ['供应商1', '供应商2'],
      many_id: ['r1', 'r2'],
      rel: '张三的请假单',
      rel_id: 'rec-9',
      rows: [{ cell: '供应商3', cell_id: 'r3' }],
    });

    // The id is what is checked: a cleared pick (empty id) beside a stale text is missing; a
    // malformed id is refused whatever the text says.
    const bad = validateForm(form, {
      supplier: '供应商7',
      supplier_id: null,
      many: ['供应商1'],
      many_id: 'r1',
      rel: '张三的请假单',
      rel_id: { id: 'rec-9' },
      rows: [{ cell: '供应商3', cell_id: '' }],
    });
    expect(bad.errors.map((e) => e.path)).toEqual(['supplier', 'many', 'rel', 'rows.0.cell']);

    // A record from before the split holds the id in the field itself; it is still checked there.
    expect(validateForm(form, { supplier: 'r7', many: ['r1'], rel: 'rec-9', rows: [{ cell: 'r3' }] }).errors).toEqual(
      [],
    );
  });

  it('S2-5-45 fields the caller may not edit are neither required nor kept', () => {
    const values = { [G.input]: 'kept?', [G.table]: [{ [G.itemName]: '', [G.price]: 1, [G.quantity]: 1 }] };
    const hidden = new Set([G.input, G.number, G.radio, G.select, G.date, G.user, `${G.table}-${G.itemName}`]);
    const result = validateForm(galleryForm(), values, { hidden });
    expect(result.errors).toEqual([]);
    expect(result.values).not.toHaveProperty(G.input);
    expect(result.values[G.table]).toEqual([{ [G.price]: 1, [G.quantity]: 1, [G.amount]: 1 }]);
  });

  it('S2-5-21 a sub-table that is not a list is refused, and a required table needs a row', () => {
    const form: FormJson = {
      fields: [
        {
          __config__: {
            jnpfKey: 'table',
            label: 'Lines',
            required: true,
            children: [{ __config__: { jnpfKey: 'comInput', label: 'Name' }, __vModel__: 'name' }],
          },
          __vModel__: 'lines',
        },
      ],
    };
    expect(validateForm(form, { lines: 'x' }, { lang: 'en-US' }).errors).toEqual([
      { path: 'lines', field: 'lines', label: 'Lines', message: 'Lines has an invalid value' },
    ]);
    expect(validateForm(form, {}, { lang: 'en-US' }).errors[0]!.message).toBe('Please enter Lines');
    const ok = validateForm(form, { lines: [{ name: 'a', id: 'row-1', extra: 1 }] });
    expect(ok.values).toEqual({ lines: [{ id: 'row-1', name: 'a' }] });
  });

  it('S2-5-19 the error label of a cell names the table, the row and the column', () => {
    const result = validateForm(
      galleryForm('en-US'),
      { [G.table]: [{ [G.price]: 1, [G.quantity]: 1 }] },
      { lang: 'en-US' },
    );
    const cell = result.errors.find((e) => e.path === `${G.table}.0.${G.itemName}`)!;
    expect(cell).toEqual({
      path: `${G.table}.0.${G.itemName}`,
      field: G.itemName,
      label: 'Purchase lines row 1 Item',
      message: 'Item cannot be empty',
    });
  });
});

describe('collectFields and the gallery form', () => {
  it('S2-3-31 the gallery holds every field kind, containers flattened, columns keyed table-column', () => {
    const form = galleryForm();
    const kinds = new Set<string>();
    const walk = (fields: FormField[]) => {
      for (const f of fields) {
        kinds.add(f.__config__.jnpfKey);
        if (f.__config__.children) walk(f.__config__.children);
      }
    };
    walk(form.fields);
    expect([...JNPF_KEYS].filter((k) => !kinds.has(k))).toEqual([]);

    const collected = collectFields(form);
    expect(
      collected.some((c) => c.field.__config__.layout === 'rowFormItem' && c.field.__config__.jnpfKey !== 'table'),
    ).toBe(false);
    expect(collected.find((c) => c.key === `${G.table}-${G.amount}`)).toMatchObject({ table: G.table });
    // Fields inside tabs, collapses, cards and grids are reached.
    expect(dataFields(form).has('comInputField182')).toBe(true);
    expect(dataFields(form).has('numInputField179')).toBe(true);
  });

  it('S2-3-29 model names are unique and every data field holds a value kind', () => {
    const keys = collectFields(galleryForm()).map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const { field } of collectFields(galleryForm()))
      if (field.__vModel__ && !holdsValue(field))
        expect(['relationFormAttr', 'table']).toContain(field.__config__.jnpfKey);
  });

  it('labels follow the language, model names do not', () => {
    const zh = collectFields(galleryForm('zh-CN'));
    const en = collectFields(galleryForm('en-US'));
    expect(zh.map((c) => c.key)).toEqual(en.map((c) => c.key));
    expect(zh.find((c) => c.key === G.input)!.field.__config__.label).toBe('单行输入');
    expect(en.find((c) => c.key === G.input)!.field.__config__.label).toBe('Single line');
  });
});

describe('visibility', () => {
  const f = (config: Partial<FormField['__config__']>): FormField => ({
    __config__: { jnpfKey: 'comInput', ...config },
  });
  it('S2-5-43 a field is hidden when noShow is set', () => {
    expect(isShownOnWeb(f({ noShow: true }))).toBe(false);
    expect(isShownOnWeb(f({ noShow: false }))).toBe(true);
  });
  it('S2-5-44 a field is hidden when a visibility list exists that lacks pc', () => {
    expect(isShownOnWeb(f({ visibility: ['app'] }))).toBe(false);
    expect(isShownOnWeb(f({ visibility: ['pc', 'app'] }))).toBe(true);
    expect(isShownOnWeb(f({}))).toBe(true);
  });
});

describe('dependency graph', () => {
  it('S2-5-29 S2-5-30 a cell change recomputes the row amount, then the total', () => {
    const graph = buildDependencyGraph(galleryForm());
    expect(graph.dependents(`${G.table}-${G.price}`)).toEqual([`${G.table}-${G.amount}`, G.total]);
    // Adding or removing a row changes the total only.
    expect(graph.dependents(G.table)).toEqual([G.total]);
    expect(graph.dependents(G.input)).toEqual(['barcode#169']);
    expect(graph.dependents(G.popupSelect)).toEqual([G.popupAttr]);
    expect(graph.nodes.get(G.relationAttr)).toMatchObject({ reason: 'display', sources: [G.relationForm] });
    expect(graph.dependents(G.number)).toEqual([]);
  });

  it('S2-5-30 calculate answers a row value by row index and recompute fills every row', () => {
    const graph = buildDependencyGraph(galleryForm());
    const values = {
      [G.table]: [
        { [G.price]: 1.1, [G.quantity]: 3 },
        { [G.price]: '2', [G.quantity]: 'x' },
      ],
    };
    expect(graph.calculate(`${G.table}-${G.amount}`, values, 0)).toBe(3.3);
    expect(graph.calculate(`${G.table}-${G.amount}`, values, 1)).toBe(0);
    const out = graph.recompute(values);
    expect((out[G.table] as Record<string, unknown>[]).map((r) => r[G.amount])).toEqual([3.3, 0]);
    expect(out[G.total]).toBe(3.3);
    // The input is left untouched.
    expect((values[G.table][0] as Record<string, unknown>)[G.amount]).toBeUndefined();
  });

  it('S2-8-12 a circle of calculated fields warns once and computes 0', () => {
    const warn = vi.fn();
    const form: FormJson = {
      fields: [
        { __config__: { jnpfKey: 'calculate', label: 'A' }, __vModel__: 'a', expression: 'b + 1' },
        { __config__: { jnpfKey: 'calculate', label: 'B' }, __vModel__: 'b', expression: 'a + 1' },
        { __config__: { jnpfKey: 'calculate', label: 'C' }, __vModel__: 'c', expression: 'x * 2' },
      ],
    };
    const graph = buildDependencyGraph(form, { warn });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(graph.cycles.length).toBeGreaterThan(0);
    expect(graph.recompute({ x: 4 })).toMatchObject({ c: 8 });
    expect(graph.dependents('x')).toEqual(['c']);
  });

  it('S2-5-31 a malformed formula in the form computes 0 with a warning', () => {
    const warn = vi.fn();
    const form: FormJson = {
      fields: [{ __config__: { jnpfKey: 'calculate', label: 'Bad' }, __vModel__: 'bad', expression: '(x +' }],
    };
    const graph = buildDependencyGraph(form, { warn });
    expect(graph.recompute({ x: 2 }).bad).toBe(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('calculation formula error'));
  });
});

describe('sub-table summary (合计)', () => {
  const table = galleryForm().fields.find((f) => f.__vModel__ === G.table)!;
  it('S2-5-22 sums only the configured summary fields under the label 合计', () => {
    const summary = tableSummary(table, [
      { [G.price]: 2, [G.quantity]: 3, [G.amount]: 6 },
      { [G.price]: 5, [G.quantity]: 1, [G.amount]: 5 },
    ]);
    expect(summary).toEqual({ label: '合计', values: { [G.quantity]: '4', [G.amount]: '11' } });
    expect(tableSummary(table, [{ [G.quantity]: 1 }], 'en-US')!.label).toBe('Total');
  });
  it('S2-5-23 ignores non-numeric cells; a column without numbers shows blank', () => {
    const summary = tableSummary(table, [
      { [G.quantity]: 'x', [G.amount]: 'n/a' },
      { [G.quantity]: '', [G.amount]: '2' },
    ]);
    expect(summary!.values).toEqual({ [G.quantity]: '', [G.amount]: '2' });
  });
  it('S2-5-24 shows non-integers with 2 decimals', () => {
    const summary = tableSummary(table, [{ [G.amount]: 0.1 }, { [G.amount]: 0.2 }, { [G.amount]: 1.005 }]);
    expect(summary!.values[G.amount]).toBe('1.31');
  });
  it('S2-5-25 no summary without rows, without the switch or without fields', () => {
    expect(tableSummary(table, [])).toBeNull();
    expect(tableSummary({ ...table, 'show-summary': false }, [{ [G.amount]: 1 }])).toBeNull();
    expect(tableSummary({ ...table, summaryField: [] }, [{ [G.amount]: 1 }])).toBeNull();
  });
});

describe('registry coverage', () => {
  it('has one entry per kind, each in its group', () => {
    expect(Object.keys(FIELD_KINDS).sort()).toEqual([...JNPF_KEYS].sort());
    for (const key of JNPF_KEYS) expect(FIELD_KINDS[key].key).toBe(key);
    expect(FIELD_KINDS.createUser.group).toBe('system');
    expect(FIELD_KINDS.tab.group).toBe('layout');
    expect(FIELD_KINDS.billRule.group).toBe('advanced');
    expect(FIELD_KINDS.rate.group).toBe('basic');
  });
});
