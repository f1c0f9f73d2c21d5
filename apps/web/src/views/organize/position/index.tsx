import type { PositionForm, PositionListItem } from '@atrium/shared';
import { Form, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  AdminPage,
  DataTable,
  enabledTagColumn,
  FormDialog,
  recordColumns,
  OrganizeTree,
  resourceFormCalls,
  SearchBar,
  Toolbar,
  usePagedList,
} from '../../../components/admin/index.ts';
import { positionApi } from '../../../api/organize.ts';
import { CodeField, NameField, OrganizeSelect, RecordFields } from '../../../components/admin/fields.tsx';
import { GradeSelect } from '../../../components/grade-select/index.tsx';

const KEY = ['permission', 'position'] as const;

interface Dialog {
  id?: string;
  organizeId?: string;
}

/** Position management: organisation tree on the left, positions of the chosen branch on the right. */
export default function PositionPage() {
  const { t } = useTranslation();
  const list = usePagedList<PositionListItem, { organizeId?: string }>({ queryKey: KEY, fetch: positionApi.list });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const reload = list.reload;

  const columns: TableColumnsType<PositionListItem> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('organize.positionName'), width: 160 },
    { key: 'enCode', dataIndex: 'enCode', title: t('organize.positionCode'), width: 160 },
    { key: 'organizeName', dataIndex: 'organizeName', title: t('organize.organize'), width: 140 },
    { key: 'gradeName', dataIndex: 'gradeName', title: t('grade.grade'), width: 110 },
    { key: 'userCount', dataIndex: 'userCount', title: t('organize.userCount'), width: 80, align: 'right' },
    ...recordColumns<PositionListItem>(t, {
      status: enabledTagColumn(t),
      descriptionWidth: 180,
      testId: 'position',
      onEdit: (row) => setDialog({ id: row.id }),
      remove: positionApi.remove,
      onRemoved: reload,
    }),
  ];

  const id = dialog?.id;
  return (
    <AdminPage
      data-testid="position-page"
      treeTitle={t('organize.treeTitle')}
      tree={<OrganizeTree value={list.query.organizeId} onSelect={(organizeId) => list.filter({ organizeId })} />}
    >
      <SearchBar onSearch={list.search} />
      <Toolbar onRefresh={() => void list.refetch()}>
        <AddButton onClick={() => setDialog({ organizeId: list.query.organizeId })} data-testid="position-add">
          {t('organize.addPosition')}
        </AddButton>
      </Toolbar>
      <DataTable<PositionListItem> {...list.table} columns={columns} data-testid="position-table" />
      <FormDialog<PositionForm>
        open={!!dialog}
        title={t(id ? 'organize.editPosition' : 'organize.addPosition')}
        {...resourceFormCalls(positionApi, id)}
        initialValues={id ? undefined : { organizeId: dialog?.organizeId, enabledMark: 1, sortCode: 0 }}
        onClose={() => setDialog(null)}
        onSaved={reload}
      >
        <Form.Item
          name="organizeId"
          label={t('organize.organize')}
          rules={[{ required: true, message: t('admin.requiredSelect', { field: t('organize.organize') }) }]}
        >
          <OrganizeSelect />
        </Form.Item>
        <NameField label={t('organize.positionName')} />
        <CodeField label={t('organize.positionCode')} />
        <Form.Item name="gradeId" label={t('grade.grade')}>
          <GradeSelect data-testid="position-grade" />
        </Form.Item>
        <RecordFields />
      </FormDialog>
    </AdminPage>
  );
}
