import { formatThousands } from '@atrium/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tabs, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { purchaseApi, type GoodsItem, type PurchaseItem } from '../../../../api/purchase.ts';
import { feedback } from '../../../../app/feedback.ts';
import {
  actionsColumn,
  AdminPage,
  DataTable,
  SearchBar,
  Toolbar,
  usePagedList,
} from '../../../../components/admin/index.ts';
import { FlowStatusTag } from '../../../../components/flow-status/index.ts';
import { formatTime, purchaseDetailPath, useKeepsWarehouse } from '../parts.tsx';
import { purchaseTexts } from '../texts.ts';

export const texts = purchaseTexts;

const KEY = ['workflow', 'purchase'] as const;

/** The purchases waiting to be received: approved ones, or those at the handle node. */
function PendingPurchases() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const keeper = useKeepsWarehouse();
  const [receiving, setReceiving] = useState<string | null>(null);
  const list = usePagedList<PurchaseItem, { receivable: '1' }>({
    queryKey: [...KEY, 'receivable'],
    fetch: purchaseApi.purchases,
    initialFilters: { receivable: '1' },
  });

  async function receive(row: PurchaseItem) {
    setReceiving(row.id);
    try {
      const res = await purchaseApi.receive(row.id);
      void feedback().message.success(res.msg);
    } catch {
      // The request wrapper has shown why (already received, not approved ...).
    } finally {
      setReceiving(null);
      // The stock and every purchase list change with a receipt, whoever won it.
      void queryClient.invalidateQueries({ queryKey: KEY });
    }
  }

  const columns: TableColumnsType<PurchaseItem> = [
    { key: 'billNo', dataIndex: 'billNo', title: t('purchase.billNo'), width: 150 },
    { key: 'title', dataIndex: 'title', title: t('purchase.title'), width: 200, ellipsis: true },
    { key: 'applicant', dataIndex: 'applicant', title: t('purchase.applicant'), width: 140, ellipsis: true },
    { key: 'supplier', dataIndex: 'supplier', title: t('purchase.supplier'), width: 160, ellipsis: true },
    {
      key: 'amount',
      dataIndex: 'amount',
      title: t('purchase.amount'),
      width: 130,
      align: 'right',
      render: (v: number) => formatThousands(v, 2),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('purchase.status'),
      width: 100,
      render: (v: number) => <FlowStatusTag status={v} />,
    },
    { key: 'creatorTime', dataIndex: 'creatorTime', title: t('purchase.creatorTime'), width: 150, render: formatTime },
    actionsColumn<PurchaseItem>(
      t,
      (row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => void navigate(purchaseDetailPath(row))}>
            {t('purchase.view')}
          </Button>
          {keeper && (
            <Button
              type="link"
              size="small"
              loading={receiving === row.id}
              disabled={receiving !== null}
              onClick={() => void receive(row)}
              data-testid="purchase-receive"
            >
              {t('purchase.receive')}
            </Button>
          )}
        </Space>
      ),
      140,
    ),
  ];
  return (
    <>
      <Toolbar onRefresh={() => void list.refetch()} />
      <DataTable<PurchaseItem>
        rowKey="id"
        {...list.table}
        columns={columns}
        locale={{ emptyText: t('purchase.pendingEmpty') }}
        scroll={{ x: 1170 }}
        data-testid="purchase-pending-table"
      />
    </>
  );
}

/** The goods and their stock. */
function GoodsStock() {
  const { t } = useTranslation();
  const list = usePagedList<GoodsItem>({ queryKey: [...KEY, 'goods'], fetch: purchaseApi.goods });
  const columns: TableColumnsType<GoodsItem> = [
    { key: 'name', dataIndex: 'name', title: t('purchase.goodsName'), width: 200, ellipsis: true },
    { key: 'spec', dataIndex: 'spec', title: t('purchase.spec'), width: 180, ellipsis: true },
    { key: 'unit', dataIndex: 'unit', title: t('purchase.unit'), width: 80 },
    { key: 'stock', dataIndex: 'stock', title: t('purchase.stock'), width: 100, align: 'right' },
    {
      key: 'lastModifyTime',
      dataIndex: 'lastModifyTime',
      title: t('purchase.lastModifyTime'),
      width: 150,
      render: formatTime,
    },
  ];
  return (
    <>
      <SearchBar onSearch={list.search} placeholder={t('purchase.goodsKeyword')} />
      <Toolbar onRefresh={() => void list.refetch()} />
      <DataTable<GoodsItem> rowKey="id" {...list.table} columns={columns} data-testid="purchase-goods-table" />
    </>
  );
}

/**
 * Goods inventory handling (/workFlowPurchase/goodsInventory/handle): the purchases waiting to be
 * received, each received whole with one click by the warehouse, and the goods in stock.
 */
export default function GoodsInventoryPage() {
  const { t } = useTranslation();
  return (
    <AdminPage data-testid="purchase-inventory-page">
      <Tabs
        items={[
          { key: 'pending', label: t('purchase.pending'), children: <PendingPurchases /> },
          { key: 'goods', label: t('purchase.goodsTitle'), children: <GoodsStock /> },
        ]}
      />
    </AdminPage>
  );
}
