import type { ColumnData, FormJson } from '@atrium/shared/forms';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../locales/index.ts';
import { useSessionStore } from '../../../stores/session.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch, screenOf } from '../../../test/helpers.ts';
import { detailForm, readModel, searchForm, searchValues } from './model.ts';
import { designField } from '@atrium/shared/forms/fixtures';
import { showOnlinePage } from './test-page.tsx';

const WAIT = { timeout: 10_000 };
const RUNTIME = '/prod/api/visualdev/OnlineDev';

const form: FormJson = {
  popupType: 'general',
  generalWidth: '600px',
  labelWidth: 100,
  fields: [
    designField('comInput', 'name', '客户名称', { config: { required: true } }),
    designField('numInput', 'credit', '信用额度', { precision: 2 }),
    designField('select', 'level', '客户等级', {
      __slot__: {
        options: [
          { id: 'a', fullName: 'A 级' },
          { id: 'b', fullName: 'B 级' },
        ],
      },
    }),
  ],
};

const columns: ColumnData = {
  columnList: [
    { label: '客户名称', prop: 'name', width: 200 },
    { label: '信用额度', prop: 'credit', sortable: true },
    { label: '客户等级', prop: 'level' },
  ],
  searchList: [
    { label: '客户名称', prop: 'name', searchType: 2 },
    { label: '客户等级', prop: 'level', searchType: 1 },
    { label: '信用额度', prop: 'credit', searchType: 3 },
  ],
  hasPage: true,
  pageSize: 20,
  useBtnPermission: true,
  btnsList: [
    { value: 'add', label: '新增' },
    { value: 'download', label: '导出' },
    { value: 'batchRemove', label: '批量删除' },
  ],
  columnBtnsList: [
    { value: 'edit', label: '编辑' },
    { value: 'remove', label: '删除' },
    { value: 'detail', label: '详情' },
  ],
};

const config = {
  id: 'm1',
  fullName: '客户登记',
  enCode: 'customer',
  webType: 2,
  formData: JSON.stringify(form),
  columnData: JSON.stringify(columns),
  appData: '',
  menuId: 'menu1',
};

interface Stored {
  id: string;
  name: string;
  credit: number;
  level: string;
  version: number;
}

/** A fake runtime: records in memory, a 409 on the first save of r1 after someone else's. */
function serve(options: { configFails?: boolean } = {}) {
  let records: Stored[] = [
    { id: 'r1', name: '星河科技', credit: 5000, level: 'a', version: 0 },
    { id: 'r2', name: '海岸贸易', credit: 300, level: 'b', version: 0 },
  ];
  let conflictOnce = true;
  const label = (l: string) => (l === 'a' ? 'A 级' : 'B 级');
  const mock = mockFetch(async (url, init) => {
    const path = url.pathname;
    const method = init.method ?? 'GET';
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    if (path === `${RUNTIME}/m1/Config`)
      return options.configFails ? jsonResponse({ code: 404, msg: '该功能尚未发布' }) : jsonResponse(envelope(config));
    if (path === `${RUNTIME}/m1/List`) {
      const query = JSON.parse(String(body.queryJson || '{}')) as { name?: string };
      const list = records
        .filter((r) => !query.name || r.name.includes(query.name))
        .map((r) => ({
          id: r.id,
          name: r.name,
          credit: r.credit == null ? '' : r.credit.toFixed(2),
          level: r.level ? label(r.level) : '',
        }));
      return jsonResponse(envelope({ list, pagination: { currentPage: 1, pageSize: 20, total: list.length } }));
    }
    if (path === `${RUNTIME}/batchDelete/m1`) {
      const ids = body.ids as string[];
      records = records.filter((r) => !ids.includes(r.id));
      return jsonResponse({ code: 200, msg: '删除成功' });
    }
    if (path === `${RUNTIME}/m1` && method === 'POST') {
      const data = JSON.parse(String(body.data)) as Omit<Stored, 'id' | 'version'>;
      if (!data.name) return jsonResponse({ code: 400, msg: '请输入客户名称', data: { errors: [] } });
      records.push({ ...data, id: `r${records.length + 1}`, version: 0 });
      return jsonResponse({ code: 200, msg: '新建成功', data: { id: 'r3' } });
    }
    const match = new RegExp(`^${RUNTIME}/m1/(r\\d+)(/DataChange)?$`).exec(path);
    const stored = match && records.find((r) => r.id === match[1]);
    if (!match || !stored) return jsonResponse({ code: 404, msg: '数据不存在' });
    const { id, version, ...values } = stored;
    if (match[2])
      return jsonResponse(
        envelope({ id, data: JSON.stringify({ ...values, level: label(values.level) }), formData: config.formData }),
      );
    if (method === 'GET') return jsonResponse(envelope({ id, data: JSON.stringify(values), version }));
    if (method === 'DELETE') {
      records = records.filter((r) => r.id !== id);
      return jsonResponse({ code: 200, msg: '删除成功' });
    }
    if (method === 'PUT') {
      if (conflictOnce) {
        // Someone else saved the record first.
        conflictOnce = false;
        Object.assign(stored, { name: '星河科技（他人）', version: stored.version + 1 });
      }
      if (body.version !== stored.version)
        return jsonResponse({ code: 409, msg: '数据已被他人修改，请刷新后重试' }, 409);
      Object.assign(stored, JSON.parse(String(body.data)), { version: stored.version + 1 });
      return jsonResponse({ code: 200, msg: '修改成功' });
    }
    return jsonResponse({ code: 405, msg: 'no' });
  });
  return { ...mock, records: () => records };
}

