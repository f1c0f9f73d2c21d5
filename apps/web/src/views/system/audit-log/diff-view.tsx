import { Alert, Button, Table, Typography, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { diffSnapshots, shownValue, type DiffRow } from './diff.ts';
import styles from './audit-log.module.css';

function Value({ value, absent }: { value: unknown; absent: string }) {
  if (value === undefined) return <Typography.Text type="secondary">{absent}</Typography.Text>;
  const { text, block } = shownValue(value);
  return block ? <pre className={styles.json}>{text}</pre> : <span className={styles.text}>{text}</span>;
}

/**
 * The change an audit row records: a table of the fields, before and after. Changed fields are
 * listed and highlighted; the unchanged ones wait behind a toggle, since an edit of one field
 * would otherwise drown in the thirty that stayed as they were.
 */
export function DiffView({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const [showAll, setShowAll] = useState(false);
  const rows = useMemo(() => diffSnapshots(before, after, t('auditLog.diff.field')), [before, after, t]);
  const changed = rows.filter((row) => row.changed);
  const unchanged = rows.length - changed.length;
  const absent = t('auditLog.diff.absent');
  const columns: TableColumnsType<DiffRow> = [
    {
      key: 'key',
      dataIndex: 'key',
      title: t('auditLog.diff.field'),
      width: 180,
      render: (key: string) => <code>{key}</code>,
    },
    {
      key: 'before',
      title: t('auditLog.diff.before'),
      onCell: (row) => ({ className: row.changed ? styles.beforeCell : undefined }),
      render: (_: unknown, row) => <Value value={row.before} absent={absent} />,
    },
    {
      key: 'after',
      title: t('auditLog.diff.after'),
      onCell: (row) => ({ className: row.changed ? styles.afterCell : undefined }),
      render: (_: unknown, row) => <Value value={row.after} absent={absent} />,
    },
  ];
  const missing =
    before === null || before === undefined ? 'created' : after === null || after === undefined ? 'deleted' : null;
  return (
    <div data-testid="audit-diff">
      {missing && rows.length > 0 && (
        <Alert className={styles.notice} type="info" showIcon title={t(`auditLog.diff.${missing}`)} />
      )}
      <div className={styles.diffHead}>
        <Typography.Text strong data-testid="audit-diff-count">
          {changed.length ? t('auditLog.diff.changedCount', { n: changed.length }) : t('auditLog.diff.noChanges')}
        </Typography.Text>
        {unchanged > 0 && (
          <Button size="small" type="link" onClick={() => setShowAll((v) => !v)} data-testid="audit-diff-toggle">
            {showAll ? t('auditLog.diff.hideUnchanged') : t('auditLog.diff.showUnchanged', { n: unchanged })}
          </Button>
        )}
      </div>
      <Table<DiffRow>
        rowKey="key"
        size="small"
        bordered
        pagination={false}
        columns={columns}
        dataSource={showAll ? rows : changed}
        rowClassName={(row) => (row.changed ? styles.changedRow : styles.sameRow)}
        onRow={(row) => ({ 'data-changed': row.changed ? 'true' : 'false' }) as never}
        tableLayout="fixed"
        data-testid="audit-diff-table"
      />
    </div>
  );
}
