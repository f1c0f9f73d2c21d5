import type { FlowRecord } from '@atrium/shared/workflow';
import { Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { HandleStatusTag } from '../../components/flow-status/flow-status.tsx';
import styles from './work-flow-detail.module.css';

interface RecordFile {
  name?: string;
  fileName?: string;
  url?: string;
}

const fileOf = (file: unknown): RecordFile =>
  file && typeof file === 'object' ? (file as RecordFile) : { name: String(file) };

/**
 * The approval history: node, handler, time, what was done, the opinion, the signature and the
 * files (S2-3-43); transfers, assignments and add-signs name their target people.
 */
export function FlowRecords({ records }: { records: readonly FlowRecord[] }) {
  const { t } = useTranslation();
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
      width: 160,
      render: (files: unknown[] | null) =>
        (files ?? []).map((f, i) => {
          const file = fileOf(f);
          const name = file.name ?? file.fileName ?? '';
          return (
            <div key={i}>
              {file.url ? (
                <a href={file.url} target="_blank" rel="noreferrer">
                  {name}
                </a>
              ) : (
                name
              )}
            </div>
          );
        }),
    },
  ];
  return (
    <Table<FlowRecord>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={[...records]}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('admin.empty') }}
      data-testid="flow-records"
    />
  );
}
