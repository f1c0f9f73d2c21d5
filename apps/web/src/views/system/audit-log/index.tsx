import { AUDIT_RESOURCES, formatDate, type AuditAction, type AuditLogListItem } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Grid,
  Result,
  Select,
  Skeleton,
  Tag,
  type TableColumnsType,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage, DataTable, SearchBar, Toolbar, usePagedList } from '../../../components/admin/index.ts';
import { auditLogApi } from '../../../api/audit-log.ts';
import type { AreaTexts } from '../../../locales/index.ts';
import { DiffView } from './diff-view.tsx';
import styles from './audit-log.module.css';

/** The page's texts, in chunks of their own: only administrators who open the trail load them. */
export const texts: AreaTexts = {
  'zh-CN': () => import('../../../locales/areas/audit-log/zh-CN.ts'),
  'zh-TW': () => import('../../../locales/areas/audit-log/zh-TW.ts'),
  'en-US': () => import('../../../locales/areas/audit-log/en-US.ts'),
};

const KEY = ['system', 'auditLog'] as const;

const ACTION_COLORS: Record<AuditAction, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  other: 'purple',
};

interface Filters {
  resource?: string;
  userId?: string;
  startTime?: number;
  endTime?: number;
}

type Range = [Dayjs | null, Dayjs | null] | null;

/**
 * The audit trail (menu system.auditLog): every administrative change, newest first, searchable by
 * who, what and when; a row opens the change with its before/after diff. Read only: the trail has
 * no add, edit or delete, here or in the API.
 */
export default function AuditLogPage() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const list = usePagedList<AuditLogListItem, Filters>({ queryKey: KEY, fetch: auditLogApi.list });
  const [range, setRange] = useState<Range>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const users = useQuery({ queryKey: [...KEY, 'users'], queryFn: auditLogApi.users, staleTime: 60_000 });

  const resourceName = (resource: string) =>
    (AUDIT_RESOURCES as readonly string[]).includes(resource) ? t(`auditLog.resources.${resource}`) : resource;
  const actionTag = (action: AuditAction) => <Tag color={ACTION_COLORS[action]}>{t(`auditLog.actions.${action}`)}</Tag>;

  const columns: TableColumnsType<AuditLogListItem> = [
    {
      key: 'createdAt',
      dataIndex: 'createdAt',
      title: t('auditLog.time'),
      width: 170,
      render: (time: number) => formatDate(time),
    },
    {
      key: 'user',
      title: t('auditLog.user'),
      width: 150,
      render: (_: unknown, row) => (row.realName ? `${row.realName}/${row.account}` : row.account),
    },
    { key: 'ip', dataIndex: 'ip', title: t('auditLog.ip'), width: 130 },
    {
      key: 'action',
      dataIndex: 'action',
      title: t('auditLog.action'),
      width: 90,
      align: 'center',
      render: actionTag,
    },
    {
      key: 'resource',
      dataIndex: 'resource',
      title: t('auditLog.resource'),
      width: 130,
      render: resourceName,
    },
    { key: 'resourceId', dataIndex: 'resourceId', title: t('auditLog.resourceId'), width: 230, ellipsis: true },
    {
      key: 'route',
      title: t('auditLog.route'),
      ellipsis: true,
      render: (_: unknown, row) => (
        <span className={styles.route}>
          {row.method} {row.url}
        </span>
      ),
    },
    {
      key: 'detail',
      title: t('auditLog.detail'),
      width: 80,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Button type="link" size="small" onClick={() => setOpened(row.id)} data-testid={`audit-open-${row.id}`}>
          {t('auditLog.view')}
        </Button>
      ),
    },
  ];

  const changeRange = (value: Range) => {
    setRange(value);
    list.filter({
      startTime: value?.[0] ? value[0].startOf('day').valueOf() : undefined,
      endTime: value?.[1] ? value[1].endOf('day').valueOf() : undefined,
    });
  };

  return (
    <AdminPage data-testid="audit-log-page">
      <SearchBar
        onSearch={list.search}
        placeholder={t('auditLog.keywordPlaceholder')}
        onReset={() => {
          setRange(null);
          list.filter({ resource: undefined, userId: undefined, startTime: undefined, endTime: undefined });
          list.search('');
        }}
      >
        <Select
          className={styles.filter}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('auditLog.allResources')}
          aria-label={t('auditLog.resource')}
          value={list.query.resource}
          onChange={(resource?: string) => list.filter({ resource })}
          options={AUDIT_RESOURCES.map((value) => ({ value, label: t(`auditLog.resources.${value}`) }))}
          data-testid="audit-resource"
        />
        <Select
          className={styles.filter}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('auditLog.allUsers')}
          aria-label={t('auditLog.user')}
          value={list.query.userId}
          loading={users.isLoading}
          onChange={(userId?: string) => list.filter({ userId })}
          options={(users.data ?? []).map((u) => ({ value: u.id, label: `${u.realName}/${u.account}` }))}
          data-testid="audit-user"
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(dates) => changeRange(dates)}
          placeholder={[t('auditLog.startTime'), t('auditLog.endTime')]}
          data-testid="audit-range"
        />
      </SearchBar>
      <Toolbar onRefresh={() => void list.refetch()} />
      <DataTable<AuditLogListItem>
        rowKey="id"
        {...list.table}
        columns={columns}
        scroll={{ x: 1200 }}
        onRow={(row) => ({ onDoubleClick: () => setOpened(row.id) })}
        data-testid="audit-table"
      />
      <Drawer
        open={!!opened}
        onClose={() => setOpened(null)}
        title={t('auditLog.detailTitle')}
        size={screens.md === false ? '100%' : 860}
        destroyOnHidden
        data-testid="audit-drawer"
      >
        {opened && <AuditDetail id={opened} resourceName={resourceName} actionTag={actionTag} />}
      </Drawer>
    </AdminPage>
  );
}

function AuditDetail({
  id,
  resourceName,
  actionTag,
}: {
  id: string;
  resourceName: (resource: string) => string;
  actionTag: (action: AuditAction) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const detail = useQuery({ queryKey: [...KEY, 'detail', id], queryFn: () => auditLogApi.info(id) });
  if (detail.isLoading) return <Skeleton active />;
  if (!detail.data) return <Result status="warning" title={t('auditLog.loadFailed')} />;
  const row = detail.data;
  return (
    <>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} data-testid="audit-detail">
        <Descriptions.Item label={t('auditLog.time')}>{formatDate(row.createdAt)}</Descriptions.Item>
        <Descriptions.Item label={t('auditLog.user')}>
          {row.realName ? `${row.realName}/${row.account}` : row.account}
        </Descriptions.Item>
        <Descriptions.Item label={t('auditLog.action')}>{actionTag(row.action)}</Descriptions.Item>
        <Descriptions.Item label={t('auditLog.resource')}>{resourceName(row.resource)}</Descriptions.Item>
        <Descriptions.Item label={t('auditLog.resourceId')}>{row.resourceId ?? ''}</Descriptions.Item>
        <Descriptions.Item label={t('auditLog.ip')}>{row.ip}</Descriptions.Item>
        <Descriptions.Item label={t('auditLog.route')} span={2}>
          <span className={styles.route}>
            {row.method} {row.url}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('auditLog.userAgent')} span={2}>
          {row.userAgent}
        </Descriptions.Item>
        <Descriptions.Item label={t('auditLog.requestId')} span={2}>
          {row.requestId}
        </Descriptions.Item>
      </Descriptions>
      <DiffView before={row.before} after={row.after} />
    </>
  );
}
