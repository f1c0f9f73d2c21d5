import type { PageResult } from '@atrium/shared';
import { FlowListCategory, FlowStatus, type FlowListItem } from '@atrium/shared/workflow';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Select, type TableColumnsType } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  launch,
  listFlowTasks,
  listMonitored,
  listMyLaunches,
  monitor,
  type FlowListQuery,
} from '../../api/workflow.ts';
import { useDictionary } from '../../stores/dictionaries.ts';
import { actionsColumn, AdminPage, DataTable, SearchBar, Toolbar, usePagedList } from '../admin/index.ts';
import { confirmRemove } from '../admin/confirm-remove.ts';
import { flowDetailLink } from './detail-link.ts';
import { confirmFlowAction, runFlowAction, WORKFLOW_QUERY_KEY } from './flow-action.ts';
import { FlowStatusTag, UrgencyTag } from './flow-status.tsx';
import { detailConfigOf, type FlowListKind } from './list-kinds.ts';
import { useTemplateOptions } from './template-options.ts';

type Filters = Omit<FlowListQuery, 'currentPage' | 'pageSize' | 'keyword'>;

const FETCH: Record<FlowListKind, (query: FlowListQuery) => Promise<PageResult<FlowListItem>>> = {
  launch: listMyLaunches,
  todo: (q) => listFlowTasks(FlowListCategory.todo, q),
  done: (q) => listFlowTasks(FlowListCategory.done, q),
  circulate: (q) => listFlowTasks(FlowListCategory.circulate, q),
  monitor: listMonitored,
};

const TERMINAL = new Set<number>([FlowStatus.adopt, FlowStatus.reject, FlowStatus.revoke, FlowStatus.cancel]);
const SHOWN_STATUSES = [1, 2, 3, 4, 5];

const time = (v: number | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : '');

/**
 * One of the flow menus' lists: keyword, template, date range, urgency (and status where a list
 * mixes them) filters; each row opens its detail in the view its list stands for; my applications
 * may delete, withdraw and urge, the monitor terminate, suspend and restore.
 */
