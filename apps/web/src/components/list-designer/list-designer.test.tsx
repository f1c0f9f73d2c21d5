import {
  EMPTY_COLUMN_DATA,
  type AppLayout,
  type ColumnData,
  type FormField,
  type FormJson,
} from '@atrium/shared/forms';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/query-client.ts';
import i18n, { loadAreaTexts } from '../../locales/index.ts';
import { envelope, jsonResponse, mockFetch } from '../../test/helpers.ts';
import { fieldChoices, searchTypesOf, setButton, setColumn } from './fields.ts';
import { AppLayoutDesigner, ListDesigner, listDesignerTexts } from './index.ts';

const field = (jnpfKey: string, vModel: string, label: string, extra: Record<string, unknown> = {}): FormField =>
  ({ __config__: { jnpfKey, label, layout: 'colFormItem', span: 12 }, __vModel__: vModel, ...extra }) as FormField;

const form: FormJson = {
  fields: [
    field('comInput', 'title', '合同名称'),
    field('numInput', 'amount', '合同金额'),
    field('select', 'status', '状态', { __slot__: { options: [{ id: 'a', fullName: '进行中' }] } }),
    field('date', 'signedAt', '签订日期'),
    {
      __config__: {
        jnpfKey: 'table',
        label: '明细',
        children: [field('comInput', 'item', '品名'), field('numInput', 'qty', '数量')],
      },
      __vModel__: 'lines',
    } as FormField,
    field('divider', '', '分割线'),
  ],
};

