import type { AppLayout, ColumnData, FormField, FormJson } from '@atrium/shared/forms';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../locales/index.ts';
import { useDictionariesStore } from '../../../stores/dictionaries.ts';
import { useSessionStore } from '../../../stores/session.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch, screenOf } from '../../../test/helpers.ts';
import { groupRows, nestRows, phoneForm, totalOf, withThousands } from './list-shape.ts';
import { designField } from '@atrium/shared/forms/fixtures';
import { showOnlinePage } from './test-page.tsx';

const WAIT = { timeout: 10_000 };
const RUNTIME = '/prod/api/visualdev/OnlineDev';

/** An asset register: a name, a category from a tree dictionary, a price and a keeper's note. */
const form: FormJson = {
  popupType: 'general',
  labelWidth: 100,
  fields: [
    designField('comInput', 'name', '资产名称', { config: { required: true } }),
    designField('treeSelect', 'category', '资产分类', { config: { dataType: 'dictionary', dictionaryType: 'cat' } }),
    designField('numInput', 'price', '购置金额', { precision: 2 }),
    designField('comInput', 'note', '备注'),
  ],
};

const base: ColumnData = {
  columnList: [
    { label: '资产名称', prop: 'name' },
    { label: '资产分类', prop: 'category' },
    { label: '购置金额', prop: 'price', align: 'right' },
    { label: '备注', prop: 'note' },
  ],
  searchList: [
    { label: '资产名称', prop: 'name', searchType: 2 },
    { label: '购置金额', prop: 'price', searchType: 3 },
  ],
  hasPage: true,
  pageSize: 20,
  btnsList: [{ value: 'add', label: '新增' }],
  columnBtnsList: [
    { value: 'edit', label: '编辑' },
    { value: 'detail', label: '详情' },
  ],
};

const DICTIONARY = {
  revision: 1,
  list: [
    {
      id: 'cat',
      enCode: 'cat',
      fullName: '资产分类',
      isTree: 1,
      dictionaryList: [
        {
          id: 'it',
          enCode: 'it',
          fullName: '信息设备',
          children: [
            { id: 'laptop', enCode: 'laptop', fullName: '笔记本电脑' },
            { id: 'monitor', enCode: 'monitor', fullName: '显示器' },
          ],
        },
        { id: 'desk', enCode: 'desk', fullName: '办公桌' },
      ],
    },
  ],
};

interface Stored {
  id: string;
  name: string;
  category: string;
  price: number;
  note: string;
  version: number;
}

const LABELS: Record<string, string> = { laptop: '笔记本电脑', monitor: '显示器', desk: '办公桌' };

/**
 * A fake runtime over three assets: the list filters by the exact category (one id or any of
 * several). `answerInterface` answers the data interface calls, with the call's body.
 */
