import { Drawer, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { dataInterfaceApi, type DataInterfaceLog } from '../../../api/data-interface.ts';
import { DataTable, usePagedList } from '../../../components/admin/index.ts';

/** Log action codes (server) -> their text keys. */
const ACTION_LABEL: Record<string, string> = {
  preview: 'actionPreview',
  list: 'actionList',
  infoByIds: 'actionInfoByIds',
  // Calls a running flow makes: an approver node finding its handlers, a trigger node.
  flowAssignee: 'actionFlowAssignee',
  flowTrigger: 'actionFlowTrigger',
};

interface Props {
  target: { id: string; fullName: string } | null;
  onClose: () => void;
}

function LogTable({ id }: { id: string }) {
  const { t } = useTranslation();
  const list = usePagedList<DataInterfaceLog>({
    queryKey: ['system', 'dataInterface', 'logs', id],
    fetch: (query) => dataInterfaceApi.logs(id, query),
  });
  const columns: TableColumnsType<DataInterfaceLog> = [
    {
      key: 'invokTime',
      dataIndex: 'invokTime',
      title: t('dataInterface.invokTime'),
      width: 170,
      render: (v: number) => dayjs(v).format('YYYY-MM-DD HH:mm:ss'),
    },
    { key: 'userName', dataIndex: 'userName', title: t('dataInterface.caller'), width: 150 },
    {
      key: 'invokType',
      dataIndex: 'invokType',
      title: t('dataInterface.action'),
      width: 100,
      render: (v: string) => (v in ACTION_LABEL ? t(`dataInterface.${ACTION_LABEL[v]}`) : v),
    },
    {
      key: 'invokWasteTime',
      dataIndex: 'invokWasteTime',
      title: t('dataInterface.wasteTime'),
      width: 100,
      align: 'right',
    },
    { key: 'invokIp', dataIndex: 'invokIp', title: t('dataInterface.ip'), width: 130 },
    {
      key: 'isSuccess',
      dataIndex: 'isSuccess',
      title: t('dataInterface.outcome'),
      width: 260,
      render: (v: number, row) =>
        v === 1 ? (
          <Tag color="success">{t('dataInterface.success')}</Tag>
        ) : (
          <span>
            <Tag color="error">{t('dataInterface.failure')}</Tag>
            {row.errorMessage}
          </span>
        ),
    },
    { key: 'invokDevice', dataIndex: 'invokDevice', title: t('dataInterface.device'), ellipsis: true, width: 200 },
  ];
  return <DataTable<DataInterfaceLog> {...list.table} columns={columns} rowKey="id" data-testid="di-log-table" />;
}

/** The calls of one interface, newest first: time, caller, duration, ip and outcome. */
export function LogsDrawer({ target, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={!!target}
      size={960}
      title={target ? t('dataInterface.logsTitle', { name: target.fullName }) : ''}
      onClose={onClose}
      destroyOnHidden
      data-testid="di-logs"
    >
      {target && <LogTable id={target.id} />}
    </Drawer>
  );
}
