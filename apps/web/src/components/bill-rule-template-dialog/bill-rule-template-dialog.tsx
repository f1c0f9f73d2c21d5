import type { BillRuleTemplate } from '@atrium/shared';
import { useQuery, keepPreviousData } from '@tanstack/react-query';
import { Modal, type TableColumnsType } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billRuleApi } from '../../api/bill-rule.ts';
import { DataTable, SearchBar } from '../admin/index.ts';
import { BusinessTypeTree } from './business-type-tree.tsx';
import styles from './bill-rule-template-dialog.module.css';

const PAGE_SIZE = 20;

interface Props {
  open: boolean;
  onClose: () => void;
  /** The chosen template (an enabled bill rule); the dialog closes after it. */
  onSelect: (template: BillRuleTemplate) => void;
}

/**
 * The business number template dialog (title 'template'): business categories on
 * the left, keyword search, and the enabled rules with their name, code and serial start, 20 a
 * page. Picking a row (click, or select and confirm) answers it. The bill rule screen uses it to
 * copy a rule; the billRule form widget picks the rule its numbers come from with it.
 */
export function BillRuleTemplateDialog({ open, onClose, onSelect }: Props) {
  const { t } = useTranslation();
  const [query, setQuery] = useState({ keyword: '', categoryId: '', currentPage: 1, pageSize: PAGE_SIZE });
  const [picked, setPicked] = useState<BillRuleTemplate | null>(null);
  const result = useQuery({
    queryKey: ['system', 'billRule', 'templates', query],
    queryFn: () => billRuleApi.templates(query),
    placeholderData: keepPreviousData,
    enabled: open,
  });

  useEffect(() => {
    if (open) setPicked(null);
  }, [open]);

  const choose = (template: BillRuleTemplate | null) => {
    if (!template) return;
    onSelect(template);
    onClose();
  };

  const columns: TableColumnsType<BillRuleTemplate> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('billRule.fullName'), ellipsis: true },
    { key: 'enCode', dataIndex: 'enCode', title: t('billRule.enCode'), ellipsis: true },
    { key: 'startNumber', dataIndex: 'startNumber', title: t('billRule.startNumber'), width: 110 },
  ];

  return (
    <Modal
      open={open}
      title={t('billRule.template')}
      width={900}
      destroyOnHidden
      okText={t('common.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: !picked, id: 'bill-template-ok' }}
      onOk={() => choose(picked)}
      onCancel={onClose}
    >
      <div className={styles.body} data-testid="bill-template-dialog">
        <BusinessTypeTree
          value={query.categoryId}
          onSelect={(categoryId) => setQuery((q) => ({ ...q, categoryId, currentPage: 1 }))}
          data-testid="bill-template-tree"
        />
        <div className={styles.main}>
          <SearchBar onSearch={(keyword) => setQuery((q) => ({ ...q, keyword, currentPage: 1 }))} />
          <DataTable<BillRuleTemplate>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={result.data?.list ?? []}
            loading={result.isFetching}
            error={result.isError}
            onRetry={() => void result.refetch()}
            rowSelection={{
              type: 'radio',
              selectedRowKeys: picked ? [picked.id] : [],
              onChange: (_, rows) => setPicked(rows[0] ?? null),
            }}
            onRow={(row) => ({ onClick: () => setPicked(row), onDoubleClick: () => choose(row) })}
            paging={{
              currentPage: query.currentPage,
              pageSize: query.pageSize,
              total: result.data?.pagination.total ?? 0,
              onChange: (currentPage, pageSize) =>
                setQuery((q) => ({ ...q, currentPage: pageSize === q.pageSize ? currentPage : 1, pageSize })),
            }}
            data-testid="bill-template-table"
          />
        </div>
      </div>
    </Modal>
  );
}
