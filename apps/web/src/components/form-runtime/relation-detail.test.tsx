import type { FormField, FormJson } from '@atrium/shared/forms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../locales/index.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../test/helpers.ts';
import { FormDetail, RelatedDetailProvider } from './detail.tsx';
import { detailForm, hideOrphanAttributes } from './detail-form.ts';
import { useRelationStore, type DynamicModelExtra } from './relation-state.ts';
import { FormRenderer } from './renderer.tsx';
import { createFormRuntime } from './use-form-runtime.ts';

const WAIT = { timeout: 10_000 };
const RUNTIME = '/prod/api/visualdev/OnlineDev';

const field = (jnpfKey: string, vModel: string, label: string, extra: Record<string, unknown> = {}): FormField => {
  const { config, ...props } = extra as { config?: Record<string, unknown> };
  return { __config__: { jnpfKey, label, span: 24, ...config }, __vModel__: vModel, ...props } as FormField;
};

/** The related form: a supplier with a name and a code; its own detail would be a drawer. */
const supplierForm: FormJson = {
  popupType: 'drawer',
  fields: [field('comInput', 'name', '供应商名称'), field('comInput', 'code', '供应商编码')],
};

const relationForm = (extra: Record<string, unknown> = {}) =>
  field('relationForm', 'supplier', '供应商', {
    modelId: 'm-sup',
    relationField: 'name',
    columnOptions: [{ value: 'name', label: '供应商名称' }],
    ...extra,
  });
const popupSelect = (extra: Record<string, unknown> = {}) =>
  field('popupSelect', 'city', '城市', {
    interfaceId: 'if-city',
    propsValue: 'id',
    relationField: 'fullName',
    columnOptions: [
      { value: 'fullName', label: '城市' },
      { value: 'province', label: '省份' },
    ],
    ...extra,
  });

/** An order: a title, the supplier with its code, the city with its province. */
const orderForm = (popupType: FormJson['popupType'] = 'general', fields: FormField[] = []): FormJson => ({
  popupType,
  fields: [
    field('comInput', 'title', '订单名称'),
    relationForm(),
    field('relationFormAttr', 'supCode', '供应商编码', {
      config: { isStorage: 1 },
      showField: 'code',
      relationField: 'supplier',
    }),
    popupSelect(),
    field('popupAttr', 'province', '所在省份', {
      config: { isStorage: 1 },
      showField: 'province',
      relationField: 'city',
    }),
    ...fields,
  ],
});

const ORDER = { title: '华东采购', supplier: '星河科技', supplier_id: 's1', city: '杭州市', city_id: '330100' };

interface Gate {
  promise: Promise<void>;
  open: () => void;
}
const gate = (): Gate => {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
};

/**
 * The runtime and the city interface: the order r1 (and r2 without a supplier id), the supplier
 * s1 and its released form; `fail` makes the named calls answer an error, `hold` keeps the
 * supplier's form until the gate opens.
 */
function serve(options: { fail?: ('config' | 'supplier' | 'cities')[]; hold?: Gate; order?: object } = {}) {
  const fail = new Set(options.fail ?? []);
  const extras: (DynamicModelExtra | null)[] = [];
  const error = () => jsonResponse({ code: 400, msg: '读取失败' });
  const mock = mockFetch(async (url, init) => {
    const path = url.pathname;
    if (path === `${RUNTIME}/m-ord/r1/DataChange`) {
      extras.push(useRelationStore.getState().dynamicModelExtra);
      return jsonResponse(envelope({ id: 'r1', data: JSON.stringify(options.order ?? ORDER), formData: '' }));
    }
    if (path === `${RUNTIME}/m-sup/Config`) {
      await options.hold?.promise;
      if (fail.has('config')) return error();
      return jsonResponse(
        envelope({
          id: 'm-sup',
          fullName: '供应商档案',
          enCode: 'supplier',
          webType: 2,
          formData: JSON.stringify(supplierForm),
          columnData: '{}',
          appData: '',
          menuId: null,
        }),
      );
    }
    if (path === `${RUNTIME}/m-sup/s1/DataChange`) {
      extras.push(useRelationStore.getState().dynamicModelExtra);
      if (fail.has('supplier')) return error();
      return jsonResponse(
        envelope({ id: 's1', data: JSON.stringify({ name: '星河科技', code: 'S-001' }), formData: '' }),
      );
    }
    // The picker reads back the record it holds through the list, by id.
    if (path === `${RUNTIME}/m-sup/List` && (JSON.parse(String(init.body)) as { ids?: string[] }).ids?.[0] === 's1')
      return jsonResponse(
        envelope({ list: [{ id: 's1', name: '星河科技', code: 'S-001' }], pagination: { total: 1 } }),
      );
    if (path.endsWith('/if-city/Action/InfoByIds')) {
      if (fail.has('cities')) return error();
      return jsonResponse(envelope([{ id: '330100', fullName: '杭州市', province: '浙江省' }]));
    }
    return jsonResponse(envelope(null, 404, 'not found'), 404);
  });
  return { ...mock, extras, asked: (part: string) => mock.calls.filter((c) => c.url.pathname.includes(part)).length };
}