export function FlowListPage({ kind }: { kind: FlowListKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const category = useDictionary('flowCategory');
  const list = usePagedList<FlowListItem, Filters>({ queryKey: [...WORKFLOW_QUERY_KEY, kind], fetch: FETCH[kind] });
  const templateOptions = useTemplateOptions();
  const [filters, setFilters] = useState<Filters>({});
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const withStatus = kind === 'launch' || kind === 'monitor';

  const applyFilters = (next: Filters) => {
    setFilters(next);
    list.filter(next);
  };

  const open = (row: FlowListItem) => navigate(flowDetailLink(detailConfigOf(kind, row)));
  const act = async (question: string | null, call: () => Promise<{ msg?: string }>) => {
    if (question && !(await confirmFlowAction(question))) return;
    await runFlowAction(call, queryClient);
  };
  const remove = async (row: FlowListItem) => {
    if (await confirmRemove()) await runFlowAction(() => launch.remove(row.id), queryClient);
  };

  const rowActions = (row: FlowListItem) => {
    const link = (label: string, onClick: () => void, testId: string, danger = false) => (
      <Button key={testId} type="link" size="small" danger={danger} onClick={onClick} data-testid={`flow-${testId}`}>
        {label}
      </Button>
    );
    const buttons = [link(kind === 'todo' ? t('workflow.handleIt') : t('workflow.view'), () => open(row), 'open')];
    if (kind === 'launch') {
      if (row.status === FlowStatus.wait) {
        buttons.push(
          link(
            t('workflow.action.withdraw'),
            () => void act(t('workflow.confirm.withdraw'), () => launch.withdraw(row.id, {})),
            'withdraw',
          ),
          link(t('workflow.action.urge'), () => void act(null, () => launch.urge(row.id)), 'urge'),
        );
      }
      if (row.status === FlowStatus.draft || TERMINAL.has(row.status))
        buttons.push(link(t('admin.remove'), () => void remove(row), 'remove', true));
    }
    if (kind === 'monitor') {
      const instance = row.taskId || row.id;
      if (row.status === FlowStatus.wait)
        buttons.push(
          link(
            t('workflow.action.suspend'),
            () => void act(t('workflow.confirm.suspend'), () => monitor.suspend(instance)),
            'suspend',
          ),
        );
      if (row.status === FlowStatus.suspended)
        buttons.push(
          link(t('workflow.action.restore'), () => void act(null, () => monitor.restore(instance)), 'restore'),
        );
      if (row.status === FlowStatus.wait || row.status === FlowStatus.suspended)
        buttons.push(
          link(
            t('workflow.action.terminate'),
            () => void act(t('workflow.confirm.terminate'), () => monitor.terminate(instance, {})),
            'terminate',
            true,
          ),
        );
    }
    return <>{buttons}</>;
  };

  const columns: TableColumnsType<FlowListItem> = [
    {
      key: 'fullName',
      dataIndex: 'fullName',
      title: t('workflow.col.title'),
      width: 240,
      ellipsis: true,
      render: (v: string, row) => (
        <Button type="link" size="small" onClick={() => open(row)} data-testid="flow-title">
          {v}
        </Button>
      ),
    },
    { key: 'flowName', dataIndex: 'flowName', title: t('workflow.col.flowName'), width: 160, ellipsis: true },
    {
      key: 'flowCategory',
      dataIndex: 'flowCategory',
      title: t('workflow.col.category'),
      width: 100,
      render: (v: string) => category.labelOf(v),
    },
    ...(kind === 'launch'
      ? []
      : [{ key: 'userName', dataIndex: 'userName', title: t('workflow.col.initiator'), width: 120 }]),
    {
      key: 'startTime',
      dataIndex: 'startTime',
      title: t('workflow.col.startTime'),
      width: 150,
      render: (v: number | null) => time(v),
    },
    ...(kind === 'todo' || kind === 'done' || kind === 'circulate'
      ? [
          {
            key: 'creatorTime',
            dataIndex: 'creatorTime',
            title: t(kind === 'done' ? 'workflow.col.handleTime' : 'workflow.col.receiveTime'),
            width: 150,
            render: (v: number | null) => time(v),
          },
          { key: 'nodeName', dataIndex: 'nodeName', title: t('workflow.col.nodeName'), width: 120 },
        ]
      : [{ key: 'thisStep', dataIndex: 'thisStep', title: t('workflow.col.thisStep'), width: 140, ellipsis: true }]),
    {
      key: 'flowUrgent',
      dataIndex: 'flowUrgent',
      title: t('workflow.col.urgency'),
      width: 90,
      render: (v: number) => <UrgencyTag value={v} />,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('workflow.col.status'),
      width: 100,
      render: (v: number) => <FlowStatusTag status={v} />,
    },
    actionsColumn(t, rowActions, kind === 'launch' || kind === 'monitor' ? 200 : 90),
  ];

  return (
    <AdminPage data-testid={`flow-list-${kind}`}>
      <SearchBar
        onSearch={list.search}
        placeholder={t('workflow.keywordPlaceholder')}
        onReset={() => {
          setRange(null);
          applyFilters({});
          list.search('');
        }}
      >
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={filters.flowId}
          placeholder={t('workflow.col.flowName')}
          options={templateOptions}
          style={{ width: 180 }}
          onChange={(flowId?: string) => applyFilters({ ...filters, flowId })}
          data-testid="flow-filter-template"
        />
        <DatePicker.RangePicker
          value={range}
          onChange={(next) => {
            setRange(next);
            const [from, to] = next ?? [null, null];
            applyFilters({
              ...filters,
              startTime: from ? from.startOf('day').valueOf() : undefined,
              endTime: to ? to.endOf('day').valueOf() : undefined,
            });
          }}
        />
        <Select
          allowClear
          value={filters.flowUrgent}
          placeholder={t('workflow.col.urgency')}
          style={{ width: 110 }}
          options={[1, 2, 3].map((u) => ({ value: u, label: t(`workflow.urgency.u${u}`) }))}
          onChange={(flowUrgent?: number) => applyFilters({ ...filters, flowUrgent })}
          data-testid="flow-filter-urgency"
        />
        {withStatus && (
          <Select
            allowClear
            value={filters.status}
            placeholder={t('workflow.col.status')}
            style={{ width: 120 }}
            options={SHOWN_STATUSES.map((s) => ({ value: s, label: t(`workflow.status.s${s}`) }))}
            onChange={(status?: number) => applyFilters({ ...filters, status })}
            data-testid="flow-filter-status"
          />
        )}
      </SearchBar>
      <Toolbar onRefresh={() => void list.refetch()} />
      <DataTable<FlowListItem> {...list.table} columns={columns} data-testid="flow-table" />
    </AdminPage>
  );
}
