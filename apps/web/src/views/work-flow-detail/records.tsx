import type { FlowRecord } from '@atrium/shared/workflow';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Segmented, Spin, Table, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getRecordList } from '../../api/workflow.ts';
import { HandleStatusTag } from '../../components/flow-status/flow-status.tsx';
import { handleStatusKey } from '../../components/flow-status/status.ts';
import { FlowFiles } from './attachments.tsx';
import { groupRecords, type RecordView } from './record-summary.ts';
import styles from './work-flow-detail.module.css';

/**
 * The columns of a record: node, handler, time, what was done (with the target people of a transfer,
 * assignment or add-sign), the opinion, the signature and the files (S2-3-43). A summary group leaves
 * out the column it is grouped by.
 */
function recordColumns(t: TFunction, without?: 'nodeName' | 'userName'): TableColumnsType<FlowRecord> {
  const columns: TableColumnsType<FlowRecord> = [
    { key: 'nodeName', dataIndex: 'nodeName', title: t('workflow.record.nodeName'), width: 120 },
    { key: 'userName', dataIndex: 'userName', title: t('workflow.record.userName'), width: 120 },
    {
      key: 'handleTime',
      dataIndex: 'handleTime',
      title: t('workflow.record.handleTime'),
      width: 150,
      render: (v: number) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : ''),
    },
    {
      key: 'handleStatus',
      dataIndex: 'handleStatus',
      title: t('workflow.record.handleStatus'),
      width: 100,
      render: (v: number, row) => (
        <>
          <HandleStatusTag code={v} />
          {row.targetUserNames && <div>{row.targetUserNames}</div>}
        </>
      ),
    },
    { key: 'handleOpinion', dataIndex: 'handleOpinion', title: t('workflow.record.handleOpinion'), width: 220 },
    {
      key: 'signImg',
      dataIndex: 'signImg',
      title: t('workflow.record.signImg'),
      width: 140,
      render: (v: string | null) =>
        v ? <img src={v} alt={t('workflow.record.signImg')} className={styles.signImage} /> : null,
    },
    {
      key: 'fileList',
      dataIndex: 'fileList',
      title: t('workflow.record.fileList'),
      width: 180,
      render: (files: unknown[] | null) => <FlowFiles files={files} />,
    },
  ];
  return without ? columns.filter((c) => c.key !== without) : columns;
}

/** The approval history, one row per record in time order. */
export function FlowRecords({ records }: { records: readonly FlowRecord[] }) {
  const { t } = useTranslation();
  return (
    <Table<FlowRecord>
      rowKey="id"
      size="small"
      columns={recordColumns(t)}
      dataSource={[...records]}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('admin.empty') }}
      data-testid="flow-records"
    />
  );
}

/** The approval summary of `RecordList/{id}`: one block per node or per handler, with what each did. */
function RecordSummary({ instanceId, by }: { instanceId: string; by: 'node' | 'user' }) {
  const { t } = useTranslation();
  const list = useQuery({
    queryKey: ['workflow', 'record-list', instanceId],
    queryFn: () => getRecordList(instanceId),
  });
  if (list.isError) return <Alert type="error" showIcon title={t('workflow.detail.loadFailed')} />;
  if (!list.data) return <Spin className={styles.summaryLoading} />;
  const groups = groupRecords(list.data, by);
  if (!groups.length) return <Empty description={t('admin.empty')} />;
  return (
    <div className={styles.summary} data-testid={`flow-record-summary-${by}`}>
      {groups.map((group) => (
        <section key={group.key} className={styles.summaryGroup} data-testid="flow-record-group">
          <header className={styles.summaryHead}>
            <strong>{group.title}</strong>
            <span>
              {group.counts.map((c) => (
                <Tag key={c.handleStatus} variant="outlined">
                  {t(handleStatusKey(c.handleStatus) ?? String(c.handleStatus))} × {c.count}
                </Tag>
              ))}
            </span>
          </header>
          <Table<FlowRecord>
            rowKey="id"
            size="small"
            columns={recordColumns(t, by === 'node' ? 'nodeName' : 'userName')}
            dataSource={group.records}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        </section>
      ))}
    </div>
  );
}

/**
 * The record tab: the full history in time order, or switched to the approval summary grouped by
 * node or by handler (S2-7-67).
 */
export function RecordsTab({ instanceId, records }: { instanceId: string; records: readonly FlowRecord[] }) {
  const { t } = useTranslation();
  const [view, setView] = useState<RecordView>('all');
  return (
    <div className={styles.recordsTab}>
      <Segmented<RecordView>
        className="noPrint"
        value={view}
        onChange={setView}
        options={[
          { value: 'all', label: t('workflow.record.viewAll') },
          { value: 'node', label: t('workflow.record.viewByNode') },
          { value: 'user', label: t('workflow.record.viewByUser') },
        ]}
        data-testid="flow-record-view"
      />
      {view === 'all' ? <FlowRecords records={records} /> : <RecordSummary instanceId={instanceId} by={view} />}
    </div>
  );
}