function serve(
  columns: ColumnData,
  appData: AppLayout | '' = '',
  answerInterface?: (id: string, body: Record<string, unknown>) => Response,
) {
  const records: Stored[] = [
    { id: 'a1', name: 'ThinkPad X1', category: 'laptop', price: 12999, note: '研发部', version: 0 },
    { id: 'a2', name: '戴尔显示器', category: 'monitor', price: 2399.5, note: '', version: 3 },
    { id: 'a3', name: '升降办公桌', category: 'desk', price: 1899, note: '行政部', version: 0 },
  ];
  const config = {
    id: 'm1',
    fullName: '资产台账',
    enCode: 'asset',
    webType: 2,
    formData: JSON.stringify(form),
    columnData: JSON.stringify(columns),
    appData: appData ? JSON.stringify(appData) : '',
    menuId: 'menu1',
  };
  const mock = mockFetch(async (url, init) => {
    const path = url.pathname;
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (path === '/prod/api/system/DictionaryData/All') return jsonResponse(envelope(DICTIONARY));
    const called = /^\/prod\/api\/system\/DataInterface\/([^/]+)\/Action\/List$/.exec(path);
    if (called && answerInterface) return answerInterface(decodeURIComponent(called[1]!), body);
    if (path === `${RUNTIME}/m1/Config`) return jsonResponse(envelope(config));
    if (path === `${RUNTIME}/m1/List`) {
      const query = JSON.parse(String(body.queryJson || '{}')) as { category?: string | string[] };
      const wanted = query.category === undefined ? undefined : [query.category].flat();
      const list = records
        .filter((r) => !wanted || wanted.includes(r.category))
        .map((r) => ({
          id: r.id,
          name: r.name,
          category: LABELS[r.category],
          price: r.price.toFixed(2),
          note: r.note,
        }));
      return jsonResponse(envelope({ list, pagination: { currentPage: 1, pageSize: 20, total: list.length } }));
    }
    const match = new RegExp(`^${RUNTIME}/m1/(a\\d+)$`).exec(path);
    const stored = match && records.find((r) => r.id === match[1]);
    if (!stored) return jsonResponse({ code: 404, msg: '数据不存在' });
    const { id, version, ...values } = stored;
    if (method === 'GET') return jsonResponse(envelope({ id, data: JSON.stringify(values), version }));
    if (method === 'PUT') {
      if (body.version !== stored.version) return jsonResponse({ code: 409, msg: '数据已被他人修改' }, 409);
      Object.assign(stored, JSON.parse(String(body.data)), { version: stored.version + 1 });
      return jsonResponse({ code: 200, msg: '修改成功' });
    }
    return jsonResponse({ code: 405, msg: 'no' });
  });
  return { ...mock, records };
}

const show = () => showOnlinePage('asset', '资产台账');

/** A screen of the given kind: desktop matches every min-width query, a phone none of them. */

const table = () => screen.getByTestId('online-table');
const lastQuery = (calls: { url: URL; init: RequestInit }[]) => {
  const last = calls.filter((c) => c.url.pathname.endsWith('/List')).at(-1)!;
  const text = JSON.parse(String(last.init.body)).queryJson as string;
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
};
const rowTexts = () =>
  [...table().querySelectorAll('tbody tr.ant-table-row')].map((tr) => tr.querySelector('td')?.textContent ?? '');

