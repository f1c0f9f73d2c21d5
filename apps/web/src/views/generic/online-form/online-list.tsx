import type { PermissionEntry } from '@atrium/shared';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Grid, Space, type TableColumnsType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPerm } from '../../../access/has-perm.ts';
import { useFieldGrant } from '../../../access/use-has.ts';
import { onlineDevApi, type OnlineRow } from '../../../api/visualdev.ts';
import { feedback } from '../../../app/feedback.ts';
import {
  actionsColumn,
  AdminPage,
  confirmRemove,
  DataTable,
  pageAfterRemove,
  removeWithConfirm,
  Toolbar,
  usePagedList,
} from '../../../components/admin/index.ts';
import { FormDetail, useFormGrants } from '../../../components/form-runtime/index.ts';
import { downloadFile, ImportDialog, importApiFor } from '../../../components/import-dialog/index.ts';
import { useSessionStore } from '../../../stores/session.ts';
import {
  buttonsOf,
  cellText,
  detailForm,
  fixedOf,
  ROW_BUTTONS,
  searchForm,
  TOOLBAR_BUTTONS,
  type OnlineModel,
} from './model.ts';
import { RecordCards } from './record-cards.tsx';
import { RecordDialog } from './record-dialog.tsx';
import { SearchForm } from './search-form.tsx';
import styles from './online-form.module.css';

interface Filters {
  queryJson: string;
  sidx: string;
  sort: 'asc' | 'desc';
}

/** A model's buttons by the list's button grants: `btn_<value>` of the menu when they apply, else all. */
function useButtonCheck(model: OnlineModel, menuId: string | undefined) {
  const permissionList = useSessionStore((s) => s.permissionList) as PermissionEntry[];
  const judge = model.list.useBtnPermission === true;
  return useCallback(
    (value: string) => !judge || hasPerm(permissionList, menuId ?? model.menuId, `btn_${value}`),
    [judge, permissionList, menuId, model.menuId],
  );
}

interface Props {
  model: OnlineModel;
  /** The menu entry the page was opened from. */
  menuId?: string;
}

/**
 * The list of a released model: its search form, the add and batch-delete buttons, the table of
 * its list columns (server sort and paging) with edit, delete and detail per row; on a phone the
 * records as cards with the same actions. Add and edit open the form runtime in the form's popup
 * type; the detail shows the record as people read it.
 */
