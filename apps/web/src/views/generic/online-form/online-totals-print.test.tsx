// @vitest-environment-options {"settings":{"enableIframePageLoading":true}}
// The print frame's document is written in place: happy-dom makes a frame's window only when told to.
import type { ColumnData, FormField, FormJson } from '@atrium/shared/forms';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE } from '../../../components/print-preview/page-document.ts';
import i18n from '../../../locales/index.ts';
import { useSessionStore } from '../../../stores/session.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch, screenOf } from '../../../test/helpers.ts';
import { showOnlinePage } from './test-page.tsx';

const WAIT = { timeout: 10_000 };
const RUNTIME = '/prod/api/visualdev/OnlineDev';
const PRINT = '/prod/api/system/printDev';

const form: FormJson = {
  popupType: 'general',
  fields: [
    { __config__: { jnpfKey: 'comInput', label: '事由', span: 24 }, __vModel__: 'reason' } as FormField,
    { __config__: { jnpfKey: 'numInput', label: '金额', span: 24 }, __vModel__: 'amount', precision: 2 } as FormField,
  ],
};

/** An expense list with a total of the amount, and batch print with two templates. */
const expenses: ColumnData = {
  columnList: [
    { label: '事由', prop: 'reason' },
    { label: '金额', prop: 'amount', align: 'right' },
  ],
  hasPage: true,
  pageSize: 2,
  showSummary: true,
  summaryField: ['amount'],
  thousandsField: ['amount'],
  useBtnPermission: true,
  btnsList: [
    { value: 'add', label: '新增' },
    { value: 'batchPrint', label: '批量打印' },
  ],
  printIds: ['t1', 't2'],
};

/** The first page of 25 expenses: its two amounts sum to 2 080.50, all 25 to 98 765.40. */
const PAGE = [
  { id: 'r1', reason: '差旅报销', amount: '1200.50' },
  { id: 'r2', reason: '办公用品', amount: '880.00' },
];
const QUERY_TOTAL = 98765.4;

const TEMPLATES = { t1: '报销单', t2: '付款单' } as const;

function serve(columns: ColumnData) {
  const config = {
    id: 'm1',
    fullName: '费用报销',
    enCode: 'expense',
    webType: 2,
    formData: JSON.stringify(form),
    columnData: JSON.stringify(columns),
    appData: '',
    menuId: 'menu1',
  };
  return mockFetch((url) => {
    const path = url.pathname;
    if (path === `${RUNTIME}/m1/Config`) return jsonResponse(envelope(config));
    if (path === `${RUNTIME}/m1/List`)
      return jsonResponse(
        envelope({
          list: PAGE,
          pagination: { currentPage: 1, pageSize: 2, total: 25 },
          summary: { amount: QUERY_TOTAL },
        }),
      );
    if (path === `${PRINT}/Selector`)
      return jsonResponse(
        envelope({
          list: [
            {
              id: 'finance',
              fullName: '财务',
              enCode: 'finance',
              isCategory: true,
              children: Object.entries(TEMPLATES).map(([id, fullName]) => ({ id, fullName, enCode: id })),
            },
          ],
        }),
      );
    if (path === `${PRINT}/Data`) {
      const record = PAGE.find((r) => r.id === url.searchParams.get('formId'))!;
      return jsonResponse(
        envelope({
          printData: { reason: record.reason },
          printTemplate: '<p>事由：<span class="print-field" data-field="reason">{reason}</span></p>',
          operatorRecordList: [],
          fullName: TEMPLATES[url.searchParams.get('id') as keyof typeof TEMPLATES],
          pageParam: DEFAULT_PAGE,
        }),
      );
    }
    return jsonResponse({ code: 404, msg: '数据不存在' });
  });
}

const show = () => showOnlinePage('expense', '费用报销');

const grant = (codes: string[]) =>
  useSessionStore.setState({
    permissionList: [
      {
        modelId: 'menu1',
        moduleName: '费用报销',
        button: codes.map((enCode) => ({ enCode, fullName: enCode })),
        column: [],
        form: [],
        resource: [],
      },
    ] as never,
  });

/** A screen of the given kind: desktop matches every min-width query, a phone none of them. */

/** The body of each document sent to the printer: happy-dom has no printing, so the frame's print is watched. */
function watchPrinting(): string[] {
  const printed: string[] = [];
  const append = document.body.appendChild.bind(document.body);
  vi.spyOn(document.body, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
    const added = append(node);
    if (node instanceof HTMLIFrameElement) {
      const win = node.contentWindow!;
      Object.defineProperty(win, 'print', {
        value: () => printed.push(win.document.body.innerHTML),
        configurable: true,
      });
    }
    return added;
  });
  return printed;
}