const show = () => showOnlinePage('customer', '客户登记');

const BUTTONS = ['btn_add', 'btn_edit', 'btn_remove', 'btn_detail', 'btn_batchRemove'];
const grant = (codes: string[]) =>
  useSessionStore.setState({
    permissionList: [
      {
        modelId: 'menu1',
        moduleName: '客户登记',
        button: codes.map((enCode) => ({ enCode, fullName: enCode })),
        column: [],
        form: [],
        resource: [],
      },
    ] as never,
  });

const table = () => screen.getByTestId('online-table');
const rowOf = (text: string) => within(table()).getByText(text).closest('tr')!;
const dialog = () => screen.getByTestId('online-form-body');
const nameInput = () => document.getElementById('fr_name') as HTMLInputElement;

describe('online form page', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    screenOf('desktop');
    grant(BUTTONS);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('S2-7-88 S2-7-89 S2-7-90 S2-7-92 lists, searches, adds, edits through a 409 and deletes', async () => {
    const feedback = mockFeedback();
    feedback.modal.confirm.mockImplementation((c: { onOk: () => void }) => c.onOk());
    const { calls, records } = serve();
    show();

    // The list: the configured columns, display text, the buttons the page can serve.
    expect(
      await within(await screen.findByTestId('online-table', {}, WAIT)).findByText('星河科技', {}, WAIT),
    ).toBeTruthy();
    expect(within(table()).getByText('5000.00')).toBeTruthy();
    expect(within(table()).getByText('B 级')).toBeTruthy();
    for (const title of ['客户名称', '信用额度', '客户等级', '操作'])
      expect(within(table()).getAllByText(title).length).toBeGreaterThan(0);
    expect(screen.getByTestId('online-add')).toBeTruthy();
    expect(screen.getByTestId('online-batch-remove')).toBeTruthy();
    expect(screen.queryByText('导出')).toBeNull();
    const first = calls.find((c) => c.url.pathname.endsWith('/List'))!;
    expect(JSON.parse(String(first.init.body))).toMatchObject({
      currentPage: 1,
      pageSize: 20,
      sidx: '',
      menuId: 'menu1',
      queryJson: '',
    });

    // Batch delete with nothing selected says so and sends nothing.
    fireEvent.click(screen.getByTestId('online-batch-remove'));
    expect(feedback.message.warning).toHaveBeenCalledWith('请选择一条数据');

    // Search: the fuzzy name.
    const search = screen.getByTestId('online-search');
    fireEvent.change(await within(search).findByLabelText('客户名称', {}, WAIT), { target: { value: '星' } });
    fireEvent.click(screen.getByTestId('online-search-submit'));
    await waitFor(() => expect(within(table()).queryByText('海岸贸易')).toBeNull(), WAIT);
    const searched = calls.filter((c) => c.url.pathname.endsWith('/List')).at(-1)!;
    expect(JSON.parse(JSON.parse(String(searched.init.body)).queryJson)).toEqual({ name: '星' });
    fireEvent.click(screen.getByTestId('online-search-reset'));
    expect(await within(table()).findByText('海岸贸易', {}, WAIT)).toBeTruthy();

    // Add: the required name is checked in the browser first, then the record is sent as JSON text.
    fireEvent.click(screen.getByTestId('online-add'));
    await waitFor(() => expect(nameInput()).toBeTruthy(), WAIT);
    fireEvent.click(screen.getByTestId('online-form-save'));
    expect(await within(dialog()).findByText('请输入客户名称', {}, WAIT)).toBeTruthy();
    expect(calls.some((c) => c.init.method === 'POST' && c.url.pathname === `${RUNTIME}/m1`)).toBe(false);
    fireEvent.change(nameInput(), { target: { value: '云杉咨询' } });
    fireEvent.click(screen.getByTestId('online-form-save'));
    await waitFor(() => expect(feedback.message.success).toHaveBeenCalledWith('新建成功'), WAIT);
    const added = calls.find((c) => c.init.method === 'POST' && c.url.pathname === `${RUNTIME}/m1`)!;
    expect(JSON.parse(JSON.parse(String(added.init.body)).data)).toMatchObject({ name: '云杉咨询' });
    expect(await within(table()).findByText('云杉咨询', {}, WAIT)).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('online-form-body')).toBeNull(), WAIT);

    // Edit: someone else saved first, so the server answers 409; its message shows, the dialog stays
    // open with the latest record, and saving again goes through with the new version.
    fireEvent.click(within(rowOf('星河科技')).getByTestId('online-edit'));
    await waitFor(() => expect(nameInput()?.value).toBe('星河科技'), WAIT);
    fireEvent.change(nameInput(), { target: { value: '星河科技集团' } });
    fireEvent.click(screen.getByTestId('online-form-save'));
    const conflict = await screen.findByTestId('online-form-conflict', {}, WAIT);
    expect(conflict.textContent).toContain('数据已被他人修改，请刷新后重试');
    await waitFor(() => expect(nameInput().value).toBe('星河科技（他人）'), WAIT);
    expect(screen.getByTestId('online-form-body')).toBeTruthy();
    fireEvent.change(nameInput(), { target: { value: '星河科技集团' } });
    fireEvent.click(screen.getByTestId('online-form-save'));
    await waitFor(() => expect(feedback.message.success).toHaveBeenCalledWith('修改成功'), WAIT);
    const puts = calls.filter((c) => c.init.method === 'PUT').map((c) => JSON.parse(String(c.init.body)));
    expect(puts.map((p) => p.version)).toEqual([0, 1]);
    expect(await within(table()).findByText('星河科技集团', {}, WAIT)).toBeTruthy();

    // Delete with the confirmation, then the list reloads.
    fireEvent.click(within(rowOf('海岸贸易')).getByTestId('online-remove'));
    expect(feedback.modal.confirm.mock.calls[0][0].content).toBe('此操作将永久删除该数据，是否继续？');
    await waitFor(() => expect(within(table()).queryByText('海岸贸易')).toBeNull(), WAIT);
    expect(calls.some((c) => c.init.method === 'DELETE' && c.url.pathname === `${RUNTIME}/m1/r2`)).toBe(true);
    expect(records().map((r) => r.name)).toEqual(['星河科技集团', '云杉咨询']);
  });

  it('shows only the buttons the user holds when the list applies button grants', async () => {
    mockFeedback();
    serve();
    grant(['btn_detail']);
    show();
    expect(
      await within(await screen.findByTestId('online-table', {}, WAIT)).findByText('星河科技', {}, WAIT),
    ).toBeTruthy();
    expect(screen.queryByTestId('online-add')).toBeNull();
    expect(screen.queryByTestId('online-batch-remove')).toBeNull();
    expect(screen.queryAllByTestId('online-edit')).toHaveLength(0);
    expect(screen.getAllByTestId('online-detail')).toHaveLength(2);
  });

  it('says why when the model cannot be read', async () => {
    mockFeedback();
    serve({ configFails: true });
    show();
    const error = await screen.findByTestId('online-form-error', {}, WAIT);
    expect(error.textContent).toContain('无法打开此功能');
    expect(error.textContent).toContain('该功能尚未发布');
  });
});

describe('online form model', () => {
  const model = readModel(config);

  it('builds the search form by search type and drops empty values', () => {
    const search = searchForm(model)!;
    expect(search.fields.map((f) => [f.__vModel__, f.__config__.jnpfKey, f.__config__.required])).toEqual([
      ['q_name', 'comInput', false],
      ['q_level', 'select', false],
      ['q_credit', 'numRange', false],
    ]);
    expect(searchValues({ q_name: ' 星 ', q_level: null, q_credit: [], q_other: '', stray: 1 })).toEqual({
      name: '星',
    });
  });

  it('shows the detail values as text', () => {
    expect(detailForm(model.form).fields.map((f) => f.__config__.jnpfKey)).toEqual([
      'comInput',
      'comInput',
      'comInput',
    ]);
  });
});
