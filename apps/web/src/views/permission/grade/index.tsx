import type { GradeForm, GradeListItem } from '@atrium/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Form, InputNumber, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  AdminPage,
  DataTable,
  FormDialog,
  recordColumns,
  resourceFormCalls,
  SearchBar,
  stateSwitchColumn,
  Toolbar,
  usePagedList,
} from '../../../components/admin/index.ts';
import { CodeField, NameField, RecordFields } from '../../../components/admin/fields.tsx';
import { GRADE_OPTIONS_KEY } from '../../../components/grade-select/index.tsx';
import { gradeApi } from '../../../api/grade.ts';

const KEY = ['permission', 'grade'] as const;

/** Job grade management: the ranks positions and users carry. */
export default function GradePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = usePagedList<GradeListItem>({ queryKey: KEY, fetch: gradeApi.list });
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  // The position and user dialogs offer the enabled grades: refresh them after any change here.
  const reload = () => {
    list.reload();
    void queryClient.invalidateQueries({ queryKey: GRADE_OPTIONS_KEY });
  };

  const columns: TableColumnsType<GradeListItem> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('grade.name'), width: 150 },
    { key: 'enCode', dataIndex: 'enCode', title: t('grade.code'), width: 120 },
    {
      key: 'gradeLevel',
      dataIndex: 'gradeLevel',
      title: t('grade.level'),
      width: 90,
      align: 'center',
      render: (v: number) => <Tag color="geekblue">{v}</Tag>,
    },
    { key: 'positionCount', dataIndex: 'positionCount', title: t('grade.positions'), width: 90, align: 'right' },
    { key: 'userCount', dataIndex: 'userCount', title: t('grade.users'), width: 80, align: 'right' },
    ...recordColumns<GradeListItem>(t, {
      status: stateSwitchColumn(t, gradeApi.stateUrl, reload),
      descriptionWidth: 180,
      testId: 'grade',
      onEdit: (row) => setDialog({ id: row.id }),
      remove: gradeApi.remove,
      onRemoved: reload,
    }),
  ];

  const id = dialog?.id;
  return (
    <AdminPage data-testid="grade-page">
      <SearchBar onSearch={list.search} />
      <Toolbar onRefresh={() => void list.refetch()}>
        <AddButton onClick={() => setDialog({})} data-testid="grade-add">
          {t('grade.add')}
        </AddButton>
      </Toolbar>
      <DataTable<GradeListItem>
        rowKey="id"
        {...list.table}
        columns={columns}
        scroll={{ x: 1100 }}
        data-testid="grade-table"
      />
      <FormDialog<GradeForm>
        open={!!dialog}
        title={t(id ? 'grade.edit' : 'grade.add')}
        {...resourceFormCalls(gradeApi, id)}
        initialValues={id ? undefined : { gradeLevel: 1, enabledMark: 1, sortCode: 0 }}
        onClose={() => setDialog(null)}
        onSaved={reload}
      >
        <NameField label={t('grade.name')} />
        <CodeField label={t('grade.code')} />
        <Form.Item
          name="gradeLevel"
          label={t('grade.level')}
          extra={t('grade.levelHint')}
          rules={[{ required: true, message: t('admin.required', { field: t('grade.level') }) }]}
        >
          <InputNumber min={1} max={99} precision={0} style={{ width: '100%' }} data-testid="grade-level" />
        </Form.Item>
        <RecordFields />
      </FormDialog>
    </AdminPage>
  );
}