const wrap = (node: ReactNode) => <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>;

const details = () => screen.queryAllByTestId('form-detail');

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
  useRelationStore.getState().reset();
  mockFeedback();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('form detail view of a record with related records', { timeout: 30_000 }, () => {
  it('S2-4-22 with an id it records model and id (type 2), loads and parses the record, fills the form, then opens; the previous extra comes back on close', async () => {
    const server = serve();
    const before = { modelId: 'm-list', id: 'x', type: 1 };
    useRelationStore.getState().setDynamicModelExtra(before);
    const onClose = vi.fn();
    const { unmount } = render(
      wrap(<FormDetail open form={detailForm(orderForm())} modelId="m-ord" recordId="r1" onClose={onClose} />),
    );
    const dialog = await screen.findByTestId('form-detail', undefined, WAIT);
    // the record was asked for with the model and record already recorded as a detail (type 2)
    await waitFor(() => expect(server.extras).toHaveLength(1), WAIT);
    expect(server.extras[0]).toEqual({ modelId: 'm-ord', id: 'r1', type: 2 });
    expect(useRelationStore.getState().dynamicModelExtra).toEqual({ modelId: 'm-ord', id: 'r1', type: 2 });
    // the data text was parsed and filled in: plain text, and the relation fields' texts as links
    expect(await within(dialog).findByText('华东采购', undefined, WAIT)).toBeTruthy();
    expect(within(dialog).getByText('星河科技').closest('a')).not.toBeNull();
    expect(within(dialog).getByText('杭州市').closest('a')).not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    unmount();
    expect(useRelationStore.getState().dynamicModelExtra).toEqual(before);
  });

  it('S2-4-23 S2-3-36 the attributes show their related records’ columns and hide with their hidden source field', async () => {
    serve();
    const { unmount } = render(
      wrap(<FormDetail open form={detailForm(orderForm())} modelId="m-ord" recordId="r1" onClose={() => {}} />),
    );
    const dialog = await screen.findByTestId('form-detail', undefined, WAIT);
    await waitFor(() => expect(within(dialog).getByTestId('attr-supCode').textContent).toBe('S-001'), WAIT);
    await waitFor(() => expect(within(dialog).getByTestId('attr-province').textContent).toBe('浙江省'), WAIT);
    // the related records are held in the relation data, by source and key
    expect(useRelationStore.getState().relationData['model:m-sup#s1']).toEqual({ name: '星河科技', code: 'S-001' });
    unmount();

    // The supplier field hidden (noShow): its code goes with it; the city's province stays.
    const hiddenSupplier = orderForm();
    hiddenSupplier.fields[1] = relationForm({ config: { noShow: true } });
    render(
      wrap(<FormDetail open form={detailForm(hiddenSupplier)} modelId="m-ord" recordId="r1" onClose={() => {}} />),
    );
    const second = await screen.findByTestId('form-detail', undefined, WAIT);
    await waitFor(() => expect(within(second).getByTestId('attr-province').textContent).toBe('浙江省'), WAIT);
    expect(within(second).queryByTestId('attr-supCode')).toBeNull();
    expect(within(second).queryByText('星河科技')).toBeNull();
  });

  it('S2-4-23 the rule: an attribute hides when its source is hidden by noShow, visibility, a container or a grant', () => {
    const attr = (vModel: string, source: string) =>
      field('popupAttr', vModel, vModel, { showField: 'x', relationField: source, config: { isStorage: 1 } });
    const form: FormJson = {
      fields: [
        field('popupSelect', 'shown', '显示', {}),
        field('popupSelect', 'app', '仅移动端', { config: { visibility: ['app'] } }),
        {
          __config__: {
            jnpfKey: 'card',
            label: '卡片',
            noShow: true,
            children: [field('popupSelect', 'carded', '卡片里')],
          },
        } as FormField,
        field('popupSelect', 'ungranted', '未授权'),
        attr('a1', 'shown'),
        attr('a2', 'app'),
        attr('a3', 'carded'),
        attr('a4', 'ungranted'),
        attr('a5', 'missing'),
      ],
    };
    const hiddenOf = (f: FormJson) =>
      f.fields.filter((x) => x.__config__.jnpfKey === 'popupAttr' && x.__config__.noShow).map((x) => x.__vModel__);
    expect(hiddenOf(hideOrphanAttributes(form))).toEqual(['a2', 'a3']);
    const granted = new Set(['shown', 'app', 'carded', 'a1', 'a2', 'a3', 'a4', 'a5']);
    expect(hiddenOf(hideOrphanAttributes(form, granted))).toEqual(['a2', 'a3', 'a4']);
    // nothing hidden: the same form back
    const plain: FormJson = { fields: [field('popupSelect', 'p', 'p'), attr('b1', 'p')] };
    expect(hideOrphanAttributes(plain)).toBe(plain);
    // the detail form keeps the relation kinds and turns the other values into text
    expect(detailForm(orderForm()).fields.map((f) => f.__config__.jnpfKey)).toEqual([
      'comInput',
      'relationForm',
      'relationFormAttr',
      'popupSelect',
      'popupAttr',
    ]);
  });

  it('S2-4-24 S2-2-30 a related-form link shows the main loading flag while the related form loads, then opens its detail in the same mode', async () => {
    for (const mode of ['general', 'drawer', 'fullScreen'] as const) {
      const hold = gate();
      const server = serve({ hold });
      const { unmount } = render(
        wrap(<FormDetail open form={detailForm(orderForm(mode))} modelId="m-ord" recordId="r1" onClose={() => {}} />),
      );
      const host = await screen.findByTestId('form-detail', undefined, WAIT);
      expect(
        host.getAttribute('data-popup-type') ?? host.closest('[data-popup-type]')?.getAttribute('data-popup-type'),
      ).toBe(mode);
      fireEvent.click(await within(host).findByText('星河科技', undefined, WAIT));
      await waitFor(() => expect(screen.getByTestId('detail-main-loading')).toBeTruthy(), WAIT);
      expect(server.asked('/m-sup/Config')).toBe(1);
      await act(async () => hold.open());
      await waitFor(() => expect(details()).toHaveLength(2), WAIT);
      expect(screen.queryByTestId('detail-main-loading')).toBeNull();
      const nested = details()[1]!;
      // the related form asks for a drawer; the nested detail takes the mode of the one it came from
      const nestedMode =
        nested.getAttribute('data-popup-type') ?? nested.closest('[data-popup-type]')?.getAttribute('data-popup-type');
      expect(nestedMode).toBe(mode);
      expect(await within(nested).findByText('S-001', undefined, WAIT)).toBeTruthy();
      // while the nested detail is open it is the recorded one; closing it gives the host's back
      expect(useRelationStore.getState().dynamicModelExtra).toEqual({ modelId: 'm-sup', id: 's1', type: 2 });
      const cancel = within(nested).getAllByRole('button', { name: /取\s*消/ });
      fireEvent.click(cancel[cancel.length - 1]!);
      await waitFor(() => expect(details()).toHaveLength(1), WAIT);
      expect(useRelationStore.getState().dynamicModelExtra).toEqual({ modelId: 'm-ord', id: 'r1', type: 2 });
      unmount();
      vi.unstubAllGlobals();
    }
  });

  it('S2-4-25 a nested detail opens only if the related field has an id', async () => {
    const server = serve({ order: { ...ORDER, supplier_id: null } });
    render(wrap(<FormDetail open form={detailForm(orderForm())} modelId="m-ord" recordId="r1" onClose={() => {}} />));
    const host = await screen.findByTestId('form-detail', undefined, WAIT);
    const text = await within(host).findByText('星河科技', undefined, WAIT);
    // the text shows, as text: nothing to open
    expect(text.closest('a')).toBeNull();
    fireEvent.click(text);
    await new Promise((r) => setTimeout(r, 50));
    expect(server.asked('/m-sup/')).toBe(0);
    expect(screen.queryByTestId('detail-main-loading')).toBeNull();
    expect(details()).toHaveLength(1);
    // the attribute has no record to read either
    expect(within(host).getByTestId('attr-supCode').textContent?.trim()).toBe('');
  });

  it('S2-8-15 a failed nested detail load clears the loading flag and opens nothing', async () => {
    const hold = gate();
    const server = serve({ fail: ['config'], hold });
    render(wrap(<FormDetail open form={detailForm(orderForm())} modelId="m-ord" recordId="r1" onClose={() => {}} />));
    const host = await screen.findByTestId('form-detail', undefined, WAIT);
    fireEvent.click(await within(host).findByText('星河科技', undefined, WAIT));
    await waitFor(() => expect(screen.getByTestId('detail-main-loading')).toBeTruthy(), WAIT);
    await act(async () => hold.open());
    await waitFor(() => expect(screen.queryByTestId('detail-main-loading')).toBeNull(), WAIT);
    expect(details()).toHaveLength(1);
    // the link still works afterwards (a second try asks again)
    fireEvent.click(within(host).getByText('星河科技'));
    await waitFor(() => expect(server.asked('/m-sup/Config')).toBe(2), WAIT);
    await waitFor(() => expect(screen.queryByTestId('detail-main-loading')).toBeNull(), WAIT);
    expect(details()).toHaveLength(1);
  });

  it('S2-4-21 a record that cannot be read closes the view instead of loading on', async () => {
    mockFetch(async () => jsonResponse({ code: 404, msg: '数据不存在' }));
    const onClose = vi.fn();
    render(wrap(<FormDetail open form={detailForm(orderForm())} modelId="m-ord" recordId="gone" onClose={onClose} />));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), WAIT);
  });

  it('S2-8-14 a failed relation-data load falls back to an empty value', async () => {
    serve({ fail: ['supplier', 'cities'] });
    render(wrap(<FormDetail open form={detailForm(orderForm())} modelId="m-ord" recordId="r1" onClose={() => {}} />));
    const host = await screen.findByTestId('form-detail', undefined, WAIT);
    await within(host).findByText('华东采购', undefined, WAIT);
    await waitFor(() => expect(useRelationStore.getState().relationData['model:m-sup#s1']).toEqual({}), WAIT);
    await waitFor(() => expect(useRelationStore.getState().relationData['interface:if-city#330100']).toEqual({}), WAIT);
    expect(within(host).getByTestId('attr-supCode').textContent?.trim()).toBe('');
    expect(within(host).getByTestId('attr-province').textContent?.trim()).toBe('');
    // the popup's own detail shows its columns, empty
    fireEvent.click(within(host).getByText('杭州市'));
    const popup = await screen.findByTestId('popup-detail-city', undefined, WAIT);
    await waitFor(() => expect(popup.querySelector('.ant-spin-spinning')).toBeNull(), WAIT);
    const cells = [...popup.querySelectorAll('.ant-descriptions-item-content')].map((c) => c.textContent);
    expect(cells).toEqual(['', '']);
  });
});