/** The designer with its value held as a host page would, and every change recorded. */
function Host({ initial, onChange }: { initial: ColumnData; onChange: (v: ColumnData) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <ListDesigner
      form={form}
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

/** The input of a control, wherever antd put the test id (on the input or around it). */
const inputOf = (el: HTMLElement) => (el.tagName === 'INPUT' ? el : el.querySelector('input')!);
const radioOf = (testId: string) => inputOf(screen.getByTestId(testId));
const last = (fn: ReturnType<typeof vi.fn>) => fn.mock.calls.at(-1)![0] as ColumnData;

describe('list designer', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-CN');
    await loadAreaTexts(listDesignerTexts);
  });
  beforeEach(() => {
    mockFetch((url) =>
      url.pathname.endsWith('/api/system/DataInterface/Selector')
        ? jsonResponse(
            envelope({
              list: [
                {
                  id: 'c1',
                  fullName: '资产',
                  enCode: 'asset',
                  type: 'category',
                  children: [
                    { id: 'if1', fullName: '资产类别接口', enCode: 'asset.kinds', type: 'interface', children: [] },
                  ],
                },
              ],
            }),
          )
        : url.pathname.endsWith('/api/system/DictionaryType')
          ? jsonResponse(
              envelope({
                list: [
                  {
                    id: 'assetCat',
                    parentId: '0',
                    fullName: '资产分类',
                    enCode: 'assetCategory',
                    isTree: 1,
                    sortCode: 0,
                    enabledMark: 1,
                    hasChildren: false,
                  },
                ],
              }),
            )
          : jsonResponse({ code: 404, msg: 'no' }),
    );
  });

  const show = (initial: ColumnData = EMPTY_COLUMN_DATA) => {
    const onChange = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Host initial={initial} onChange={onChange} />
      </QueryClientProvider>,
    );
    return onChange;
  };

  it('offers the stored fields, sub-table columns under their table, without layout elements', () => {
    expect(fieldChoices(form).map((c) => [c.key, c.category])).toEqual([
      ['title', 'text'],
      ['amount', 'number'],
      ['status', 'choice'],
      ['signedAt', 'date'],
      ['lines-item', 'text'],
      ['lines-qty', 'number'],
    ]);
    expect(searchTypesOf({ category: 'text' })).toEqual([2, 1]);
    expect(searchTypesOf({ category: 'date' })).toEqual([3, 1]);
    expect(searchTypesOf({ category: 'choice' })).toEqual([1]);
  });

  it('adds a column and a search field, orders and sets them up', async () => {
    const onChange = show();
    const fields = screen.getByTestId('list-designer-fields');
    expect(within(fields).getByText('明细', { exact: false })).toBeTruthy();
    expect(within(fields).getAllByText('合同名称').length).toBe(1);
    expect(within(fields).queryByText('分割线')).toBeNull();

    fireEvent.click(within(screen.getByTestId('list-field-title')).getByTestId('list-field-column'));
    fireEvent.click(within(screen.getByTestId('list-field-amount')).getByTestId('list-field-column'));
    expect(last(onChange).columnList).toEqual([
      {
        label: '合同名称',
        prop: 'title',
        jnpfKey: 'comInput',
        fixed: 'none',
        align: 'left',
        sortable: false,
        width: null,
      },
      {
        label: '合同金额',
        prop: 'amount',
        jnpfKey: 'numInput',
        fixed: 'none',
        align: 'right',
        sortable: false,
        width: null,
      },
    ]);
    // The preview shows the header as configured.
    const preview = screen.getByTestId('list-designer-preview');
    expect(within(preview).getAllByText('合同名称').length).toBeGreaterThan(0);

    // Search: text is fuzzy by default, a date a range, a sub-table column not at all.
    fireEvent.click(within(screen.getByTestId('list-field-title')).getByTestId('list-field-search'));
    fireEvent.click(within(screen.getByTestId('list-field-signedAt')).getByTestId('list-field-search'));
    expect(last(onChange).searchList).toEqual([
      { label: '合同名称', prop: 'title', jnpfKey: 'comInput', searchType: 2, searchMultiple: false },
      { label: '签订日期', prop: 'signedAt', jnpfKey: 'date', searchType: 3, searchMultiple: false },
    ]);
    expect(
      (
        within(screen.getByTestId('list-field-lines-item'))
          .getByTestId('list-field-search')
          .closest('label')!
          .querySelector('input') as HTMLInputElement
      ).disabled,
    ).toBe(true);
    expect(within(preview).getByTestId('preview-search').textContent).toContain('签订日期');

    // Clicking a header opens its column: width, frozen side, sorting; then it moves to the top.
    fireEvent.click(within(preview).getByTestId('preview-column-amount'));
    const item = screen.getByTestId('column-item-amount');
    fireEvent.change(inputOf(within(item).getByTestId('column-width')), { target: { value: '160' } });
    fireEvent.click(within(item).getByTestId('column-sortable'));
    fireEvent.click(within(within(item).getByTestId('column-fixed')).getByText('左侧'));
    await waitFor(() =>
      expect(last(onChange).columnList[1]).toMatchObject({ prop: 'amount', width: 160, sortable: true, fixed: 'left' }),
    );
    fireEvent.click(within(item).getByTestId('order-up'));
    expect(last(onChange).columnList.map((c) => c.prop)).toEqual(['amount', 'title']);

    // Unticking a column drops it.
    fireEvent.click(within(screen.getByTestId('list-field-title')).getByTestId('list-field-column'));
    expect(last(onChange).columnList.map((c) => c.prop)).toEqual(['amount']);
  });

  it('shows the tree settings for a tree list and the group field for a grouped one', async () => {
    const onChange = show({ ...EMPTY_COLUMN_DATA, columnList: [{ label: '状态', prop: 'status' }] });
    fireEvent.click(screen.getByTestId('tab-list'));
    expect(screen.queryByTestId('tree-settings')).toBeNull();
    fireEvent.click(radioOf('list-type-2'));
    expect(last(onChange).type).toBe(2);
    const tree = await screen.findByTestId('tree-settings');
    fireEvent.change(within(tree).getByTestId('tree-title'), { target: { value: '分类' } });
    expect(within(tree).getByTestId('tree-dictionary')).toBeTruthy();
    expect(within(tree).getByText('关联字段')).toBeTruthy();
    expect(screen.getByTestId('preview-tree').textContent).toContain('分类');
    expect(last(onChange)).toMatchObject({ type: 2, treeTitle: '分类' });

    fireEvent.click(radioOf('list-type-3'));
    expect(screen.queryByTestId('tree-settings')).toBeNull();
    expect(screen.getByTestId('group-settings')).toBeTruthy();
  });

  it('takes the tree from a data interface: the picker, the interface it stores and the row keys', async () => {
    const onChange = show({ ...EMPTY_COLUMN_DATA, type: 2 });
    fireEvent.click(screen.getByTestId('tab-list'));
    const tree = await screen.findByTestId('tree-settings');
    expect(within(tree).queryByTestId('tree-interface')).toBeNull();
    fireEvent.click(within(tree).getByText('数据接口'));
    expect(last(onChange).treeDataSource).toBe('api');
    expect(within(tree).queryByTestId('tree-dictionary')).toBeNull();
    // Required: the list is not saved without it.
    expect(within(tree).getByText('请选择提供树节点的数据接口')).toBeTruthy();

    fireEvent.mouseDown(within(within(tree).getByTestId('tree-interface')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('资产类别接口'));
    expect(last(onChange)).toMatchObject({
      type: 2,
      treeDataSource: 'api',
      treeInterfaceId: 'if1',
      treeInterfaceName: '资产类别接口',
    });
    expect(within(tree).queryByText('请选择提供树节点的数据接口')).toBeNull();

    // The keys fall back to id / fullName / children; a parent key makes flat rows a tree.
    expect(within(tree).getByTestId('tree-props-value').getAttribute('placeholder')).toBe('id');
    const parent = within(tree).getByTestId('tree-props-parent');
    fireEvent.change(parent, { target: { value: 'parent-id' } });
    expect(within(tree).getByText('只能包含字母、数字和下划线，不能以数字开头')).toBeTruthy();
    fireEvent.change(parent, { target: { value: 'parentId' } });
    expect(last(onChange)).toMatchObject({ treeInterfaceId: 'if1', treePropsParent: 'parentId' });
    expect(within(tree).queryByText('只能包含字母、数字和下划线，不能以数字开头')).toBeNull();

    // Back to a dictionary: its picker again, the interface out of sight.
    fireEvent.click(within(tree).getByText('数据字典'));
    expect(last(onChange).treeDataSource).toBe('dictionary');
    expect(within(tree).getByTestId('tree-dictionary')).toBeTruthy();
    expect(within(tree).queryByTestId('tree-interface')).toBeNull();
  });

  it('turns buttons and grants on and off, keeping their order', () => {
    expect(setButton([{ value: 'download', label: '导出' }], ['add', 'download'], 'add', true, '新增')).toEqual([
      { value: 'add', label: '新增' },
      { value: 'download', label: '导出' },
    ]);
    const onChange = show();
    fireEvent.click(screen.getByTestId('tab-buttons'));
    fireEvent.click(within(screen.getByTestId('button-batchRemove')).getByTestId('button-on'));
    expect(last(onChange).btnsList!.map((b) => b.value)).toEqual(['add', 'download', 'batchRemove']);
    fireEvent.change(within(screen.getByTestId('button-add')).getByTestId('button-label'), {
      target: { value: '登记' },
    });
    expect(last(onChange).btnsList![0]).toEqual({ value: 'add', label: '登记' });
    fireEvent.click(screen.getByTestId('tab-permission'));
    fireEvent.click(screen.getByTestId('permission-button'));
    expect(last(onChange).useBtnPermission).toBe(true);
  });

  it('drops a removed column from the sums and separators', () => {
    const choice = fieldChoices(form).find((c) => c.key === 'amount')!;
    const withAmount = setColumn(
      { ...EMPTY_COLUMN_DATA, summaryField: ['amount'], thousandsField: ['amount'] },
      choice,
      true,
    );
    expect(setColumn(withAmount, choice, false)).toMatchObject({
      columnList: [],
      summaryField: [],
      thousandsField: [],
    });
  });
});

