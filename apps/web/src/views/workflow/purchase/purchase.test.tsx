import type { MenuItem } from '@atrium/shared';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import type { GoodsItem, OutboundItem, PurchaseItem } from '../../../api/purchase.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import i18n, { loadAreaTexts } from '../../../locales/index.ts';
import { useSessionStore } from '../../../stores/session.ts';
import { envelope, jsonResponse, mockFeedback, mockFetch } from '../../../test/helpers.ts';
import GoodsInventoryPage from './goods-inventory/index.tsx';
import OutStockPage from './out-stock/index.tsx';
import PurchaseListPage from './purchase-list/index.tsx';
import { purchaseTexts } from './texts.ts';

const WAIT = { timeout: 10_000 };

const purchase = (over: Partial<PurchaseItem>): PurchaseItem => ({
  id: 'p1',
  flowId: 'v1',
  billNo: 'CG0001',
  title: '办公用品',
  applicant: '李晓梅/staff',
  supplier: '办公用品商城',
  amount: 12500,
  status: 2,
  thisStep: '',
  creatorTime: Date.UTC(2026, 0, 5, 2, 0),
  received: false,
  receivedTime: null,
  receivable: true,
  ...over,
});

const GOODS: GoodsItem[] = [
  { id: 'g1', name: '文件夹', spec: 'A4 双夹', unit: '个', stock: 30, lastModifyTime: Date.UTC(2026, 0, 5) },
  { id: 'g2', name: '中性笔', spec: '0.5mm 黑色', unit: '支', stock: 120, lastModifyTime: null },
];

const OUTBOUND: OutboundItem = {
  id: 'o1',
  goodsId: 'g2',
  goodsName: '中性笔',
  spec: '0.5mm 黑色',
  unit: '支',
  quantity: 20,
  receiver: '周雅',
  reason: '新员工入职',
  creatorTime: Date.UTC(2026, 0, 6),
  creatorUser: '谢东/xiedong',
};

const page = <T,>(list: T[]) => envelope({ list, pagination: { currentPage: 1, pageSize: 20, total: list.length } });

const warehouseMenu = {
  id: 'm-wh',
  parentId: 'm-wf',
  fullName: '仓库管理',
  enCode: 'workFlow.purchaseHandle',
  icon: '',
  urlAddress: 'workFlowPurchase/goodsInventory/handle',
  linkTarget: '_self',
  type: 2,
  propertyJson: '{}',
  sortCode: 0,
  hasChildren: false,
  children: [],
} as unknown as MenuItem;
const workflowMenu = {
  ...warehouseMenu,
  id: 'm-wf',
  parentId: '-1',
  enCode: 'workFlow',
  type: 1,
  hasChildren: true,
  children: [warehouseMenu],
} as unknown as MenuItem;

/** Signs the warehouse keeper in (he holds the warehouse menu) or a plain member of staff. */
const signIn = (keeper: boolean) =>
  useSessionStore.setState({ menuList: keeper ? [workflowMenu] : [{ ...workflowMenu, children: [] }] });

