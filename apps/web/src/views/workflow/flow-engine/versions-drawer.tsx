/** The versions of a template: each published or archived version with the instances it runs. */
import { useQuery } from '@tanstack/react-query';
import { Drawer, Tag, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { flowTemplateApi, type FlowTemplateVersion } from '../../../api/flow-template.ts';
import { DataTable } from '../../../components/admin/index.ts';

const STATE_COLOURS: Record<string, string> = { published: 'green', draft: 'orange', archived: 'default' };

export function VersionsDrawer({ id, title, onClose }: { id: string; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  const versions = useQuery({
    queryKey: ['workflow', 'templates', id, 'versions'],
    queryFn: () => flowTemplateApi.versions(id),
  });
  const columns: TableColumnsType<FlowTemplateVersion> = [
    {
      key: 'versionNo',
      dataIndex: 'versionNo',
      title: t('flowDesigner.engine.versionNo'),
      width: 80,
      render: (n: number) => `v${n}`,
    },
    {
      key: 'state',
      dataIndex: 'state',
      title: t('flowDesigner.engine.versionState'),
      width: 90,
      render: (state: string) => (
        <Tag color={STATE_COLOURS[state]}>
          {t(`flowDesigner.engine.versionStates.${state}`, { defaultValue: state })}
        </Tag>
      ),
    },
    {
      key: 'publishedAt',
      dataIndex: 'publishedAt',
      title: t('flowDesigner.engine.publishedAt'),
      width: 170,
      render: (at: number | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm:ss') : ''),
    },
    { key: 'publishedBy', dataIndex: 'publishedBy', title: t('flowDesigner.engine.publishedBy'), width: 110 },
    {
      key: 'instanceCount',
      dataIndex: 'instanceCount',
      title: t('flowDesigner.engine.instanceCount'),
      width: 90,
      align: 'right',
    },
  ];
  return (
    <Drawer open title={t('flowDesigner.engine.versionsOf', { name: title })} size={640} onClose={onClose}>
      <DataTable<FlowTemplateVersion>
        columns={columns}
        dataSource={versions.data ?? []}
        loading={versions.isFetching}
        error={versions.isError}
        onRetry={() => void versions.refetch()}
        data-testid="flow-versions"
      />
    </Drawer>
  );
}
