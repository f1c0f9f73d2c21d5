import { DownOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Dropdown, Select, Space, Tag, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AreaTexts } from '../../../locales/index.ts';
import { Has } from '../../../access/has.tsx';
import { useHas } from '../../../access/use-has.ts';
import { dataInterfaceApi, type DataInterfaceListItem } from '../../../api/data-interface.ts';
import {
  actionsColumn,
  AddButton,
  AdminPage,
  creatorTimeColumn,
  DataTable,
  descriptionColumn,
  RowActions,
  SearchBar,
  sortCodeColumn,
  stateSwitchColumn,
  Toolbar,
  usePagedList,
} from '../../../components/admin/index.ts';
import { InterfaceDialog } from './interface-dialog.tsx';
import { LogsDrawer } from './logs-drawer.tsx';
import { TestRunner } from './test-runner.tsx';
import styles from './data-interface.module.css';

const KEY = ['system', 'dataInterface'] as const;
const TYPE_COLOR: Record<number, string> = { 1: 'blue', 2: 'green', 3: 'purple' };
const TYPE_LABEL: Record<number, string> = { 1: 'typeSql', 2: 'typeJson', 3: 'typeApi' };

interface Filters {
  categoryId?: string;
  dataType?: number;
}

/** Saves an export: the JSON definition (parsed by the wrapper) or the xlsx Blob. */
function saveExport(data: unknown, fileName: string) {
  const blob = data instanceof Blob ? data : new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** The category list of the left panel ('all' first). */
function CategoryList({
  categories,
  value,
  onSelect,
}: {
  categories: { id: string; fullName: string }[];
  value: string | undefined;
  onSelect: (id: string | undefined) => void;
}) {
  const { t } = useTranslation();
  const items = [{ id: undefined, fullName: t('dataInterface.allCategories') }, ...categories];
  return (
    <div
      className={styles.categories}
      role="listbox"
      aria-label={t('dataInterface.categories')}
      data-testid="di-categories"
    >
      {items.map((c) => (
        <div
          key={c.id ?? 'all'}
          role="option"
          tabIndex={0}
          aria-selected={c.id === value}
          className={`${styles.category} ${c.id === value ? styles.categoryActive : ''}`}
          onClick={() => onSelect(c.id)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ' ') onSelect(c.id);
          }}
        >
          {c.fullName}
        </div>
      ))}
    </div>
  );
}

/** This screen's texts ship in chunks of their own (loaded by the page registry before it renders). */
export const texts: AreaTexts = {
  'zh-CN': () => import('../../../locales/areas/data-interface/zh-CN.ts'),
  'zh-TW': () => import('../../../locales/areas/data-interface/zh-TW.ts'),
  'en-US': () => import('../../../locales/areas/data-interface/en-US.ts'),
};

/**
 * Data interfaces: admin-defined data sources for form widgets. A list by
 * category with search, add/edit per type, a test runner, the call log, state, export and delete.
 */