describe('relation widgets in a form', { timeout: 30_000 }, () => {
  function mountForm(form: FormJson, values: Record<string, unknown>, opensRelated = false) {
    const runtime = createFormRuntime(form, { lang: 'zh-CN' }, { values });
    const renderer = <FormRenderer form={form} model={runtime.model} store={runtime.store} />;
    return render(
      wrap(
        opensRelated ? <RelatedDetailProvider popupType={form.popupType}>{renderer}</RelatedDetailProvider> : renderer,
      ),
    );
  }

  it('S2-2-25 a disabled popup select with a value opens a read-only detail of the related row; without a value nothing opens', async () => {
    const server = serve();
    const form: FormJson = { fields: [popupSelect({ disabled: true }), field('comInput', 'note', '备注')] };
    mountForm(form, { city: '杭州市', city_id: '330100' });
    const box = await screen.findByTestId('relation-city', undefined, WAIT);
    expect(box.className).toMatch(/relationDisabled/);
    fireEvent.click(within(box).getByText('杭州市'));
    const popup = await screen.findByTestId('popup-detail-city', undefined, WAIT);
    const dialog = popup.closest('.ant-modal') ?? popup;
    expect(within(dialog as HTMLElement).getByText('详情')).toBeTruthy();
    await waitFor(
      () =>
        expect([...popup.querySelectorAll('.ant-descriptions-item-content')].map((c) => c.textContent)).toEqual([
          '杭州市',
          '浙江省',
        ]),
      WAIT,
    );
    expect([...popup.querySelectorAll('.ant-descriptions-item-label')].map((c) => c.textContent)).toEqual([
      '城市',
      '省份',
    ]);
    // read-only: no inputs, no select-data dialog
    expect(popup.querySelector('input')).toBeNull();
    expect(screen.queryByTestId('popup-city')).toBeNull();
    expect(server.asked('/Action/List')).toBe(0);
    fireEvent.click(within(dialog as HTMLElement).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByTestId('popup-detail-city')).toBeNull(), WAIT);
  });

  it('S2-2-25 disabled without a value shows an empty box that opens nothing', async () => {
    serve();
    mountForm({ fields: [popupSelect({ disabled: true })] }, { city: null, city_id: null });
    const box = await screen.findByTestId('relation-city', undefined, WAIT);
    expect(box.querySelector('a')).toBeNull();
    fireEvent.click(box);
    expect(screen.queryByTestId('popup-detail-city')).toBeNull();
  });

  it('S2-3-36 S2-1-01 renders the relation kinds in any form: the pickers editable, a disabled related form opening its record in the form’s mode', async () => {
    serve();
    // An order form: the relation form and the popup select are pickers, the attributes follow them.
    const order = mountForm(orderForm('drawer'), ORDER);
    expect(await screen.findByTestId('picker-supplier', undefined, WAIT)).toBeTruthy();
    expect(screen.getByTestId('picker-supplier').textContent).toContain('星河科技');
    expect(screen.getByTestId('picker-city').textContent).toContain('杭州市');
    await waitFor(() => expect(screen.getByTestId('attr-supCode').textContent).toBe('S-001'), WAIT);
    await waitFor(() => expect(screen.getByTestId('attr-province').textContent).toBe('浙江省'), WAIT);
    screen.getByTestId('picker-supplier').click();
    expect(await screen.findByTestId('popup-supplier', undefined, WAIT)).toBeTruthy();
    order.unmount();

    // Another form with the same relation kind, disabled: its text opens the related record's
    // detail, in this form's mode (drawer), the loading flag up meanwhile.
    const hold = gate();
    vi.unstubAllGlobals();
    serve({ hold });
    const contract: FormJson = {
      popupType: 'drawer',
      fields: [field('comInput', 'no', '合同编号'), relationForm({ disabled: true })],
    };
    const values = { no: 'HT-1', supplier: '星河科技', supplier_id: 's1' };
    const opening = mountForm(contract, values, true);
    const box = await screen.findByTestId('relation-supplier', undefined, WAIT);
    expect(box.className).toMatch(/relationDisabled/);
    fireEvent.click(within(box).getByText('星河科技'));
    await waitFor(() => expect(screen.getByTestId('detail-main-loading')).toBeTruthy(), WAIT);
    await act(async () => hold.open());
    const nested = await screen.findByTestId('form-detail', undefined, WAIT);
    expect(nested.getAttribute('data-popup-type')).toBe('drawer');
    expect(await within(nested).findByText('S-001', undefined, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('detail-main-loading')).toBeNull();
    opening.unmount();

    // A form whose host opens no related records shows the text alone.
    mountForm(contract, values);
    const plain = await screen.findByTestId('relation-supplier', undefined, WAIT);
    expect(plain.textContent).toBe('星河科技');
    expect(plain.querySelector('a')).toBeNull();
  });
});
