import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { MenuType } from '@atrium/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Form, Space, Spin, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Has } from '../../../access/has.tsx';
import {
  AdminPage,
  DataTable,
  FormDialog,
  removeWithConfirm,
  SearchBar,
  StateSwitch,
  Toolbar,
} from '../../../components/admin/index.ts';
import { IconPicker, menuIcon } from '../../../components/menu-icon/index.ts';
import {
  CodeField,
  DescriptionField,
  EnabledField,
  NameField,
  SortCodeField,
} from '../../../components/admin/fields.tsx';
import { menuApi, systemApi, type MenuInfo, type SystemBody, type SystemInfo } from './api.ts';
import { ElementsDrawer } from './elements-drawer.tsx';
import { MenuDialog } from './menu-dialog.tsx';
import { NameTranslationFields } from './name-translations.tsx';
import styles from './menu.module.css';

const KEY = ['system', 'menu'] as const;
const TYPE_COLOR: Record<number, string> = { 1: 'default', 2: 'blue', 3: 'purple', 6: 'orange', 7: 'cyan', 8: 'gold' };

function collectIds(nodes: MenuInfo[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.id, ...collectIds(n.children)] : []));
}

/** Systems list of the left panel, with add/edit/delete. */
function SystemList({
  systems,
  loading,
  value,
  onSelect,
  onEdit,
  onRemoved,
}: {
  systems: SystemInfo[];
  loading: boolean;
  value: string | undefined;
  onSelect: (id: string) => void;
  onEdit: (id?: string) => void;
  onRemoved: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Spin spinning={loading}>
      <Has code="btn_add">
        <Button block icon={<PlusOutlined />} onClick={() => onEdit()} data-testid="system-add">
          {t('authorize.addSystem')}
        </Button>
      </Has>
      <div className={styles.systems} role="listbox" aria-label={t('authorize.systems')} data-testid="system-list">
        {systems.map((s) => (
          <div
            key={s.id}
            role="option"
            tabIndex={0}
            aria-selected={s.id === value}
            className={`${styles.system} ${s.id === value ? styles.systemActive : ''}`}
            onClick={() => onSelect(s.id)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') onSelect(s.id);
            }}
            data-testid={`system-${s.enCode}`}
          >
            {menuIcon(s.icon, 0 as MenuType)}
            <div className={styles.systemText}>
              <div className={styles.systemName}>{s.fullName}</div>
              <div className={styles.systemMeta}>
                {s.enCode} · {t('authorize.menuCount', { count: s.menuCount ?? 0 })}
                {s.enabledMark !== 1 && (
                  <Tag color="error" style={{ marginLeft: 6 }}>
                    {t('admin.disabled')}
                  </Tag>
                )}
              </div>
            </div>
            <span className={styles.systemActions} onClick={(e) => e.stopPropagation()}>
              <Has code="btn_edit">
                <Tooltip title={t('admin.edit')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<EditOutlined />}
                    aria-label={t('admin.edit')}
                    onClick={() => onEdit(s.id)}
                  />
                </Tooltip>
              </Has>
              <Has code="btn_remove">
                <Tooltip title={t('admin.remove')}>
                  <Button
                    type="text"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('admin.remove')}
                    onClick={() => void removeWithConfirm(() => systemApi.remove(s.id), onRemoved)}
                  />
                </Tooltip>
              </Has>
            </span>
          </div>
        ))}
        {!loading && systems.length === 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.empty')} />
        )}
      </div>
    </Spin>
  );
}

