import { ApartmentOutlined, BankOutlined, PlusOutlined } from '@ant-design/icons';
import type { OrganizeListItem } from '@atrium/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, Tag, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Has } from '../../../access/has.tsx';
import {
  actionsColumn,
  AddButton,
  AdminPage,
  branchIds,
  creatorTimeColumn,
  DataTable,
  enabledTagColumn,
  ORGANIZE_TREE_KEY,
  RowActions,
  SearchBar,
  sortCodeColumn,
  Toolbar,
} from '../../../components/admin/index.ts';
import { organizeApi } from '../../../api/organize.ts';
import { OrganizeDialog, type OrganizeDialogState } from './organize-dialog.tsx';

const LIST_KEY = ['permission', 'organize', 'list'] as const;

/** Organisation management: the company/department tree-table. */
export default function OrganizePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [dialog, setDialog] = useState<OrganizeDialogState | null>(null);
  const [expanded, setExpanded] = useState<readonly React.Key[] | null>(null);
  const { data, isFetching, isError, refetch } = useQuery({
    queryKey: [...LIST_KEY, keyword],
    queryFn: () => organizeApi.list(keyword),
  });
  const rows = useMemo(() => data ?? [], [data]);
  const allBranches = useMemo(() => branchIds(rows), [rows]);

  const reload = () => {
    void queryClient.invalidateQueries({ queryKey: ['permission', 'organize'] });
    void queryClient.invalidateQueries({ queryKey: ORGANIZE_TREE_KEY });
  };

  const columns: TableColumnsType<OrganizeListItem> = [
    {
      key: 'fullName',
      dataIndex: 'fullName',
      title: t('organize.fullName'),
      width: 260,
      render: (name: string, row) => (
        <Space size={6}>
          {row.category === 'company' ? <BankOutlined /> : <ApartmentOutlined />}
          {name}
        </Space>
      ),
    },
    { key: 'enCode', dataIndex: 'enCode', title: t('organize.enCode'), width: 160 },
    {
      key: 'category',
      dataIndex: 'category',
      title: t('organize.category'),
      width: 90,
      render: (c: string) =>
        c === 'company' ? <Tag color="blue">{t('organize.company')}</Tag> : <Tag>{t('organize.department')}</Tag>,
    },
    { key: 'managerName', dataIndex: 'managerName', title: t('organize.manager'), width: 140 },
    enabledTagColumn(t),
    sortCodeColumn(t),
    creatorTimeColumn(t),
    actionsColumn(
      t,
      (row) => (
        <RowActions
          testId="organize"
          onEdit={() => setDialog({ category: row.category, id: row.id })}
          onRemove={() => organizeApi.remove(row.id)}
          onRemoved={reload}
          leading={
            <Has code="btn_add">
              <Button
                type="link"
                size="small"
                onClick={() => setDialog({ category: 'department', parentId: row.id })}
                data-testid="organize-add-child"
              >
                {t('organize.addChild')}
              </Button>
            </Has>
          }
        />
      ),
      200,
    ),
  ];

  return (
    <AdminPage data-testid="organize-page">
      <SearchBar onSearch={setKeyword} />
      <Toolbar
        onRefresh={() => void refetch()}
        extra={
          <Button type="text" onClick={() => setExpanded((e) => (e === null || e.length ? [] : allBranches))}>
            {expanded === null || expanded.length ? t('organize.collapseAll') : t('organize.expandAll')}
          </Button>
        }
      >
        <AddButton onClick={() => setDialog({ category: 'company' })} data-testid="organize-add-company">
          {t('organize.addCompany')}
        </AddButton>
        <Has code="btn_add">
          <Button
            icon={<PlusOutlined />}
            onClick={() => setDialog({ category: 'department' })}
            data-testid="organize-add-department"
          >
            {t('organize.addDepartment')}
          </Button>
        </Has>
      </Toolbar>
      <DataTable<OrganizeListItem>
        columns={columns}
        dataSource={rows}
        loading={isFetching}
        error={isError}
        onRetry={() => void refetch()}
        expandable={{
          // A search shows every match; otherwise the tree opens fully until the user folds it.
          expandedRowKeys: keyword ? allBranches : (expanded ?? allBranches),
          onExpandedRowsChange: (keys) => setExpanded(keys),
        }}
        data-testid="organize-table"
      />
      <OrganizeDialog state={dialog} onClose={() => setDialog(null)} onSaved={reload} />
    </AdminPage>
  );
}
