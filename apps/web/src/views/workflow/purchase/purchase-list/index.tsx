import { formatThousands } from '@atrium/shared';
import { Button, Select, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { purchaseApi, type PurchaseItem } from '../../../../api/purchase.ts';
import {
  actionsColumn,
  AdminPage,
  DataTable,
  SearchBar,
  Toolbar,
  usePagedList,
} from '../../../../components/admin/index.ts';
import { FlowStatusTag, flowStatusKey } from '../../../../components/flow-status/index.ts';
import { formatTime, LISTED_STATUSES, purchaseDetailPath, ReceiptTag } from '../parts.tsx';
import { purchaseTexts } from '../texts.ts';

export const texts = purchaseTexts;

const KEY = ['workflow', 'purchase', 'list'] as const;

interface Filters {
  /** '' every status, else one of LISTED_STATUSES. */
  status: string;
}

/**
 * Purchase records (/workFlowPurchase/purchaseList): the caller's purchases, or every one for the
 * warehouse, with their approval and receipt state; a row opens the purchase's flow detail.
 */
export default function PurchaseListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = usePagedList<PurchaseItem, Filters>({
    queryKey: KEY,
    fetch: purchaseApi.purchases,
    initialFilters: { status: '' },
  });

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
    { key: 'thisStep', dataIndex: 'thisStep', title: t('purchase.thisStep'), width: 130, ellipsis: true },
    {
      key: 'received',
      dataIndex: 'received',
      title: t('purchase.receipt'),
      width: 100,
      render: (v: boolean) => <ReceiptTag received={v} />,
    },
    {
      key: 'creatorTime',
      dataIndex: 'creatorTime',
      title: t('purchase.creatorTime'),
      width: 150,
      render: formatTime,
    },
    actionsColumn<PurchaseItem>(
      t,
      (row) => (
        <Button
          type="link"
          size="small"
          onClick={() => void navigate(purchaseDetailPath(row))}
          data-testid="purchase-view"
        >
          {t('purchase.view')}
        </Button>
      ),
      90,
    ),
  ];

  return (
    <AdminPage data-testid="purchase-list-page">
      <SearchBar
        onSearch={list.search}
        placeholder={t('purchase.keywordPlaceholder')}
        onReset={() => {
          list.search('');
          list.filter({ status: '' });
        }}
      >
        <Select
          value={list.query.status}
          onChange={(status) => list.filter({ status })}
          options={[
            { value: '', label: t('purchase.allStatus') },
            ...LISTED_STATUSES.map((s) => ({ value: String(s), label: t(flowStatusKey(s)!) })),
          ]}
          style={{ minWidth: 120 }}
          data-testid="purchase-status-filter"
        />
      </SearchBar>
      <Toolbar onRefresh={() => void list.refetch()} />
      <DataTable<PurchaseItem>
        rowKey="id"
        {...list.table}
        columns={columns}
        scroll={{ x: 1380 }}
        data-testid="purchase-table"
      />
    </AdminPage>
  );
}
