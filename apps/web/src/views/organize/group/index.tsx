import type { GroupForm, GroupListItem } from '@atrium/shared';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  AdminPage,
  DataTable,
  enabledTagColumn,
  FormDialog,
  recordColumns,
  resourceFormCalls,
  SearchBar,
  Toolbar,
  usePagedList,
} from '../../../components/admin/index.ts';
import { groupApi } from '../../../api/organize.ts';
import { CodeField, NameField, RecordFields } from '../../../components/admin/fields.tsx';

const KEY = ['permission', 'group'] as const;

/** Permission groups: free sets of users. */
export default function GroupPage() {
  const { t } = useTranslation();
  const list = usePagedList<GroupListItem>({ queryKey: KEY, fetch: groupApi.list });
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const reload = list.reload;

  const columns: TableColumnsType<GroupListItem> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('organize.groupName'), width: 180 },
    { key: 'enCode', dataIndex: 'enCode', title: t('organize.groupCode'), width: 160 },
    { key: 'memberCount', dataIndex: 'memberCount', title: t('organize.memberCount'), width: 90, align: 'right' },
    ...recordColumns<GroupListItem>(t, {
      status: enabledTagColumn(t),
      descriptionWidth: 200,
      testId: 'group',
      onEdit: (row) => setDialog({ id: row.id }),
      remove: groupApi.remove,
      onRemoved: reload,
    }),
  ];

  const id = dialog?.id;
  return (
    <AdminPage data-testid="group-page">
      <SearchBar onSearch={list.search} />
      <Toolbar onRefresh={() => void list.refetch()}>
        <AddButton onClick={() => setDialog({})} data-testid="group-add">
          {t('organize.addGroup')}
        </AddButton>
      </Toolbar>
      <DataTable<GroupListItem> {...list.table} columns={columns} data-testid="group-table" />
      <FormDialog<GroupForm>
        open={!!dialog}
        title={t(id ? 'organize.editGroup' : 'organize.addGroup')}
        {...resourceFormCalls(groupApi, id)}
        initialValues={id ? undefined : { enabledMark: 1, sortCode: 0 }}
        onClose={() => setDialog(null)}
        onSaved={reload}
      >
        <NameField label={t('organize.groupName')} />
        <CodeField label={t('organize.groupCode')} />
        <RecordFields />
      </FormDialog>
    </AdminPage>
  );
}
