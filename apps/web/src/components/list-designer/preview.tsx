import {
  ApartmentOutlined,
  DeleteOutlined,
  DownloadOutlined,
  FolderOutlined,
  PlusOutlined,
  PrinterOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { ColumnData, ListColumn } from '@atrium/shared/forms';
import { Button, Empty, Table, Tag, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './list-designer.module.css';

type Row = Record<string, unknown> & { id: string };

const BUTTON_ICONS: Record<string, ReactNode> = {
  add: <PlusOutlined />,
  download: <DownloadOutlined />,
  upload: <UploadOutlined />,
  batchRemove: <DeleteOutlined />,
  batchPrint: <PrinterOutlined />,
};

interface Props {
  value: ColumnData;
  /** The column whose settings are open in the right panel. */
  activeColumn?: string;
  onPickColumn: (prop: string) => void;
}

/**
 * What the list will look like: the tree or group hint of its type, the search bar, the toolbar
 * and the table header as configured (widths, frozen sides, alignment, sorters, the row buttons and
 * the summary row), with no rows. Clicking a header opens that column's settings.
 */
export function ListPreview({ value, activeColumn, onPickColumn }: Props) {
  const { t } = useTranslation();
  const type = value.type ?? 1;
  const searches = value.searchList ?? [];
  const toolbar = value.btnsList ?? [];
  const rowButtons = value.columnBtnsList ?? [];
  const selectable = toolbar.some((b) => b.value === 'batchRemove' || b.value === 'batchPrint');
  const summed = new Set(value.showSummary ? (value.summaryField ?? []) : []);
  const groupColumn = type === 3 ? value.columnList.find((c) => c.prop === value.groupField) : undefined;

  const columns: TableColumnsType<Row> = value.columnList.map((c: ListColumn) => ({
    key: c.prop,
    dataIndex: c.prop,
    title: c.label || c.prop,
    width: c.width ?? undefined,
    fixed: c.fixed === 'left' || c.fixed === 'right' ? c.fixed : undefined,
    align: c.align,
    sorter: c.sortable === true,
    onHeaderCell: () => ({
      onClick: () => onPickColumn(c.prop),
      className: `${styles.previewHeader} ${activeColumn === c.prop ? styles.previewHeaderActive : ''}`,
      'data-testid': `preview-column-${c.prop}`,
    }),
  }));
  if (rowButtons.length)
    columns.push({
      key: '__actions',
      title: t('listDesigner.actions'),
      fixed: 'right',
      width: Math.max(90, rowButtons.length * 52 + 16),
      render: () => null,
    });

  const summary = () =>
    value.showSummary && summed.size ? (
      <Table.Summary fixed>
        <Table.Summary.Row>
          {selectable && <Table.Summary.Cell index={0} />}
          {value.columnList.map((c, i) => (
            <Table.Summary.Cell key={c.prop} index={i + (selectable ? 1 : 0)} align={c.align}>
              {summed.has(c.prop) ? (
                <span className={styles.summaryMock}>∑</span>
              ) : i === 0 ? (
                t('listDesigner.total')
              ) : null}
            </Table.Summary.Cell>
          ))}
          {rowButtons.length > 0 && <Table.Summary.Cell index={value.columnList.length + (selectable ? 1 : 0)} />}
        </Table.Summary.Row>
      </Table.Summary>
    ) : undefined;

  return (
    <div className={styles.canvas} data-testid="list-designer-preview">
      {type === 2 && (
        <aside className={styles.mockTree} data-testid="preview-tree">
          <div className={styles.mockTreeTitle}>
            <ApartmentOutlined /> {value.treeTitle || t('listDesigner.treePreview')}
          </div>
          {[0, 1, 1, 0, 1].map((depth, i) => (
            <div key={i} className={styles.mockTreeNode} style={{ paddingLeft: 8 + depth * 16 }}>
              <FolderOutlined />
              <span className={styles.mockBar} style={{ width: 56 + ((i * 23) % 40) }} />
            </div>
          ))}
        </aside>
      )}
      <div className={styles.mockMain}>
        {searches.length > 0 && (
          <div className={styles.mockSearch} data-testid="preview-search">
            {searches.map((s) => (
              <div key={s.prop} className={styles.mockSearchItem}>
                <span className={styles.mockSearchLabel}>{s.label || s.prop}</span>
                {s.searchType === 3 ? (
                  <span className={styles.mockInput}>
                    {t('listDesigner.searchPlaceholder.rangeFrom')} ~ {t('listDesigner.searchPlaceholder.rangeTo')}
                  </span>
                ) : (
                  <span className={styles.mockInput}>
                    {s.searchType === 2
                      ? t('listDesigner.searchPlaceholder.fuzzy')
                      : t('listDesigner.searchPlaceholder.exact')}
                  </span>
                )}
              </div>
            ))}
            <div className={styles.mockSearchButtons}>
              <Button size="small" type="primary" tabIndex={-1}>
                {t('listDesigner.search')}
              </Button>
              <Button size="small" tabIndex={-1}>
                {t('listDesigner.reset')}
              </Button>
            </div>
          </div>
        )}
        {toolbar.length > 0 && (
          <div className={styles.mockToolbar} data-testid="preview-toolbar">
            {toolbar.map((b, i) => (
              <Button
                key={b.value}
                size="small"
                tabIndex={-1}
                type={i === 0 && b.value === 'add' ? 'primary' : 'default'}
                danger={b.value === 'batchRemove'}
                icon={BUTTON_ICONS[b.value]}
              >
                {b.label}
              </Button>
            ))}
          </div>
        )}
        {type === 3 && (
          <div className={styles.mockGroup}>
            <Tag color="processing">
              {groupColumn
                ? t('listDesigner.groupPreview', { field: groupColumn.label })
                : t('listDesigner.groupPreviewNone')}
            </Tag>
          </div>
        )}
        {value.columnList.length ? (
          <Table<Row>
            size="small"
            rowKey="id"
            bordered
            dataSource={[]}
            columns={columns}
            rowSelection={selectable ? { selectedRowKeys: [], fixed: 'left' } : undefined}
            pagination={false}
            scroll={{ x: 'max-content' }}
            summary={summary}
            locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={null} /> }}
            data-testid="preview-table"
          />
        ) : (
          <div className={styles.previewEmpty}>
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('listDesigner.noColumns')} />
          </div>
        )}
        <div className={styles.mockPager}>
          {value.hasPage === false
            ? t('listDesigner.noPaging')
            : t('listDesigner.pageInfo', { size: value.pageSize ?? 20 })}
        </div>
      </div>
    </div>
  );
}
