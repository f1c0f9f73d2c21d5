import { DownloadOutlined, LockOutlined, UploadOutlined } from '@ant-design/icons';
import { USER_GRANTED_COLUMNS, type UserListItem } from '@atrium/shared';
import { Button, Dropdown, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaTexts } from '../../../locales/index.ts';
import { Has } from '../../../access/has.tsx';
import { useFieldGrant, useHas } from '../../../access/use-has.ts';
import { feedback } from '../../../app/feedback.ts';
import {
  actionsColumn,
  AddButton,
  AdminPage,
  creatorTimeColumn,
  DataTable,
  OrganizeTree,
  RowActions,
  SearchBar,
  stateSwitchColumn,
  Toolbar,
  usePagedList,
} from '../../../components/admin/index.ts';
import { downloadFile, ImportDialog } from '../../../components/import-dialog/index.ts';
import { useColumnSettings } from '../../../components/column-settings/index.ts';
import { userApi } from '../../../api/permission.ts';
import { ResetPasswordDialog } from './reset-password-dialog.tsx';
import { UserDialog } from './user-dialog.tsx';
import styles from './user.module.css';

const KEY = ['permission', 'users'] as const;

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

/** User management: organisation tree on the left, users of the chosen branch on the right. */
export default function UserPage() {
  const { t } = useTranslation();
  const has = useHas();
  const list = usePagedList<UserListItem, { organizeId?: string }>({ queryKey: KEY, fetch: userApi.list });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [resetting, setResetting] = useState<UserListItem | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const reload = list.reload;

  async function unlock(row: UserListItem) {
    try {
      const res = await userApi.unlock(row.id);
      void feedback().message.success(res.msg || t('admin.saved'));
      reload();
    } catch {
      // Shown by the wrapper.
    }
  }

  async function exportUsers() {
    setExporting(true);
    try {
      downloadFile(await userApi.exportExcel({ keyword: list.query.keyword, organizeId: list.query.organizeId }));
    } catch {
      // Shown by the wrapper.
    } finally {
      setExporting(false);
    }
  }

  const columns: TableColumnsType<UserListItem> = [
    {
      key: 'account',
      dataIndex: 'account',
      title: t('user.account'),
      width: 150,
      render: (v: string, row) => (
        <span className={styles.nowrap}>
          {v}
          {row.isAdministrator === 1 && (
            <Tag color="gold" className={styles.adminTag}>
              {t('user.administrator')}
            </Tag>
          )}
        </span>
      ),
    },
    { key: 'realName', dataIndex: 'realName', title: t('user.realName'), width: 110, ellipsis: true },
    {
      key: 'gender',
      dataIndex: 'gender',
      title: t('user.gender'),
      width: 70,
      render: (v: number | null) => (v === 1 ? t('user.male') : v === 2 ? t('user.female') : ''),
    },
    { key: 'organizeName', dataIndex: 'organizeName', title: t('user.organize'), width: 140, ellipsis: true },
    { key: 'gradeName', dataIndex: 'gradeName', title: t('grade.grade'), width: 100, ellipsis: true },
    { key: 'mobilePhone', dataIndex: 'mobilePhone', title: t('user.mobilePhone'), width: 130 },
    stateSwitchColumn(t, userApi.stateUrl, reload),
    {
      key: 'lockMark',
      dataIndex: 'lockMark',
      title: t('user.lock'),
      width: 80,
      render: (v: number) =>
        v === 1 ? (
          <Tag icon={<LockOutlined />} color="error" data-testid="user-locked">
            {t('user.locked')}
          </Tag>
        ) : null,
    },
    creatorTimeColumn(t),
    actionsColumn(
      t,
      (row) => {
        const more = [
          has('btn_edit') && { key: 'reset', label: t('user.resetPassword'), onClick: () => setResetting(row) },
          has('btn_edit') &&
            row.lockMark === 1 && { key: 'unlock', label: t('user.unlock'), onClick: () => void unlock(row) },
        ].filter(Boolean) as { key: string; label: string; onClick: () => void }[];
        return (
          <RowActions
            testId="user"
            onEdit={() => setDialog({ id: row.id })}
            onRemove={() => userApi.remove(row.id)}
            onRemoved={reload}
          >
            {more.length > 0 && (
              <Dropdown menu={{ items: more }} trigger={['click']}>
                <Button type="link" size="small" data-testid="user-more">
                  {t('admin.more')}
                </Button>
              </Dropdown>
            )}
          </RowActions>
        );
      },
      170,
    ),
  ];
  // The user's own column order and visibility (列表显示设置).
  const granted = useFieldGrant();
  // Columns granted one by one that the caller lacks: the server leaves them out of the rows.
  const grantable = new Set<string>(USER_GRANTED_COLUMNS);
  const columnSettings = useColumnSettings(
    columns.filter((c) => !grantable.has(String(c.key)) || granted(String(c.key), 'column')),
  );

  return (
    <AdminPage
      data-testid="user-page"
      treeTitle={t('user.organize')}
      tree={<OrganizeTree value={list.query.organizeId} onSelect={(organizeId) => list.filter({ organizeId })} />}
    >
      <SearchBar onSearch={list.search} />
      <Toolbar onRefresh={() => void list.refetch()} extra={columnSettings.button}>
        <AddButton onClick={() => setDialog({ organizeId: list.query.organizeId })} data-testid="user-add">
          {t('admin.add')}
        </AddButton>
        <Has code="btn_upload">
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="user-import">
            {t('user.import')}
          </Button>
        </Has>
        <Has code="btn_download">
          <Tooltip title={exporting ? t('user.exporting') : undefined}>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => void exportUsers()}
              data-testid="user-export"
            >
              {t('user.export')}
            </Button>
          </Tooltip>
        </Has>
      </Toolbar>
      <DataTable<UserListItem>
        rowKey="id"
        {...list.table}
        columns={columnSettings.columns}
        scroll={{ x: 1100 }}
        data-testid="user-table"
      />
      <UserDialog
        open={!!dialog}
        id={dialog?.id}
        organizeId={dialog?.organizeId}
        onClose={() => setDialog(null)}
        onSaved={reload}
      />
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      {columnSettings.drawer}
      <ImportDialog
        open={importing}
        api="/api/permission/Users"
        onClose={(imported) => {
          setImporting(false);
          if (imported) reload();
        }}
      />
    </AdminPage>
  );
}
