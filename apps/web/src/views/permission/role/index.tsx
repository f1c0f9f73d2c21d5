import type { RoleForm, RoleListItem } from '@atrium/shared';
import { Form, Radio, Segmented, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaTexts } from '../../../locales/index.ts';
import {
  AddButton,
  AdminPage,
  DataTable,
  FormDialog,
  recordColumns,
  OrganizeTree,
  resourceFormCalls,
  SearchBar,
  stateSwitchColumn,
  Toolbar,
  usePagedList,
} from '../../../components/admin/index.ts';
import { CodeField, NameField, OrganizeSelect, RecordFields } from '../../../components/admin/fields.tsx';
import { roleApi } from '../../../api/permission.ts';

const KEY = ['permission', 'role'] as const;
/** organizeId filter value of the 'global' tab (the list call understands it). */
const GLOBAL = 'global';

interface Dialog {
  id?: string;
  organizeId?: string;
}

/** The user screens' texts ship in chunks of their own (loaded by the page registry before it renders). */
export const texts: AreaTexts = {
  'zh-CN': () => import('../../../locales/areas/user/zh-CN.ts'),
  'zh-TW': () => import('../../../locales/areas/user/zh-TW.ts'),
  'en-US': () => import('../../../locales/areas/user/en-US.ts'),
};

/** Role management: global roles and roles per organisation. */
export default function RolePage() {
  const { t } = useTranslation();
  const list = usePagedList<RoleListItem, { organizeId?: string }>({ queryKey: KEY, fetch: roleApi.list });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const reload = list.reload;
  const scope = list.query.organizeId === GLOBAL ? GLOBAL : list.query.organizeId ? 'organize' : 'all';

  const columns: TableColumnsType<RoleListItem> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('user.roleName'), width: 150 },
    { key: 'enCode', dataIndex: 'enCode', title: t('user.roleCode'), width: 150 },
    {
      key: 'globalMark',
      dataIndex: 'globalMark',
      title: t('user.roleType'),
      width: 150,
      render: (v: number, row) =>
        v === 1 ? (
          <Tag color="blue">{t('user.globalRole')}</Tag>
        ) : (
          <Tag>{row.organizeName || t('user.organizeRole')}</Tag>
        ),
    },
    { key: 'userCount', dataIndex: 'userCount', title: t('user.userCount'), width: 80, align: 'right' },
    ...recordColumns<RoleListItem>(t, {
      status: stateSwitchColumn(t, roleApi.stateUrl, reload),
      descriptionWidth: 160,
      testId: 'role',
      onEdit: (row) => setDialog({ id: row.id }),
      remove: roleApi.remove,
      onRemoved: reload,
    }),
  ];

  const id = dialog?.id;
  return (
    <AdminPage
      data-testid="role-page"
      treeTitle={t('user.organize')}
      tree={
        <OrganizeTree
          value={scope === 'organize' ? list.query.organizeId : undefined}
          onSelect={(organizeId) => list.filter({ organizeId })}
        />
      }
    >
      <SearchBar onSearch={list.search}>
        <Segmented
          value={scope}
          onChange={(v) => {
            if (v === GLOBAL) list.filter({ organizeId: GLOBAL });
            else if (v === 'all') list.filter({ organizeId: undefined });
          }}
          options={[
            { value: 'all', label: t('user.allRoles') },
            { value: GLOBAL, label: t('user.globalRole') },
            { value: 'organize', label: t('user.organizeRole'), disabled: scope !== 'organize' },
          ]}
          data-testid="role-scope"
        />
      </SearchBar>
      <Toolbar onRefresh={() => void list.refetch()}>
        <AddButton
          onClick={() => setDialog({ organizeId: scope === 'organize' ? list.query.organizeId : undefined })}
          data-testid="role-add"
        >
          {t('user.addRole')}
        </AddButton>
      </Toolbar>
      <DataTable<RoleListItem>
        rowKey="id"
        {...list.table}
        columns={columns}
        scroll={{ x: 1100 }}
        data-testid="role-table"
      />
      <FormDialog<RoleForm>
        open={!!dialog}
        title={t(id ? 'user.editRole' : 'user.addRole')}
        {...resourceFormCalls(roleApi, id, (values) => ({
          ...values,
          // A global role belongs to no organisation.
          organizeId: values.globalMark === 1 ? null : values.organizeId,
        }))}
        initialValues={
          id
            ? undefined
            : { globalMark: dialog?.organizeId ? 0 : 1, organizeId: dialog?.organizeId, enabledMark: 1, sortCode: 0 }
        }
        onClose={() => setDialog(null)}
        onSaved={reload}
      >
        <NameField label={t('user.roleName')} />
        <CodeField label={t('user.roleCode')} />
        <Form.Item name="globalMark" label={t('user.roleType')} initialValue={1}>
          <Radio.Group
            options={[
              { value: 1, label: t('user.globalRole') },
              { value: 0, label: t('user.organizeRole') },
            ]}
            data-testid="role-global"
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['globalMark']}>
          {({ getFieldValue }) =>
            getFieldValue('globalMark') === 0 ? (
              <Form.Item
                name="organizeId"
                label={t('user.organize')}
                rules={[{ required: true, message: t('admin.requiredSelect', { field: t('user.organize') }) }]}
              >
                <OrganizeSelect />
              </Form.Item>
            ) : null
          }
        </Form.Item>
        <RecordFields />
      </FormDialog>
    </AdminPage>
  );
}