describe('online form list types and phone layout', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    useDictionariesStore.getState().reset();
    useSessionStore.setState({ permissionList: [] as never });
    mockFeedback();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('filters the list by the chosen tree node, a parent standing for its branch', async () => {
    screenOf('desktop');
    const { calls } = serve({
      ...base,
      type: 2,
      treeTitle: '资产分类',
      treeDataSource: 'dictionary',
      treeDictionary: 'cat',
      treeRelation: 'category',
    });
    show();
    expect(
      await within(await screen.findByTestId('online-table', {}, WAIT)).findByText('升降办公桌', {}, WAIT),
    ).toBeTruthy();
    const tree = await screen.findByTestId('online-tree', {}, WAIT);
    expect(screen.getByTestId('admin-tree-panel').textContent).toContain('资产分类');

    // A leaf: an exact match on the tree's field.
    fireEvent.click(await within(tree).findByText('显示器', {}, WAIT));
    await waitFor(() => expect(rowTexts()).toEqual(['戴尔显示器']), WAIT);
    expect(lastQuery(calls)).toEqual({ category: 'monitor' });

    // A parent: any record filed under it.
    fireEvent.click(within(tree).getByText('信息设备'));
    await waitFor(() => expect(rowTexts()).toEqual(['ThinkPad X1', '戴尔显示器']), WAIT);
    expect(lastQuery(calls)).toEqual({ category: ['it', 'laptop', 'monitor'] });

    // The search form adds to the tree's filter; choosing the node again clears it.
    fireEvent.change(document.getElementById('fr_q_name')!, { target: { value: 'Think' } });
    fireEvent.click(screen.getByTestId('online-search-submit'));
    await waitFor(
      () => expect(lastQuery(calls)).toEqual({ name: 'Think', category: ['it', 'laptop', 'monitor'] }),
      WAIT,
    );
    fireEvent.click(within(tree).getByText('信息设备'));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ name: 'Think' }), WAIT);
  });

  describe('a tree from a data interface', () => {
    const columns: ColumnData = {
      ...base,
      type: 2,
      treeTitle: '资产分类',
      treeDataSource: 'api',
      treeInterfaceId: 'asset.categories',
      treeRelation: 'category',
    };
    const rowsAnswer = (list: unknown[]) =>
      jsonResponse(envelope({ list, pagination: { currentPage: 1, pageSize: 10_000, total: list.length } }));
    const titles = (tree: HTMLElement) => [...tree.querySelectorAll('.ant-tree-title')].map((n) => n.textContent);
    /** The depth of each node, by the indents before its title. */
    const indents = (tree: HTMLElement) =>
      [...tree.querySelectorAll('.ant-tree-title')].map(
        (n) => n.closest('.ant-tree-treenode')!.querySelectorAll('.ant-tree-indent-unit').length,
      );

    /** Shows the list and chooses the parent node: the list asks for the whole branch. */
    async function chooseParent(calls: { url: URL; init: RequestInit }[]) {
      const tree = await screen.findByTestId('online-tree', {}, WAIT);
      fireEvent.click(await within(tree).findByText('信息设备', {}, WAIT));
      await waitFor(() => expect(rowTexts()).toEqual(['ThinkPad X1', '戴尔显示器']), WAIT);
      expect(lastQuery(calls)).toEqual({ category: ['it', 'laptop', 'monitor'] });
      fireEvent.click(within(tree).getByText('显示器'));
      await waitFor(() => expect(lastQuery(calls)).toEqual({ category: 'monitor' }), WAIT);
      return tree;
    }

    it('builds the tree from flat rows by the parent key and filters by the branch', async () => {
      screenOf('desktop');
      const asked: [string, Record<string, unknown>][] = [];
      const { calls } = serve(
        { ...columns, treePropsValue: 'code', treePropsLabel: 'title', treePropsParent: 'up' },
        '',
        (id, body) => {
          asked.push([id, body]);
          // Children come before their parent, and the top rows name a parent that is not there.
          return rowsAnswer([
            { code: 'laptop', title: '笔记本电脑', up: 'it' },
            { code: 'it', title: '信息设备', up: '0' },
            { code: 'monitor', title: '显示器', up: 'it' },
            { code: 'desk', title: '办公桌', up: null },
          ]);
        },
      );
      show();
      const tree = await chooseParent(calls);
      expect(titles(tree)).toEqual(['信息设备', '笔记本电脑', '显示器', '办公桌']);
      expect(indents(tree)).toEqual([0, 1, 1, 0]);
      expect(asked[0]).toEqual([
        'asset.categories',
        expect.objectContaining({ currentPage: 1, pageSize: 10_000, propsValue: 'code', relationField: 'title' }),
      ]);
    });

    it('takes nested rows through the children key, with the default id and label keys', async () => {
      screenOf('desktop');
      const { calls } = serve({ ...columns, treePropsChildren: 'items' }, '', () =>
        rowsAnswer([
          {
            id: 'it',
            fullName: '信息设备',
            items: [
              { id: 'laptop', fullName: '笔记本电脑' },
              { id: 'monitor', fullName: '显示器', items: [] },
            ],
          },
          { id: 'desk', fullName: '办公桌' },
        ]),
      );
      show();
      const tree = await chooseParent(calls);
      expect(titles(tree)).toEqual(['信息设备', '笔记本电脑', '显示器', '办公桌']);
      expect(indents(tree)).toEqual([0, 1, 1, 0]);
    });

    it('says why when the interface fails, and shows an empty tree when it answers no rows', async () => {
      screenOf('desktop');
      serve(columns, '', () => jsonResponse({ code: 400, msg: '接口已停用' }));
      const { unmount } = show();
      const failed = await screen.findByTestId('online-tree-error', {}, WAIT);
      expect(failed.textContent).toContain('左侧树加载失败');
      expect(failed.textContent).toContain('接口已停用');
      // The records are still listed, unfiltered.
      expect(
        await within(await screen.findByTestId('online-table', {}, WAIT)).findByText('升降办公桌', {}, WAIT),
      ).toBeTruthy();
      unmount();

      serve(columns, '', () => rowsAnswer([]));
      show();
      const tree = await screen.findByTestId('online-tree', {}, WAIT);
      expect(await within(tree).findByText('暂无数据', {}, WAIT)).toBeTruthy();
      expect(screen.queryByTestId('online-tree-error')).toBeNull();
    });
  });

  it('groups rows by the group field, with totals and thousands separators', async () => {
    screenOf('desktop');
    serve({
      ...base,
      type: 3,
      groupField: 'note',
      showSummary: true,
      summaryField: ['price'],
      thousandsField: ['price'],
    });
    show();
    await within(await screen.findByTestId('online-table', {}, WAIT)).findByText('ThinkPad X1', {}, WAIT);
    const groups = within(table()).getAllByTestId('online-group');
    // Groups in the order of their first row; records without a value last.
    expect(groups.map((g) => g.textContent)).toEqual(['研发部1', '行政部1', '（空）1']);
    expect(within(table()).getByText('12,999.00')).toBeTruthy();
    const summary = screen.getByTestId('online-summary');
    expect(summary.textContent).toContain('合计');
    expect(within(summary).getByTestId('online-summary-price').textContent).toBe('17,297.50');

    // A group closes and opens again.
    fireEvent.click(groups[0]!.closest('tr')!.querySelector('.ant-table-row-expand-icon')!);
    await waitFor(() => expect(within(table()).queryByText('ThinkPad X1')).toBeNull(), WAIT);
    fireEvent.click(
      within(table()).getAllByTestId('online-group')[0]!.closest('tr')!.querySelector('.ant-table-row-expand-icon')!,
    );
    expect(await within(table()).findByText('ThinkPad X1', {}, WAIT)).toBeTruthy();
  });

  it('edits a row in place and saves it with its version', async () => {
    screenOf('desktop');
    const feedback = mockFeedback();
    const { calls, records } = serve({ ...base, type: 4 });
    show();
    await within(await screen.findByTestId('online-table', {}, WAIT)).findByText('戴尔显示器', {}, WAIT);
    const row = () =>
      within(table())
        .getAllByRole('row')
        .find((r) => r.textContent?.includes('戴尔') || r.querySelector('input'))!;
    fireEvent.click(within(row()).getByTestId('online-edit'));
    await waitFor(
      () => expect((document.getElementById('fr_name') as HTMLInputElement | null)?.value).toBe('戴尔显示器'),
      WAIT,
    );
    expect(within(table()).getAllByTestId('online-inline-cell').length).toBeGreaterThanOrEqual(3);
    fireEvent.change(document.getElementById('fr_name')!, { target: { value: '戴尔 27 寸显示器' } });
    fireEvent.click(screen.getByTestId('online-inline-save'));
    await waitFor(() => expect(feedback.message.success).toHaveBeenCalledWith('修改成功'), WAIT);
    const put = calls.find((c) => c.init.method === 'PUT')!;
    expect(JSON.parse(String(put.init.body)).version).toBe(3);
    expect(records.find((r) => r.id === 'a2')!.name).toBe('戴尔 27 寸显示器');
    expect(await within(table()).findByText('戴尔 27 寸显示器', {}, WAIT)).toBeTruthy();
    expect(screen.queryByTestId('online-inline-cell')).toBeNull();
  });

  it('lays the phone cards, search and form out by the phone layout', async () => {
    screenOf('phone');
    serve(
      { ...base, showSummary: true, summaryField: ['price'], thousandsField: ['price'] },
      { titleField: 'category', lineFields: ['price', 'name'], searchFields: ['price'], formFields: ['price', 'name'] },
    );
    show();
    const cards = await screen.findAllByTestId('online-card', {}, WAIT);
    expect(cards).toHaveLength(3);
    expect(within(cards[0]!).getByTestId('online-card-title').textContent).toBe('笔记本电脑');
    expect(
      within(cards[0]!)
        .getAllByTestId('online-card-line')
        .map((l) => l.textContent),
    ).toEqual(['购置金额12,999.00', '资产名称ThinkPad X1']);
    expect(screen.getByTestId('online-card-totals').textContent).toContain('17,297.50');
    // Only the layout's search fields.
    const search = screen.getByTestId('online-search');
    expect(search.textContent).toContain('购置金额');
    expect(search.textContent).not.toContain('资产名称');

    // The add form in the layout's order: the named fields first, the others after them.
    fireEvent.click(screen.getByTestId('online-add'));
    const body = await screen.findByTestId('online-form-body', {}, WAIT);
    await waitFor(() => expect(body.querySelectorAll('[data-field]').length).toBe(4), WAIT);
    expect([...body.querySelectorAll('[data-field]')].map((f) => f.getAttribute('data-field'))).toEqual([
      'price',
      'name',
      'category',
      'note',
    ]);
  });
});