export function OnlineList({ model, menuId }: Props) {
  const { t } = useTranslation();
  const mobile = Grid.useBreakpoint().md === false;
  const { list: cfg } = model;
  const allowed = useButtonCheck(model, menuId);
  const columnGranted = useFieldGrant();
  const granted = useFormGrants();
  const paged = cfg.hasPage !== false;
  const list = usePagedList<OnlineRow, Filters & { pageSize: number }>({
    queryKey: ['visualdev', 'onlineDevRecords', model.id],
    initialFilters: {
      queryJson: '',
      sidx: '',
      sort: cfg.sort === 'asc' ? 'asc' : 'desc',
      pageSize: paged && cfg.pageSize ? cfg.pageSize : 20,
    },
    fetch: (q) =>
      onlineDevApi.list(model.id, {
        currentPage: q.currentPage,
        pageSize: q.pageSize,
        sort: q.sort,
        sidx: q.sidx,
        menuId: menuId ?? model.menuId ?? '',
        queryJson: q.queryJson,
      }),
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ id?: string } | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  // The generic import calls, with this runtime's template route.
  const importApi = useMemo(
    () => ({ ...importApiFor(onlineDevApi.importBase(model.id)), template: () => onlineDevApi.templateUrl(model.id) }),
    [model.id],
  );

  const search = useMemo(() => searchForm(model), [model]);
  const toolbar = buttonsOf(cfg.btnsList, TOOLBAR_BUTTONS).filter(allowed);
  const rowButtons = buttonsOf(cfg.columnBtnsList, ROW_BUTTONS).filter(allowed);
  const batch = toolbar.includes('batchRemove');
  const columns = cfg.columnList.filter((c) => !cfg.useColumnPermission || columnGranted(c.prop, 'column'));
  const detail = useMemo(() => detailForm(model.form), [model.form]);

  const afterRemove = (count: number) => {
    setSelected((s) => s.filter((id) => list.list.some((r) => r.id === id)));
    list.goTo(pageAfterRemove(list.query, list.total, count));
    list.reload();
  };

  const removeBatch = async () => {
    if (!selected.length) {
      void feedback().message.warning(t('onlineForm.selectFirst'));
      return;
    }
    if (!(await confirmRemove())) return;
    try {
      const res = await onlineDevApi.batchRemove(model.id, selected);
      void feedback().message.success(res.msg && res.msg !== 'Success' ? res.msg : t('admin.removed'));
      const count = selected.length;
      setSelected([]);
      afterRemove(count);
    } catch {
      // the request wrapper showed why
    }
  };

  const exportRecords = async () => {
    setExporting(true);
    try {
      downloadFile(
        await onlineDevApi.exportRecords(model.id, {
          currentPage: list.query.currentPage,
          pageSize: list.query.pageSize,
          sort: list.query.sort,
          sidx: list.query.sidx,
          menuId: menuId ?? model.menuId ?? '',
          queryJson: list.query.queryJson,
        }),
      );
    } catch {
      // the request wrapper showed why
    } finally {
      setExporting(false);
    }
  };

  const loadDetail = useCallback(
    async (id: string) => {
      const shown = await onlineDevApi.display(model.id, id);
      try {
        return JSON.parse(shown.data) as Record<string, unknown>;
      } catch {
        return {};
      }
    },
    [model.id],
  );
  const closeDetail = useCallback(() => setViewing(null), []);

  const actions = (row: OnlineRow) => (
    <Space size={0} wrap>
      {rowButtons.map((b) =>
        b === 'edit' ? (
          <Button key={b} type="link" size="small" onClick={() => setEditing({ id: row.id })} data-testid="online-edit">
            {t('admin.edit')}
          </Button>
        ) : b === 'remove' ? (
          <Button
            key={b}
            type="link"
            size="small"
            danger
            onClick={() =>
              void removeWithConfirm(
                () => onlineDevApi.remove(model.id, row.id),
                () => afterRemove(1),
              )
            }
            data-testid="online-remove"
          >
            {t('admin.remove')}
          </Button>
        ) : (
          <Button key={b} type="link" size="small" onClick={() => setViewing(row.id)} data-testid="online-detail">
            {t('admin.detail')}
          </Button>
        ),
      )}
    </Space>
  );

  const sortOrderOf = (prop: string): SortOrder | undefined =>
    list.query.sidx === prop ? (list.query.sort === 'asc' ? 'ascend' : 'descend') : null;
  const tableColumns: TableColumnsType<OnlineRow> = columns.map((c) => ({
    key: c.prop,
    dataIndex: c.prop,
    title: c.label,
    width: c.width ?? undefined,
    fixed: fixedOf(c),
    align: c.align,
    ellipsis: !!c.width,
    sorter: c.sortable === true,
    sortOrder: c.sortable ? sortOrderOf(c.prop) : undefined,
    render: (value: unknown) => cellText(value),
  }));
  if (rowButtons.length) tableColumns.push(actionsColumn(t, actions, Math.max(90, rowButtons.length * 52 + 16)));

  return (
    <AdminPage data-testid="online-form-page">
      {search && <SearchForm form={search} onSearch={(values) => list.filter({ queryJson: JSON.stringify(values) })} />}
      <Toolbar onRefresh={() => void list.refetch()}>
        {toolbar.includes('add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="online-add">
            {t('admin.add')}
          </Button>
        )}
        {toolbar.includes('upload') && (
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="online-import">
            {t('onlineForm.import')}
          </Button>
        )}
        {toolbar.includes('download') && (
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void exportRecords()}
            data-testid="online-export"
          >
            {t('onlineForm.export')}
          </Button>
        )}
        {batch && (
          <Button danger icon={<DeleteOutlined />} onClick={() => void removeBatch()} data-testid="online-batch-remove">
            {t('onlineForm.batchRemove')}
          </Button>
        )}
      </Toolbar>
      {mobile ? (
        <RecordCards
          rows={list.list}
          columns={columns}
          loading={list.loading}
          paging={paged ? list.paging : undefined}
          selected={batch ? selected : undefined}
          onSelect={batch ? setSelected : undefined}
          actions={actions}
        />
      ) : (
        <div className={styles.table}>
          <DataTable<OnlineRow>
            {...list.table}
            paging={paged ? list.paging : undefined}
            columns={tableColumns}
            rowSelection={
              batch
                ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)), fixed: 'left' }
                : undefined
            }
            onChange={(_p, _f, sorter, extra) => {
              if (extra.action !== 'sort' || Array.isArray(sorter)) return;
              const prop = sorter.order ? String(sorter.columnKey ?? '') : '';
              list.filter({ sidx: prop, sort: sorter.order === 'ascend' ? 'asc' : 'desc' });
            }}
            data-testid="online-table"
          />
        </div>
      )}
      <ImportDialog
        open={importing}
        api={importApi}
        onClose={(imported) => {
          setImporting(false);
          if (imported) list.reload();
        }}
      />
      {editing && (
        <RecordDialog
          modelId={model.id}
          form={model.form}
          recordId={editing.id}
          title={editing.id ? t('admin.edit') : t('admin.add')}
          granted={granted}
          onClose={() => setEditing(null)}
          onSaved={list.reload}
        />
      )}
      {viewing && (
        <FormDetail
          open
          form={detail}
          recordId={viewing}
          loadRecord={loadDetail}
          title={model.fullName}
          granted={granted}
          onClose={closeDetail}
        />
      )}
    </AdminPage>
  );
}