export default function DataInterfacePage() {
  const { t } = useTranslation();
  const has = useHas();
  const list = usePagedList<DataInterfaceListItem, Filters>({ queryKey: KEY, fetch: dataInterfaceApi.list });
  const categories = useQuery({ queryKey: [...KEY, 'categories'], queryFn: dataInterfaceApi.selector });
  const [dialog, setDialog] = useState<{ id?: string } | null>(null);
  const [testing, setTesting] = useState<DataInterfaceListItem | null>(null);
  const [logs, setLogs] = useState<DataInterfaceListItem | null>(null);
  const reload = list.reload;

  const exportItems = (row: DataInterfaceListItem) =>
    [
      { key: 'json', label: t('dataInterface.exportJson') },
      { key: 'xlsx', label: t('dataInterface.exportXlsx') },
    ].map((item) => ({
      ...item,
      onClick: async () =>
        saveExport(await dataInterfaceApi.export(row.id, item.key as 'json' | 'xlsx'), `${row.fullName}.${item.key}`),
    }));

  const columns: TableColumnsType<DataInterfaceListItem> = [
    { key: 'fullName', dataIndex: 'fullName', title: t('dataInterface.fullName'), width: 180 },
    { key: 'enCode', dataIndex: 'enCode', title: t('dataInterface.enCode'), width: 150 },
    { key: 'categoryName', dataIndex: 'categoryName', title: t('dataInterface.category'), width: 110 },
    {
      key: 'dataType',
      dataIndex: 'dataType',
      title: t('dataInterface.dataType'),
      width: 150,
      render: (v: number, row) => (
        <Space size={4}>
          <Tag color={TYPE_COLOR[v]}>{t(`dataInterface.${TYPE_LABEL[v]}`)}</Tag>
          {row.requestMethod && <Tag>{row.requestMethod}</Tag>}
          {row.checkType === 1 && <Tag>{t('dataInterface.paged')}</Tag>}
        </Space>
      ),
    },
    stateSwitchColumn<DataInterfaceListItem>(t, dataInterfaceApi.stateUrl, reload),
    sortCodeColumn(t),
    { key: 'creatorUser', dataIndex: 'creatorUser', title: t('dataInterface.creatorUser'), width: 130 },
    creatorTimeColumn(t),
    descriptionColumn(t, 180),
    actionsColumn(
      t,
      (row) => (
        <RowActions
          testId={`di-${row.enCode}`}
          onEdit={() => setDialog({ id: row.id })}
          onRemove={() => dataInterfaceApi.remove(row.id)}
          onRemoved={reload}
          leading={
            <Has code="btn_edit">
              <Button type="link" size="small" onClick={() => setTesting(row)} data-testid={`di-${row.enCode}-test`}>
                {t('dataInterface.test')}
              </Button>
            </Has>
          }
        >
          <Dropdown
            menu={{
              items: [
                { key: 'logs', label: t('dataInterface.logs'), onClick: () => setLogs(row) },
                ...(has('btn_download') ? exportItems(row) : []),
              ],
            }}
          >
            <Button type="link" size="small" data-testid={`di-${row.enCode}-more`}>
              {t('admin.more')} <DownOutlined />
            </Button>
          </Dropdown>
        </RowActions>
      ),
      230,
    ),
  ];

  return (
    <AdminPage
      data-testid="data-interface-page"
      treeTitle={t('dataInterface.categories')}
      toggleLabels={{ show: t('dataInterface.categories'), hide: t('dataInterface.categories') }}
      tree={
        <CategoryList
          categories={categories.data ?? []}
          value={list.query.categoryId}
          onSelect={(categoryId) => list.filter({ categoryId })}
        />
      }
    >
      <SearchBar onSearch={list.search} onReset={() => list.filter({ keyword: '', dataType: undefined } as Filters)}>
        <Select
          allowClear
          style={{ width: 140 }}
          placeholder={t('dataInterface.allTypes')}
          value={list.query.dataType}
          onChange={(dataType?: number) => list.filter({ dataType })}
          options={[1, 2, 3].map((v) => ({ value: v, label: t(`dataInterface.${TYPE_LABEL[v]}`) }))}
          data-testid="di-type-filter"
        />
      </SearchBar>
      <Toolbar onRefresh={() => void list.refetch()}>
        <AddButton onClick={() => setDialog({})} data-testid="di-add">
          {t('dataInterface.add')}
        </AddButton>
      </Toolbar>
      <DataTable<DataInterfaceListItem> {...list.table} columns={columns} rowKey="id" data-testid="di-table" />
      <InterfaceDialog
        target={dialog}
        categories={categories.data ?? []}
        categoryId={list.query.categoryId}
        onClose={() => setDialog(null)}
        onSaved={reload}
      />
      <TestRunner target={testing} onClose={() => setTesting(null)} />
      <LogsDrawer target={logs} onClose={() => setLogs(null)} />
    </AdminPage>
  );
}