describe('app layout designer', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await i18n.changeLanguage('zh-CN');
    await loadAreaTexts(listDesignerTexts);
  });

  const columns: ColumnData = {
    columnList: [
      { label: '合同名称', prop: 'title' },
      { label: '合同金额', prop: 'amount' },
      { label: '状态', prop: 'status' },
      { label: '签订日期', prop: 'signedAt' },
    ],
    searchList: [
      { label: '合同名称', prop: 'title', searchType: 2 },
      { label: '状态', prop: 'status', searchType: 1 },
    ],
  };

  function Host({ onChange }: { onChange: (v: AppLayout) => void }) {
    const [value, setValue] = useState<AppLayout>({});
    return (
      <AppLayoutDesigner
        form={form}
        columns={columns}
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
    );
  }

  it('sets the card title and lines, the phone search and the form order, with a live phone', async () => {
    const onChange = vi.fn();
    render(<Host onChange={onChange} />);
    const phone = screen.getByTestId('app-phone');
    // By default: the first column titles the card, the next three are its lines.
    expect(
      within(phone)
        .getAllByTestId('phone-card-line')
        .map((l) => l.textContent),
    ).toEqual(['合同金额1,280.00', '状态选项一', '签订日期2025-06-18']);

    // Title: the status; lines: the date, then the name.
    fireEvent.mouseDown(
      screen.getByTestId('app-title-field').querySelector('.ant-select-selector') ??
        screen.getByTestId('app-title-field'),
    );
    fireEvent.click(await screen.findByTitle('状态'));
    fireEvent.click(within(screen.getByTestId('app-line-signedAt')).getByRole('checkbox'));
    fireEvent.click(within(screen.getByTestId('app-line-title')).getByRole('checkbox'));
    expect(onChange.mock.calls.at(-1)![0]).toMatchObject({ titleField: 'status', lineFields: ['signedAt', 'title'] });
    expect(within(phone).getByTestId('phone-card-title').textContent).toContain('状态');
    expect(
      within(phone)
        .getAllByTestId('phone-card-line')
        .map((l) => l.textContent),
    ).toEqual(['签订日期2025-06-18', '合同名称示例内容']);

    // The phone's search: only the status.
    fireEvent.click(within(screen.getByTestId('app-search-fields')).getByLabelText('状态'));
    expect(onChange.mock.calls.at(-1)![0].searchFields).toEqual(['status']);
    expect(within(phone).getByTestId('phone-search').textContent).not.toContain('合同名称');

    // The form: the amount to the top; the sub-table moves as one field.
    const order = screen.getByTestId('app-form-fields');
    expect(within(order).getByTestId('app-form-lines')).toBeTruthy();
    fireEvent.click(within(screen.getByTestId('app-form-amount')).getByRole('button', { name: /移到最前/ }));
    expect(onChange.mock.calls.at(-1)![0].formFields).toEqual(['amount', 'title', 'status', 'signedAt', 'lines']);
    expect(within(phone).getAllByTestId('phone-form-field')[0]!.textContent).toContain('合同金额');
    fireEvent.click(screen.getByTestId('app-form-reset'));
    expect(onChange.mock.calls.at(-1)![0].formFields).toBeUndefined();
  });
});
