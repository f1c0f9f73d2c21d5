import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { purchaseApi, type GoodsItem, type OutboundForm, type OutboundItem } from '../../../../api/purchase.ts';
import {
  AdminPage,
  DataTable,
  FormDialog,
  SearchBar,
  Toolbar,
  usePagedList,
} from '../../../../components/admin/index.ts';
import { formatTime, useKeepsWarehouse } from '../parts.tsx';
import { purchaseTexts } from '../texts.ts';

export const texts = purchaseTexts;

const KEY = ['workflow', 'purchase'] as const;
/** The dialog offers every goods in stock on one page (the server caps a page at 500). */
const GOODS_PAGE = { currentPage: 1, pageSize: 500, keyword: '' };

/** The outbound dialog: goods in stock, a quantity within it, who takes them and what for. */
function OutboundDialog({ open, onClose, onSaved }: { open: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const goods = useQuery({
    queryKey: [...KEY, 'goods', 'options'],
    queryFn: () => purchaseApi.goods(GOODS_PAGE),
    enabled: open,
  });
  const options = (goods.data?.list ?? []).filter((g) => g.stock > 0);
  const stockOf = (id: unknown): GoodsItem | undefined => options.find((g) => g.id === id);
  return (
    <FormDialog<OutboundForm>
      open={open}
      title={t('purchase.outRegister')}
      submit={(values) => purchaseApi.registerOutbound(values)}
      onClose={onClose}
      onSaved={onSaved}
    >
      {(form) => (
        <>
          <Form.Item name="goodsId" label={t('purchase.goods')} rules={[{ required: true }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={goods.isFetching}
              placeholder={t('purchase.goodsPlaceholder')}
              options={options.map((g) => ({
                value: g.id,
                label: t('purchase.goodsOption', { name: g.name, spec: g.spec, stock: g.stock, unit: g.unit }),
              }))}
              onChange={() => void form.validateFields(['quantity']).catch(() => undefined)}
              data-testid="purchase-out-goods"
            />
          </Form.Item>
          <Form.Item
            name="quantity"
            label={t('purchase.quantity')}
            dependencies={['goodsId']}
            rules={[
              { required: true },
              {
                validator: async (_, value: number | undefined) => {
                  const picked = stockOf(form.getFieldValue('goodsId'));
                  if (picked && value !== undefined && value !== null && value > picked.stock)
                    throw new Error(t('purchase.quantityMax', { stock: picked.stock }));
                },
              },
            ]}
          >
            <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="purchase-out-quantity" />
          </Form.Item>
          <Form.Item name="receiver" label={t('purchase.receiver')} rules={[{ required: true, whitespace: true }]}>
            <Input maxLength={50} data-testid="purchase-out-receiver" />
          </Form.Item>
          <Form.Item name="reason" label={t('purchase.reason')}>
            <Input.TextArea maxLength={200} rows={3} data-testid="purchase-out-reason" />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}

/**
 * Outbound records (/workFlowPurchase/outS): what left the warehouse, to whom and why; the warehouse
 * registers an outbound in a dialog, refused by the server when the stock does not cover it.
 */
export default function OutStockPage() {
  const { t } = useTranslation();
  const keeper = useKeepsWarehouse();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const list = usePagedList<OutboundItem>({ queryKey: [...KEY, 'outbound'], fetch: purchaseApi.outbounds });
  const columns: TableColumnsType<OutboundItem> = [
    { key: 'goodsName', dataIndex: 'goodsName', title: t('purchase.goodsName'), width: 180, ellipsis: true },
    { key: 'spec', dataIndex: 'spec', title: t('purchase.spec'), width: 160, ellipsis: true },
    {
      key: 'quantity',
      dataIndex: 'quantity',
      title: t('purchase.quantity'),
      width: 110,
      align: 'right',
      render: (v: number, row) => `${v}${row.unit ? ` ${row.unit}` : ''}`,
    },
    { key: 'receiver', dataIndex: 'receiver', title: t('purchase.receiver'), width: 120, ellipsis: true },
    { key: 'reason', dataIndex: 'reason', title: t('purchase.reason'), width: 200, ellipsis: true },
    { key: 'creatorUser', dataIndex: 'creatorUser', title: t('purchase.operator'), width: 140, ellipsis: true },
    { key: 'creatorTime', dataIndex: 'creatorTime', title: t('purchase.outTime'), width: 150, render: formatTime },
  ];
  return (
    <AdminPage data-testid="purchase-out-page">
      <SearchBar onSearch={list.search} placeholder={t('purchase.outKeyword')} />
      <Toolbar onRefresh={() => void list.refetch()}>
        {keeper && (
          <Button type="primary" onClick={() => setOpen(true)} data-testid="purchase-out-add">
            {t('purchase.outRegister')}
          </Button>
        )}
      </Toolbar>
      <DataTable<OutboundItem>
        rowKey="id"
        {...list.table}
        columns={columns}
        scroll={{ x: 1060 }}
        data-testid="purchase-out-table"
      />
      <OutboundDialog
        open={open}
        onClose={() => setOpen(false)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: KEY })}
      />
    </AdminPage>
  );
}