const table = () => screen.getByTestId('online-table');
const rowOf = (text: string) => within(table()).getByText(text).closest('tr')!;
const loaded = async () => within(await screen.findByTestId('online-table', {}, WAIT)).findByText('差旅报销', {}, WAIT);

describe('online list: totals over the query and batch print', { timeout: 60_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    mockFeedback();
    grant(['btn_add', 'btn_batchPrint']);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('S2-7-89 the summary row shows the total of every page the server sums, not the sum of the page', async () => {
    screenOf('desktop');
    serve(expenses);
    show();
    await loaded();
    const summary = screen.getByTestId('online-summary');
    expect(summary.textContent).toContain('合计');
    // Written like the column's cells: thousands grouped, two decimals.
    expect(within(summary).getByTestId('online-summary-amount').textContent).toBe('98,765.40');
    expect(summary.textContent).not.toContain('2,080.50');
  });

  it('S2-7-89 the phone cards show the same total', async () => {
    screenOf('phone');
    serve(expenses);
    show();
    expect(await screen.findAllByTestId('online-card', {}, WAIT)).toHaveLength(2);
    const totals = screen.getByTestId('online-card-totals').textContent;
    expect(totals).toContain('98,765.40');
    expect(totals).not.toContain('2,080.50');
  });

  it('prints the chosen records with the chosen template in one job, each record on a page of its own', async () => {
    screenOf('desktop');
    const { calls } = serve(expenses);
    const printed = watchPrinting();
    show();
    await loaded();
    const button = screen.getByTestId('online-batch-print') as HTMLButtonElement;
    // Nothing to print until rows are chosen.
    expect(button.disabled).toBe(true);
    fireEvent.click(within(rowOf('差旅报销')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('办公用品')).getByRole('checkbox'));
    await waitFor(() => expect(button.disabled).toBe(false), WAIT);
    fireEvent.click(button);

    // The list names two templates: the user picks one.
    fireEvent.click(await screen.findByText('付款单', {}, WAIT));
    expect(screen.getByText('报销单')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));

    const pages = await screen.findAllByTestId('print-preview-page', {}, WAIT);
    expect(pages.map((p) => p.textContent)).toEqual(['事由：差旅报销', '事由：办公用品']);
    const fetched = calls
      .filter((c) => c.url.pathname === `${PRINT}/Data`)
      .map((c) => [c.url.searchParams.get('id'), c.url.searchParams.get('formId')]);
    expect(fetched.sort()).toEqual([
      ['t2', 'r1'],
      ['t2', 'r2'],
    ]);

    fireEvent.click(screen.getByTestId('print-preview-print'));
    expect(printed).toHaveLength(1);
    const sheet = new DOMParser().parseFromString(printed[0]!, 'text/html').querySelector('.print-page')!;
    const parts = [...sheet.childNodes].map((n) =>
      n instanceof Element && n.classList.contains('print-page-break') ? '|' : n.textContent,
    );
    expect(parts).toEqual(['事由：差旅报销', '|', '事由：办公用品']);
  });

  it('uses the only template of the list without asking', async () => {
    screenOf('desktop');
    const { calls } = serve({ ...expenses, printIds: ['t1'] });
    show();
    await loaded();
    fireEvent.click(within(rowOf('办公用品')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('online-batch-print'));
    const pages = await screen.findAllByTestId('print-preview-page', {}, WAIT);
    expect(pages.map((p) => p.textContent)).toEqual(['事由：办公用品']);
    expect(screen.queryByText('选择打印模板')).toBeNull();
    expect(calls.some((c) => c.url.pathname === `${PRINT}/Selector`)).toBe(false);
    expect(calls.find((c) => c.url.pathname === `${PRINT}/Data`)!.url.searchParams.get('id')).toBe('t1');
  });

  it('offers no batch print the list does not configure, without a template, or without the grant', async () => {
    screenOf('desktop');
    const cases: [ColumnData, string[]][] = [
      [{ ...expenses, btnsList: [{ value: 'add', label: '新增' }] }, ['btn_add', 'btn_batchPrint']],
      [{ ...expenses, printIds: [] }, ['btn_add', 'btn_batchPrint']],
      [expenses, ['btn_add']],
    ];
    for (const [columns, codes] of cases) {
      grant(codes);
      serve(columns);
      const { unmount } = show();
      await loaded();
      expect(screen.getByTestId('online-add')).toBeTruthy();
      expect(screen.queryByTestId('online-batch-print')).toBeNull();
      // Nothing to select rows for either.
      expect(within(table()).queryAllByRole('checkbox')).toHaveLength(0);
      unmount();
    }
  });
});