function show(Page: ComponentType, path: string) {
  const router = createMemoryRouter(
    [
      { path, element: <Page /> },
      { path: '/workFlowDetail', element: <p>detail</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('purchase demo pages', { timeout: 30_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage('zh-CN');
    await loadAreaTexts(purchaseTexts);
  });

  it('S1-2.1-14 lists purchase records with amount, status and receipt, filters by status and opens the flow detail', async () => {
    signIn(false);
    const { calls } = mockFetch(() =>
      jsonResponse(
        page([
          purchase({ received: true, receivable: false, receivedTime: Date.UTC(2026, 0, 6) }),
          purchase({ id: 'p2', billNo: 'CG0002', title: '服务器', status: 3, amount: 30000, receivable: false }),
        ]),
      ),
    );
    const router = show(PurchaseListPage, '/workFlowPurchase/purchaseList');
    const table = await screen.findByTestId('purchase-table', {}, WAIT);
    await within(table).findByText('CG0001', {}, WAIT);
    expect(within(table).getByText('12,500.00')).toBeTruthy();
    expect(within(table).getByText('30,000.00')).toBeTruthy();
    expect(within(table).getByText('审核通过')).toBeTruthy();
    expect(within(table).getByText('审核驳回')).toBeTruthy();
    expect(within(table).getByText('已入库')).toBeTruthy();
    expect(within(table).getByText('未入库')).toBeTruthy();
    expect(calls[0]!.url.pathname).toBe('/prod/api/workflow/purchase/PurchaseList');

    fireEvent.mouseDown(within(screen.getByTestId('purchase-status-filter')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('审核驳回', undefined, WAIT));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('status')).toBe('3'), WAIT);

    fireEvent.click(within(table).getAllByTestId('purchase-view')[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/workFlowDetail'), WAIT);
    const config = new URLSearchParams(router.state.location.search).get('config')!;
    expect(JSON.parse(atob(config))).toEqual({ id: 'p1', flowId: 'v1', opType: 0 });
  });

  it('S1-2.1-15 the warehouse receives a pending purchase with one click and the lists reload', async () => {
    signIn(true);
    const feedback = mockFeedback();
    let received = false;
    const { calls } = mockFetch((url, init) => {
      if (init.method === 'POST') {
        received = true;
        return jsonResponse(envelope({ lines: 2 }, 200, '入库成功'));
      }
      if (url.pathname.endsWith('/Goods')) return jsonResponse(page(GOODS));
      return jsonResponse(page(received ? [] : [purchase({})]));
    });
    show(GoodsInventoryPage, '/workFlowPurchase/goodsInventory/handle');
    const pending = await screen.findByTestId('purchase-pending-table', {}, WAIT);
    await within(pending).findByText('CG0001', {}, WAIT);
    expect(calls[0]!.url.searchParams.get('receivable')).toBe('1');

    fireEvent.click(within(pending).getByTestId('purchase-receive'));
    await waitFor(() => expect(feedback.message.success).toHaveBeenCalledWith('入库成功'), WAIT);
    const post = calls.find((c) => c.init.method === 'POST')!;
    expect(post.url.pathname).toBe('/prod/api/workflow/purchase/p1/Actions/Receive');
    // The list is read again and the received purchase is gone from it.
    await within(pending).findByText('没有待入库的采购单', {}, WAIT);

    fireEvent.click(screen.getByRole('tab', { name: '物品库存' }));
    const goods = await screen.findByTestId('purchase-goods-table', {}, WAIT);
    await within(goods).findByText('文件夹', {}, WAIT);
    expect(within(goods).getByText('120')).toBeTruthy();
  });

  it('S1-2.1-15 staff see pending purchases and the stock but get no receive button', async () => {
    signIn(false);
    mockFetch((url) => jsonResponse(url.pathname.endsWith('/Goods') ? page(GOODS) : page([purchase({})])));
    show(GoodsInventoryPage, '/workFlowPurchase/goodsInventory/handle');
    const pending = await screen.findByTestId('purchase-pending-table', {}, WAIT);
    await within(pending).findByText('CG0001', {}, WAIT);
    expect(within(pending).queryByTestId('purchase-receive')).toBeNull();
  });

  it('S1-2.1-16 lists outbound records and registers one within the stock', async () => {
    signIn(true);
    const feedback = mockFeedback();
    const { calls } = mockFetch((url, init) => {
      if (init.method === 'POST') return jsonResponse(envelope({ id: 'o2', stock: 25 }, 200, '出库成功'));
      if (url.pathname.endsWith('/Goods')) return jsonResponse(page(GOODS));
      return jsonResponse(page([OUTBOUND]));
    });
    show(OutStockPage, '/workFlowPurchase/outS');
    const table = await screen.findByTestId('purchase-out-table', {}, WAIT);
    await within(table).findByText('周雅', {}, WAIT);
    expect(within(table).getByText('20 支')).toBeTruthy();
    expect(within(table).getByText('谢东/xiedong')).toBeTruthy();

    fireEvent.click(screen.getByTestId('purchase-out-add'));
    const dialog = await screen.findByRole('dialog', {}, WAIT);
    fireEvent.mouseDown(within(within(dialog).getByTestId('purchase-out-goods')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('文件夹 A4 双夹（库存 30个）', undefined, WAIT));
    fireEvent.change(within(dialog).getByTestId('purchase-out-quantity'), { target: { value: '31' } });
    fireEvent.change(within(dialog).getByTestId('purchase-out-receiver'), { target: { value: '邹敏' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    // More than the stock is refused before anything is sent.
    await within(dialog).findByText('不能超过库存 30', {}, WAIT);
    expect(calls.some((c) => c.init.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByTestId('purchase-out-quantity'), { target: { value: '5' } });
    fireEvent.change(within(dialog).getByTestId('purchase-out-reason'), { target: { value: '归档' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(feedback.message.success).toHaveBeenCalledWith('出库成功'), WAIT);
    const post = calls.find((c) => c.init.method === 'POST')!;
    expect(post.url.pathname).toBe('/prod/api/workflow/purchase/Outbound');
    expect(JSON.parse(String(post.init.body))).toEqual({
      goodsId: 'g1',
      quantity: 5,
      receiver: '邹敏',
      reason: '归档',
    });
  });

  it('S1-2.1-16 staff read the outbound records without the register button', async () => {
    signIn(false);
    mockFetch(() => jsonResponse(page([OUTBOUND])));
    show(OutStockPage, '/workFlowPurchase/outS');
    const table = await screen.findByTestId('purchase-out-table', {}, WAIT);
    await within(table).findByText('周雅', {}, WAIT);
    expect(screen.queryByTestId('purchase-out-add')).toBeNull();
  });
});
