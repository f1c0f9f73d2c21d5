import { Button, Empty, Grid, Table, type TablePaginationConfig, type TableProps } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from './paging.ts';
import styles from './admin.module.css';
import pager from './pager.module.css';

export interface ServerPaging {
  currentPage: number;
  pageSize: number;
  total: number;
  onChange: (currentPage: number, pageSize: number) => void;
}

/** Pager: total, sizes 20/50/100/500, prev, pages, next and a jumper, in that order. */
export function serverPagination(paging: ServerPaging, t: TFunction): TablePaginationConfig {
  return {
    className: pager.pager,
    current: paging.currentPage,
    pageSize: paging.pageSize,
    total: paging.total,
    pageSizeOptions: PAGE_SIZES.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: (total) => t('admin.total', { total }),
    onChange: paging.onChange,
  };
}

interface Props<T> extends Omit<TableProps<T>, 'pagination'> {
  /** Server paging; leave out for unpaged lists and tree tables. */
  paging?: ServerPaging;
  /** The list failed to load: shows the failure with a retry instead of 'no data'. */
  error?: boolean;
  onRetry?: () => void;
  /** Put on a wrapper holding the table and its pager, so tests see both. */
  'data-testid'?: string;
}

/** antd Table with the admin defaults: rows sized by the size switch, server paging, 暂无数据 when empty. */
export function DataTable<T extends object>({
  paging,
  error,
  onRetry,
  locale,
  columns,
  'data-testid': testId,
  ...props
}: Props<T>) {
  const { t } = useTranslation();
  // On phones a fixed actions column would cover half the table: let everything scroll instead.
  const mobile = Grid.useBreakpoint().md === false;
  const shownColumns = mobile ? columns?.map((c) => (c.fixed ? { ...c, fixed: undefined } : c)) : columns;
  const emptyText = error ? (
    <div className={styles.error} data-testid="admin-table-error">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.loadFailed')} />
      {onRetry && <Button onClick={onRetry}>{t('admin.retry')}</Button>}
    </div>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.empty')} />
  );
  return (
    <div data-testid={testId}>
      {/* No size of its own: rows follow the size switch (ConfigProvider componentSize). */}
      <Table<T>
        rowKey="id"
        scroll={{ x: 'max-content' }}
        {...props}
        columns={shownColumns}
        locale={{ emptyText, ...locale }}
        pagination={paging ? serverPagination(paging, t) : false}
      />
    </div>
  );
}