describe('list shapes', () => {
  const rows = [
    { id: 'r1', name: '总部', parent: '' },
    { id: 'r2', name: '研发', parent: 'r1' },
    { id: 'r3', name: '前端', parent: 'r2' },
    { id: 'r4', name: '孤儿', parent: 'elsewhere' },
  ];

  it('nests rows under their parent and keeps orphans at the top', () => {
    const tree = nestRows(rows, 'parent');
    expect(tree.map((r) => r.id)).toEqual(['r1', 'r4']);
    expect(tree[0]!.__children!.map((r) => r.id)).toEqual(['r2']);
    expect(tree[0]!.__children![0]!.__children!.map((r) => r.id)).toEqual(['r3']);
    // A relation field's id comes as <field>_id; a circle of parents does not lose rows.
    const circle = nestRows(
      [
        { id: 'a', p: 'shown b', p_id: 'b' },
        { id: 'b', p: 'shown a', p_id: 'a' },
      ],
      'p',
    );
    expect(circle.map((r) => r.id)).toEqual(['b']);
    expect(circle[0]!.__children!.map((r) => r.id)).toEqual(['a']);
  });

  it('groups, sums and separates thousands', () => {
    expect(groupRows(rows, 'parent').map((g) => g.__group)).toEqual([
      { label: 'r1', count: 1 },
      { label: 'r2', count: 1 },
      { label: 'elsewhere', count: 1 },
      { label: '', count: 1 },
    ]);
    expect(
      totalOf(
        [
          { id: '1', n: '1,000.5' },
          { id: '2', n: '20.25' },
          { id: '3', n: '' },
        ],
        'n',
        true,
      ),
    ).toBe('1,020.75');
    expect(totalOf([{ id: '1', n: '' }], 'n', false)).toBeUndefined();
    expect(withThousands('1234567.80')).toBe('1,234,567.80');
    expect(withThousands('abc')).toBe('abc');
  });

  it('orders the form for a phone inside its containers', () => {
    const ordered = phoneForm(
      {
        fields: [
          designField('comInput', 'a', 'A'),
          {
            __config__: {
              jnpfKey: 'row',
              children: [designField('comInput', 'b', 'B'), designField('comInput', 'c', 'C')],
            },
          } as FormField,
          designField('comInput', 'd', 'D'),
        ],
      },
      ['d', 'c'],
    );
    expect(ordered.fields.map((f) => f.__vModel__ ?? f.__config__.jnpfKey)).toEqual(['d', 'row', 'a']);
    expect(ordered.fields[1]!.__config__.children!.map((f) => f.__vModel__)).toEqual(['c', 'b']);
  });
});