/** Menu management: systems on the left, the chosen system's menu tree on the right. */
export default function MenuPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const systems = useQuery({ queryKey: [...KEY, 'systems'], queryFn: () => systemApi.list() });
  const [picked, setPicked] = useState<string | undefined>();
  const systemId = picked && systems.data?.some((s) => s.id === picked) ? picked : systems.data?.[0]?.id;
  const [keyword, setKeyword] = useState('');
  const menus = useQuery({
    queryKey: [...KEY, 'tree', systemId, keyword],
    queryFn: () => menuApi.tree(systemId!, keyword),
    enabled: !!systemId,
  });
  const [expanded, setExpanded] = useState<readonly React.Key[] | null>(null);
  const allIds = useMemo(() => collectIds(menus.data ?? []), [menus.data]);
  const expandedKeys = expanded ?? allIds;
  const [systemDialog, setSystemDialog] = useState<{ id?: string } | null>(null);
  const [menuDialog, setMenuDialog] = useState<{ id?: string; parentId?: string } | null>(null);
  const [elementsOf, setElementsOf] = useState<MenuInfo | null>(null);
  const reload = () => void queryClient.invalidateQueries({ queryKey: KEY });
  const currentSystem = systems.data?.find((s) => s.id === systemId);

  const columns: TableColumnsType<MenuInfo> = [
    {
      key: 'fullName',
      dataIndex: 'fullName',
      title: t('authorize.menuName'),
      width: 200,
      render: (name: string, row) => (
        <span className={styles.nameCell}>
          {menuIcon(row.icon, row.type as MenuType)}
          {name}
        </span>
      ),
    },
    { key: 'enCode', dataIndex: 'enCode', title: t('authorize.menuCode'), width: 170 },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('authorize.type'),
      width: 90,
      render: (type: number) => <Tag color={TYPE_COLOR[type] ?? 'default'}>{t(`authorize.type${type}`)}</Tag>,
    },
    { key: 'urlAddress', dataIndex: 'urlAddress', title: t('authorize.urlAddress'), width: 150, ellipsis: true },
    {
      key: 'linkTarget',
      dataIndex: 'linkTarget',
      title: t('authorize.linkTarget'),
      width: 110,
      render: (v: string) => (v === '_blank' ? t('authorize.targetBlank') : t('authorize.targetSelf')),
    },
    { key: 'sortCode', dataIndex: 'sortCode', title: t('admin.sortCode'), width: 60, align: 'right' },
    {
      key: 'enabledMark',
      dataIndex: 'enabledMark',
      title: t('admin.status'),
      width: 80,
      render: (v: number, row) => <StateSwitch enabled={v === 1} url={menuApi.stateUrl(row.id)} onChanged={reload} />,
    },
    {
      key: 'actions',
      title: t('admin.actions'),
      width: 210,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Has code="btn_edit">
            <Button type="link" size="small" onClick={() => setMenuDialog({ id: row.id })} data-testid="menu-edit">
              {t('admin.edit')}
            </Button>
          </Has>
          {row.type === 1 && (
            <Has code="btn_add">
              <Button type="link" size="small" onClick={() => setMenuDialog({ parentId: row.id })}>
                {t('authorize.addChild')}
              </Button>
            </Has>
          )}
          {row.type !== 1 && (
            <Button type="link" size="small" onClick={() => setElementsOf(row)} data-testid="menu-elements">
              {t('authorize.elements')}
            </Button>
          )}
          <Has code="btn_remove">
            <Button
              type="link"
              size="small"
              danger
              onClick={() => void removeWithConfirm(() => menuApi.remove(row.id), reload)}
              data-testid="menu-remove"
            >
              {t('admin.remove')}
            </Button>
          </Has>
        </Space>
      ),
    },
  ];

  const editSystemId = systemDialog?.id;
  return (
    <AdminPage
      data-testid="menu-page"
      treeTitle={t('authorize.systems')}
      toggleLabels={{ show: t('authorize.showSystems'), hide: t('authorize.hideSystems') }}
      tree={
        <SystemList
          systems={systems.data ?? []}
          loading={systems.isLoading}
          value={systemId}
          onSelect={(id) => {
            setPicked(id);
            setExpanded(null);
          }}
          onEdit={(id) => setSystemDialog({ id })}
          onRemoved={reload}
        />
      }
    >
      <SearchBar onSearch={setKeyword} />
      <Toolbar
        onRefresh={() => void menus.refetch()}
        extra={
          <>
            <Button type="text" onClick={() => setExpanded(allIds)}>
              {t('authorize.expandAll')}
            </Button>
            <Button type="text" onClick={() => setExpanded([])}>
              {t('authorize.collapseAll')}
            </Button>
          </>
        }
      >
        <Has code="btn_add">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!systemId}
            onClick={() => setMenuDialog({})}
            data-testid="menu-add"
          >
            {t('authorize.addMenu')}
          </Button>
        </Has>
        {currentSystem && (
          <Tag color="blue" className={styles.systemTag} data-testid="menu-current-system">
            {currentSystem.fullName}
          </Tag>
        )}
      </Toolbar>
      <DataTable<MenuInfo>
        columns={columns}
        dataSource={menus.data ?? []}
        loading={menus.isLoading || systems.isLoading}
        error={menus.isError || systems.isError}
        onRetry={() => void (systems.isError ? systems.refetch() : menus.refetch())}
        expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: (keys) => setExpanded(keys) }}
        data-testid="menu-table"
      />
      {systemId && (
        <MenuDialog dialog={menuDialog} systemId={systemId} onClose={() => setMenuDialog(null)} onSaved={reload} />
      )}
      <ElementsDrawer menu={elementsOf} onClose={() => setElementsOf(null)} />
      <FormDialog<SystemBody>
        open={!!systemDialog}
        width={520}
        title={t(editSystemId ? 'authorize.editSystem' : 'authorize.addSystem')}
        load={editSystemId ? () => systemApi.info(editSystemId) : undefined}
        initialValues={editSystemId ? undefined : { enabledMark: 1, sortCode: 0 }}
        submit={(values, version) =>
          editSystemId ? systemApi.update(editSystemId, { ...values, version }) : systemApi.create(values)
        }
        onClose={() => setSystemDialog(null)}
        onSaved={reload}
      >
        <NameField label={t('authorize.systemName')} />
        <NameTranslationFields testIdPrefix="system" />
        <CodeField label={t('authorize.systemCode')} />
        <Form.Item name="icon" label={t('authorize.icon')}>
          <IconPicker data-testid="system-icon" />
        </Form.Item>
        <SortCodeField />
        <EnabledField />
        <DescriptionField />
      </FormDialog>
    </AdminPage>
  );
}
