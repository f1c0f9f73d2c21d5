import type { FormField, FormJson } from '@atrium/shared/forms';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../locales/index.ts';
import { envelope, jsonResponse, mockFetch, type FetchCall } from '../../test/helpers.ts';
import { FormRenderer } from '../form-runtime/renderer.tsx';
import { createFormRuntime, type FormRuntime } from '../form-runtime/use-form-runtime.ts';

const WAIT = { timeout: 10_000 };

const ROWS = Array.from({ length: 25 }, (_, i) => ({
  id: `r${i + 1}`,
  fullName: `供应商${i + 1}`,
  enCode: `S${String(i + 1).padStart(3, '0')}`,
}));

/** A data interface answering pages by keyword and rows by keys. */
function dataInterface() {
  return mockFetch(async (url, init) => {
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    if (url.pathname.endsWith('/Action/List')) {
      const keyword = String(body.keyword ?? '');
      const hits = ROWS.filter((r) => r.fullName.includes(keyword) || r.enCode.includes(keyword));
      const page = Number(body.currentPage);
      const size = Number(body.pageSize);
      return jsonResponse(
        envelope({ list: hits.slice((page - 1) * size, page * size), pagination: { total: hits.length } }),
      );
    }
    if (url.pathname.endsWith('/Action/InfoByIds')) {
      const ids = body.ids as string[];
      return jsonResponse(envelope(ROWS.filter((r) => ids.includes(r.id))));
    }
    return jsonResponse(envelope(null, 404, 'not found'), 404);
  });
}

const popup = (props: Record<string, unknown> = {}): FormField => ({
  __config__: { jnpfKey: 'popupSelect', label: '供应商', formId: 1, span: 24 },
  __vModel__: 'popupSelectField1',
  interfaceId: 'if-1',
  propsValue: 'id',
  relationField: 'fullName',
  columnOptions: [
    { value: 'fullName', label: '名称' },
    { value: 'enCode', label: '编码' },
  ],
  hasPage: true,
  pageSize: 20,
  popupType: 'dialog',
  popupWidth: '800px',
  templateJson: [{ field: 'category', defaultValue: 'raw' }],
  clearable: true,
  ...props,
});

const attr = (n: number, isStorage: 1 | 2): FormField => ({
  __config__: { jnpfKey: 'popupAttr', label: `属性${n}`, formId: n, span: 24, isStorage },
  __vModel__: `popupAttrField${n}`,
  showField: 'enCode',
  relationField: 'popupSelectField1',
});

function mount(form: FormJson, values?: Record<string, unknown>): FormRuntime {
  const runtime = createFormRuntime(form, { lang: 'zh-CN' }, { values });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FormRenderer form={form} model={runtime.model} store={runtime.store} />
    </QueryClientProvider>,
  );
  return runtime;
}

const listCalls = (calls: FetchCall[]) =>
  calls
    .filter((c) => c.url.pathname.endsWith('/Action/List'))
    .map((c) => JSON.parse(String(c.init.body)) as Record<string, unknown>);
const rowOf = (text: string) =>
  within(document.querySelector('.ant-table-tbody') as HTMLElement)
    .getByText(text)
    .closest('tr') as HTMLElement;

beforeEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('popup select', { timeout: 30_000 }, () => {
  it('S2-2-21 S2-2-22 S2-2-23 S2-3-17 S2-3-18 S2-9-08 S2-4-12 S2-3-22 S2-3-23 picks a row in the select-data dialog; the attribute fields follow', async () => {
    const { calls } = dataInterface();
    const runtime = mount({ fields: [popup(), attr(2, 1), attr(3, 2)] });
    const field = await screen.findByTestId('picker-popupSelectField1', undefined, WAIT);
    expect(field.textContent).toBe('请选择');
    fireEvent.click(field);

    const dialog = await screen.findByTestId('popup-popupSelectField1', undefined, WAIT);
    expect(within(dialog).getByText('选择数据')).toBeTruthy();
    const keyword = within(dialog).getByTestId('popup-popupSelectField1-keyword') as HTMLInputElement;
    expect(keyword.placeholder).toBe('请输入关键词搜索');
    expect(within(dialog).getByLabelText('请输入关键词查询')).toBe(keyword);
    expect(within(dialog).getByRole('button', { name: /查\s*询/ })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /重\s*置/ })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /刷\s*新/ })).toBeTruthy();
    await within(dialog).findByText('供应商1', undefined, WAIT);
    // The request carries the widget configuration; column options go comma-joined.
    expect(listCalls(calls)[0]).toEqual({
      keyword: '',
      currentPage: 1,
      pageSize: 20,
      propsValue: 'id',
      relationField: 'fullName',
      columnOptions: 'fullName,enCode',
      paramList: [{ field: 'category', defaultValue: 'raw' }],
    });
    // A radio table with an index column, paged by 20.
    expect(within(dialog).getAllByText('序号').length).toBeGreaterThan(0);
    expect(within(rowOf('供应商2')).getByRole('radio')).toBeTruthy();
    expect(within(rowOf('供应商2')).getByText('2')).toBeTruthy();
    expect(within(dialog).queryByText('供应商21')).toBeNull();
    expect(within(dialog).getByText('共 25 条')).toBeTruthy();

    // Confirm takes effect only with a selected row.
    const confirm = within(dialog).getByTestId('popup-popupSelectField1-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);

    // Enter searches from the first page.
    fireEvent.change(keyword, { target: { value: 'S012' } });
    fireEvent.keyDown(keyword, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(listCalls(calls).at(-1)).toMatchObject({ keyword: 'S012', currentPage: 1 }), WAIT);
    await waitFor(() => expect(within(dialog).queryByText('供应商1')).toBeNull(), WAIT);
    fireEvent.click(rowOf('供应商12'));
    fireEvent.click(confirm);

    // S2-3-28: the id at <field>_id, the shown text at <field>.
    await waitFor(() => expect(runtime.store.value('popupSelectField1_id')).toBe('r12'), WAIT);
    expect(runtime.store.value('popupSelectField1')).toBe('供应商12');
    expect(screen.getByTestId('picker-popupSelectField1').textContent).toContain('供应商12');
    // Attributes show the picked row's other column; only isStorage 2 keeps it as its own value.
    await waitFor(() => expect(screen.getByTestId('attr-popupAttrField3').textContent).toBe('S012'), WAIT);
    expect(screen.getByTestId('attr-popupAttrField2').textContent).toBe('S012');
    await waitFor(() => expect(runtime.store.value('popupAttrField3')).toBe('S012'), WAIT);
    expect(runtime.store.value('popupAttrField2') ?? null).toBeNull();
  });

  it('S2-4-11 S2-4-13 S2-3-19 S2-9-08 a stored key is looked up by ids, preselected on opening and cleared by the clear icon', async () => {
    const { calls } = dataInterface();
    const runtime = mount({ fields: [popup({ hasPage: false })] }, { popupSelectField1: 'r7' });
    const field = await screen.findByTestId('picker-popupSelectField1', undefined, WAIT);
    await waitFor(() => expect(field.textContent).toContain('供应商7'), WAIT);
    const byIds = calls.find((c) => c.url.pathname.endsWith('/Action/InfoByIds'))!;
    expect(byIds.url.pathname).toBe('/prod/api/system/DataInterface/if-1/Action/InfoByIds');
    expect(JSON.parse(String(byIds.init.body))).toEqual({
      ids: ['r7'],
      propsValue: 'id',
      relationField: 'fullName',
      paramList: [{ field: 'category', defaultValue: 'raw' }],
    });

    fireEvent.click(field);
    const dialog = await screen.findByTestId('popup-popupSelectField1', undefined, WAIT);
    await within(dialog).findByText('供应商25', undefined, WAIT);
    // Without paging one request asks for 10000 rows.
    expect(listCalls(calls)[0]).toMatchObject({ currentPage: 1, pageSize: 10000 });
    expect((within(rowOf('供应商7')).getByRole('radio') as HTMLInputElement).checked).toBe(true);
    expect((within(rowOf('供应商8')).getByRole('radio') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(within(dialog).getByTestId('popup-popupSelectField1-cancel'));

    await act(async () => {
      fireEvent.click(screen.getByLabelText('清空列表'));
    });
    expect(runtime.store.value('popupSelectField1')).toBeNull();
    expect(runtime.store.value('popupSelectField1_id')).toBeNull();
    expect(screen.getByTestId('picker-popupSelectField1').textContent).toBe('请选择');
  });

  it('S2-3-28 a record keeping <field>_id is looked up by its ids, sends ids and texts, and a multiple pick keeps ids and texts as lists', async () => {
    const { calls } = dataInterface();
    const runtime = mount(
      { fields: [popup({ multiple: true }), attr(3, 2)] },
      { popupSelectField1: ['旧名称5', '旧名称6'], popupSelectField1_id: ['r5', 'r6'] },
    );
    const field = await screen.findByTestId('picker-popupSelectField1', undefined, WAIT);
    // The keys are looked up by id (the texts are only what was shown when saved).
    await waitFor(() => expect(field.textContent).toContain('供应商5'), WAIT);
    const byIds = calls.find((c) => c.url.pathname.endsWith('/Action/InfoByIds'))!;
    expect(JSON.parse(String(byIds.init.body)).ids).toEqual(['r5', 'r6']);

    fireEvent.click(field);
    const dialog = await screen.findByTestId('popup-popupSelectField1', undefined, WAIT);
    await within(dialog).findByText('供应商7', undefined, WAIT);
    fireEvent.click(rowOf('供应商7'));
    fireEvent.click(within(dialog).getByTestId('popup-popupSelectField1-confirm'));
    await waitFor(() => expect(runtime.store.value('popupSelectField1_id')).toEqual(['r5', 'r6', 'r7']), WAIT);
    expect(runtime.store.value('popupSelectField1')).toEqual(['供应商5', '供应商6', '供应商7']);
    expect(runtime.store.data()).toMatchObject({
      popupSelectField1: ['供应商5', '供应商6', '供应商7'],
      popupSelectField1_id: ['r5', 'r6', 'r7'],
    });
    // The attribute follows the first picked id, not the text.
    await waitFor(() => expect(runtime.store.value('popupAttrField3')).toBe('S005'), WAIT);

    // Removing one tag removes its id and its text.
    const tag = within(screen.getByTestId('picker-popupSelectField1'))
      .getByText('供应商6')
      .closest('.ant-tag') as HTMLElement;
    await act(async () => {
      fireEvent.click(tag.querySelector('.ant-tag-close-icon')!);
    });
    expect(runtime.store.value('popupSelectField1_id')).toEqual(['r5', 'r7']);
    expect(runtime.store.value('popupSelectField1')).toEqual(['供应商5', '供应商7']);
  });

  it('S2-2-24 the popover table: a keyword filter and a table 300 high; a click picks the row', async () => {
    const { calls } = dataInterface();
    const runtime = mount({
      fields: [{ ...popup(), __config__: { jnpfKey: 'popupTableSelect', label: '表格', formId: 1, span: 24 } }],
    });
    fireEvent.click(await screen.findByTestId('picker-popupSelectField1', undefined, WAIT));
    const popover = await screen.findByTestId('popover-popupSelectField1', undefined, WAIT);
    expect(within(popover).getByPlaceholderText('请输入关键词搜索')).toBeTruthy();
    await within(popover).findByText('供应商3', undefined, WAIT);
    expect((popover.querySelector('.ant-table-body') as HTMLElement).style.maxHeight).toBe('300px');
    expect(listCalls(calls)[0]).toMatchObject({ currentPage: 1, pageSize: 20 });
    fireEvent.click(within(popover).getByText('供应商3'));
    await waitFor(() => expect(runtime.store.value('popupSelectField1_id')).toBe('r3'), WAIT);
    expect(runtime.store.value('popupSelectField1')).toBe('供应商3');
  });

  it('S2-9-12 the pop-up pagers show at most 5 page buttons', async () => {
    // 200 rows: 10 pages of 20.
    mockFetch(async (url, init) => {
      const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
      if (url.pathname.endsWith('/Action/List')) {
        const page = Number(body.currentPage);
        const size = Number(body.pageSize);
        const all = Array.from({ length: 200 }, (_, i) => ({
          id: `r${i + 1}`,
          fullName: `行${i + 1}`,
          enCode: `C${i + 1}`,
        }));
        return jsonResponse(envelope({ list: all.slice((page - 1) * size, page * size), pagination: { total: 200 } }));
      }
      return jsonResponse(envelope([]));
    });
    mount({
      fields: [
        popup(),
        {
          ...popup(),
          __vModel__: 'popupTable2',
          __config__: { jnpfKey: 'popupTableSelect', label: '表格', formId: 2, span: 24 },
        },
      ],
    });
    const pagesShown = (root: HTMLElement) => root.querySelectorAll('.ant-pagination-item').length;
    const toPage5 = async (root: HTMLElement) => {
      for (const page of [2, 3, 4, 5]) {
        fireEvent.click(root.querySelector('.ant-pagination-next')!);
        await within(root).findByText(`行${(page - 1) * 20 + 1}`, undefined, WAIT);
      }
    };
    // The select-data dialog, on a middle page.
    fireEvent.click(await screen.findByTestId('picker-popupSelectField1', undefined, WAIT));
    const dialog = await screen.findByTestId('popup-popupSelectField1', undefined, WAIT);
    await within(dialog).findByText('行1', undefined, WAIT);
    await toPage5(dialog);
    expect(pagesShown(dialog)).toBe(5);
    fireEvent.click(within(dialog).getByTestId('popup-popupSelectField1-cancel'));
    // The popover table.
    fireEvent.click(await screen.findByTestId('picker-popupTable2', undefined, WAIT));
    const popover = await screen.findByTestId('popover-popupTable2', undefined, WAIT);
    await within(popover).findByText('行1', undefined, WAIT);
    await toPage5(popover);
    expect(pagesShown(popover)).toBe(5);
  });

  it('autocomplete asks the interface for suggestions only once the user works in the field', async () => {
    const { calls } = dataInterface();
    mount({
      fields: [{ ...popup({ total: 5 }), __config__: { jnpfKey: 'autoComplete', label: '补全', formId: 1, span: 24 } }],
    });
    const box = await screen.findByTestId('picker-popupSelectField1', undefined, WAIT);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(listCalls(calls)).toHaveLength(0);
    const input = box.querySelector('input') ?? (box as HTMLInputElement);
    fireEvent.focus(input);
    await waitFor(() => expect(listCalls(calls)[0]).toMatchObject({ keyword: '', currentPage: 1, pageSize: 5 }), WAIT);
  });
});
