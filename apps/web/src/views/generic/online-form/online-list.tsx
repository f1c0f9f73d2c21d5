import type { PermissionEntry } from '@atrium/shared';
import type { FormJson, ListColumn } from '@atrium/shared/forms';
import { DeleteOutlined, DownloadOutlined, PlusOutlined, PrinterOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Grid, Space, Table, Tag, type TableColumnsType } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useCallback, useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPerm } from '../../../access/has-perm.ts';
import { useFieldGrant } from '../../../access/use-has.ts';
import type { OnlineRow } from '../../../api/visualdev.ts';
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
import { FormDetail, recordValues, useFormGrants } from '../../../components/form-runtime/index.ts';
import { downloadFile, ImportDialog, importApiFor } from '../../../components/import-dialog/index.ts';
import { useSessionStore } from '../../../stores/session.ts';
import { BatchPrint } from './batch-print.tsx';
import { editableFields, InlineCell, useInlineEdit } from './inline-edit.tsx';
import {
  CHILDREN,
  groupRows,
  isGroupRow,
  nestRows,
  phoneForm,
  queryTotalText,
  totalOf,
  withThousands,
  type ShapedRow,
} from './list-shape.ts';
import { ListTree } from './list-tree.tsx';
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
import { RecordCards, type CardTotal } from './record-cards.tsx';
import { RecordDialog } from './record-dialog.tsx';
import { useRecordSource, type OnlineListPage } from './record-source.ts';
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

/** The list's query: the search form's values, with the tree node's branch on the tree's field. */
function queryOf(values: Record<string, unknown>, relation: string | undefined, branch: string[] | undefined) {
  const query = { ...values };
  // One node is an exact match; a parent node matches any record filed anywhere in its branch.
  if (relation && branch?.length) query[relation] = branch.length === 1 ? branch[0] : branch;
  return Object.keys(query).length ? JSON.stringify(query) : '';
}

/**
 * The list of a released model: its search form, the add, batch-delete and batch-print buttons,
 * the table of its list columns (server sort and paging) with edit, delete and detail per row and
 * the summary row's totals over the whole query; on a phone the records as cards laid out by the
 * phone layout (`appData`), with the same actions. Add and edit open the form runtime in the form's
 * popup type; the detail shows the record as people read it.
 * The list type shapes the table: a tree on the left that filters by its field (2), rows grouped
 * by a field (3), rows edited in place (4), rows nested under their parent record (5).
 */
export function OnlineList({ model, menuId }: Props) {
  const { t } = useTranslation();
  const mobile = Grid.useBreakpoint().md === false;
  const { list: cfg, app } = model;
  const type = cfg.type ?? 1;
  const allowed = useButtonCheck(model, menuId);
  const columnGranted = useFieldGrant();
  const granted = useFormGrants(cfg.useFormPermission === true);
  const source = useRecordSource();
  const paged = cfg.hasPage !== false;
  const list = usePagedList<OnlineRow, Filters & { pageSize: number }>({
    // Sample records of a preview are not the model's records, so they are cached apart.
    queryKey: ['visualdev', source.exportRecords ? 'onlineDevRecords' : 'previewRecords', model.id],
    initialFilters: {
      queryJson: '',
      sidx: '',
      sort: cfg.sort === 'asc' ? 'asc' : 'desc',
      pageSize: paged && cfg.pageSize ? cfg.pageSize : 20,
    },
    fetch: (q) =>
      source.list(model.id, {
        currentPage: q.currentPage,
        pageSize: q.pageSize,
        sort: q.sort,
        sidx: q.sidx,
        menuId: menuId ?? model.menuId ?? '',
        queryJson: q.queryJson,
      }),
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ id?: string; form: FormJson } | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [printing, setPrinting] = useState<string[] | null>(null);
  const [searched, setSearched] = useState<Record<string, unknown>>({});
  const [node, setNode] = useState<{ id: string; branch: string[] } | undefined>();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  // The generic import calls, with this runtime's template route.
  const importApi = useMemo(
    () =>
      source.importBase && source.templateUrl
        ? { ...importApiFor(source.importBase(model.id)), template: () => source.templateUrl!(model.id) }
        : null,
    [model.id, source],
  );

  const relation = type === 2 && cfg.treeRelation ? cfg.treeRelation : undefined;
  // A phone offers the search fields its layout names (all of them when it names none).
  const search = useMemo(
    () => searchForm(model, mobile ? app.searchFields : undefined),
    [model, mobile, app.searchFields],
  );
  const printIds = useMemo(
    () => [...new Set((cfg.printIds ?? []).filter((id): id is string => typeof id === 'string' && !!id))],
    [cfg.printIds],
  );
  // Export, import and print exist only where the records are the server's; print needs a template.
  const serverRecords = !!source.exportRecords;
  const toolbar = buttonsOf(cfg.btnsList, TOOLBAR_BUTTONS).filter((b) => {
    if (!allowed(b)) return false;
    if (b === 'upload') return !!importApi;
    if (b === 'download') return serverRecords;
    if (b === 'batchPrint') return serverRecords && printIds.length > 0;
    return true;
  });
  const rowButtons = buttonsOf(cfg.columnBtnsList, ROW_BUTTONS).filter(allowed);
  const batch = toolbar.includes('batchRemove');
  const batchPrint = toolbar.includes('batchPrint');
  // Rows are selectable for the batch actions.
  const selectable = batch || batchPrint;
  const columns = cfg.columnList.filter((c) => !cfg.useColumnPermission || columnGranted(c.prop, 'column'));
  const detail = useMemo(
    () => detailForm(mobile ? phoneForm(model.form, app.formFields) : model.form),
    [model.form, mobile, app.formFields],
  );
  const thousands = useMemo(() => new Set(cfg.thousandsField ?? []), [cfg.thousandsField]);
  const summed = useMemo(
    () => new Set(cfg.showSummary ? (cfg.summaryField ?? []) : []),
    [cfg.showSummary, cfg.summaryField],
  );
  const inline = useInlineEdit(model, granted, list.reload);
  const editable = useMemo(() => (type === 4 ? editableFields(model, granted) : new Map()), [type, model, granted]);

  /** A cell as shown: the server's text, digits grouped for the list's thousands fields. */
  const shownText = (prop: string, value: unknown) => (thousands.has(prop) ? withThousands(value) : cellText(value));

  const filter = (values: Record<string, unknown>, branch: string[] | undefined) =>
    list.filter({ queryJson: queryOf(values, relation, branch) });

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
      const res = await source.batchRemove(model.id, selected);
      void feedback().message.success(res.msg && res.msg !== 'Success' ? res.msg : t('admin.removed'));
      const count = selected.length;
      setSelected([]);
      afterRemove(count);
    } catch {
      // the request wrapper showed why
    }
  };

  // The chosen records print in the list's order, whatever order they were ticked in.
  const printSelected = () => setPrinting(list.list.filter((r) => selected.includes(r.id)).map((r) => r.id));

  const exportRecords = async () => {
    setExporting(true);
    try {
      downloadFile(
        await source.exportRecords!(model.id, {
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
    async (id: string) => recordValues((await source.display(model.id, id)).data),
    [model.id, source],
  );
  const closeDetail = useCallback(() => setViewing(null), []);

  // The record form: on a phone in the layout's field order, fixed for as long as the dialog is open.
  const openRecord = (id?: string) =>
    setEditing({ id, form: mobile ? phoneForm(model.form, app.formFields) : model.form });
  // Editable rows edit in place on a wide screen; a phone's card opens the form as usual.
  const inlineRows = type === 4 && !mobile && editable.size > 0;

  const actions = (row: OnlineRow) =>
    inlineRows && inline.editing?.id === row.id ? (
      <Space size={0} wrap>
        <Button
          type="link"
          size="small"
          loading={inline.saving}
          onClick={() => void inline.save()}
          data-testid="online-inline-save"
        >
          {t('onlineForm.save')}
        </Button>
        <Button type="link" size="small" onClick={inline.cancel} data-testid="online-inline-cancel">
          {t('common.cancel')}
        </Button>
      </Space>
    ) : (
      <Space size={0} wrap>
        {rowButtons.map((b) =>
          b === 'edit' ? (
            <Button
              key={b}
              type="link"
              size="small"
              disabled={inlineRows && !!inline.editing}
              onClick={() => (inlineRows ? void inline.start(row.id) : openRecord(row.id))}
              data-testid="online-edit"
            >
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
                  () => source.remove(model.id, row.id),
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

  // ---- the table's rows and columns by list type ----
  const grouped = type === 3 && !!cfg.groupField;
  const rows: ShapedRow[] = useMemo(() => {
    if (grouped) return groupRows(list.list, cfg.groupField!);
    if (type === 5 && cfg.parentField) return nestRows(list.list, cfg.parentField);
    return list.list;
  }, [grouped, type, list.list, cfg.groupField, cfg.parentField]);
  const span = columns.length + (rowButtons.length ? 1 : 0);

  const sortOrderOf = (prop: string): SortOrder | undefined =>
    list.query.sidx === prop ? (list.query.sort === 'asc' ? 'ascend' : 'descend') : null;
  const tableColumns: TableColumnsType<ShapedRow> = columns.map((c: ListColumn, i) => ({
    key: c.prop,
    dataIndex: c.prop,
    title: c.label,
    width: c.width ?? undefined,
    fixed: fixedOf(c),
    align: c.align,
    ellipsis: !!c.width && !(inlineRows && editable.has(c.prop)),
    sorter: c.sortable === true,
    sortOrder: c.sortable ? sortOrderOf(c.prop) : undefined,
    // A group's header row is one cell across the table.
    onCell: grouped ? (row: ShapedRow) => (isGroupRow(row) ? { colSpan: i === 0 ? span : 0 } : {}) : undefined,
    render: (value: unknown, row: ShapedRow) => {
      if (row.__group)
        return i === 0 ? (
          <span className={styles.groupLabel} data-testid="online-group">
            {row.__group.label || t('onlineForm.noGroup')}
            <Tag className={styles.groupCount} variant="filled">
              {row.__group.count}
            </Tag>
          </span>
        ) : null;
      const field = inlineRows && inline.editing?.id === row.id ? editable.get(c.prop) : undefined;
      if (field && inline.editing)
        return <InlineCell field={field} form={model.form} editing={inline.editing} granted={granted} />;
      return shownText(c.prop, value);
    },
  }));
  if (rowButtons.length) {
    const column = actionsColumn<ShapedRow>(
      t,
      (row) => (isGroupRow(row) ? null : actions(row)),
      Math.max(inlineRows ? 120 : 90, rowButtons.length * 52 + 16),
    );
    tableColumns.push(grouped ? { ...column, onCell: (row) => (isGroupRow(row) ? { colSpan: 0 } : {}) } : column);
  }

  // ---- totals: the server's, over the whole query; the page's for sample records (function preview) ----
  // The paged list hook types a page by its rows; the server's page carries the totals beside them.
  const queryTotals = (list.data as OnlineListPage | undefined)?.summary;
  const totals = useMemo(() => {
    const out = new Map<string, string>();
    for (const prop of summed) {
      const grouped = thousands.has(prop) || list.list.some((r) => cellText(r[prop]).includes(','));
      const sum = queryTotals?.[prop];
      let total: string | undefined;
      if (!queryTotals) total = totalOf(list.list, prop, grouped);
      // A field the server leaves out (not summable, or not the caller's to see) has no total.
      else if (sum !== undefined) total = queryTotalText(sum, list.list, prop, grouped);
      if (total !== undefined) out.set(prop, total);
    }
    return out;
  }, [summed, thousands, list.list, queryTotals]);
  const showTotals = summed.size > 0 && list.list.length > 0;
  const offset = selectable ? 1 : 0;
  const labelAt = columns.findIndex((c) => !summed.has(c.prop));
  const summary = showTotals
    ? () => (
        <Table.Summary fixed>
          <Table.Summary.Row className={styles.summaryRow} data-testid="online-summary">
            {selectable && <Table.Summary.Cell index={0} />}
            {columns.map((c, i) => (
              <Table.Summary.Cell key={c.prop} index={i + offset} align={c.align}>
                {summed.has(c.prop) ? (
                  <span data-testid={`online-summary-${c.prop}`}>{totals.get(c.prop) ?? ''}</span>
                ) : i === labelAt ? (
                  t('onlineForm.summary')
                ) : null}
              </Table.Summary.Cell>
            ))}
            {rowButtons.length > 0 && <Table.Summary.Cell index={columns.length + offset} />}
          </Table.Summary.Row>
        </Table.Summary>
      )
    : undefined;
  const cardTotals: CardTotal[] = showTotals
    ? columns.filter((c) => totals.has(c.prop)).map((c) => ({ label: c.label, value: totals.get(c.prop)! }))
    : [];

  // ---- the phone card: the layout's title and lines, else the first column and the three after it ----
  const cardTitle = columns.find((c) => c.prop === app.titleField) ?? columns[0];
  const cardLines = app.lineFields?.length
    ? app.lineFields
        .map((p) => columns.find((c) => c.prop === p))
        .filter((c): c is ListColumn => !!c && c !== cardTitle)
    : columns.filter((c) => c !== cardTitle).slice(0, 3);

  const expandable = grouped
    ? {
        childrenColumnName: CHILDREN,
        expandedRowKeys: rows.filter((r) => !collapsed.has(r.id)).map((r) => r.id) as Key[],
        onExpand: (open: boolean, row: ShapedRow) =>
          setCollapsed((c) => {
            const next = new Set(c);
            if (open) next.delete(row.id);
            else next.add(row.id);
            return next;
          }),
      }
    : type === 5
      ? { childrenColumnName: CHILDREN, indentSize: 20 }
      : undefined;

  const tree =
    type === 2 ? (
      <ListTree
        list={cfg}
        value={node?.id}
        onSelect={(id, branch) => {
          const next = id ? { id, branch } : undefined;
          setNode(next);
          filter(searched, next?.branch);
        }}
      />
    ) : undefined;

  return (
    <AdminPage
      tree={tree}
      treeTitle={type === 2 ? cfg.treeTitle || undefined : undefined}
      data-testid="online-form-page"
    >
      {search && (
        <SearchForm
          form={search}
          onSearch={(values) => {
            setSearched(values);
            filter(values, node?.branch);
          }}
        />
      )}
      <Toolbar onRefresh={() => void list.refetch()}>
        {toolbar.includes('add') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => openRecord()} data-testid="online-add">
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
        {batchPrint && (
          <Button
            icon={<PrinterOutlined />}
            disabled={!selected.length}
            onClick={printSelected}
            data-testid="online-batch-print"
          >
            {t('onlineForm.batchPrint')}
          </Button>
        )}
      </Toolbar>
      {mobile ? (
        <RecordCards
          rows={list.list}
          title={cardTitle}
          lines={cardLines}
          text={shownText}
          totals={cardTotals}
          loading={list.loading}
          paging={paged ? list.paging : undefined}
          selected={selectable ? selected : undefined}
          onSelect={selectable ? setSelected : undefined}
          actions={actions}
        />
      ) : (
        <div className={`${styles.table} ${inlineRows ? styles.inlineTable : ''}`}>
          <DataTable<ShapedRow>
            {...list.table}
            dataSource={rows}
            paging={paged ? list.paging : undefined}
            columns={tableColumns}
            expandable={expandable}
            summary={summary}
            rowClassName={(row) => (isGroupRow(row) ? styles.groupRow : '')}
            rowSelection={
              selectable
                ? {
                    selectedRowKeys: selected,
                    onChange: (keys) => setSelected(keys.map(String).filter((k) => list.list.some((r) => r.id === k))),
                    fixed: 'left',
                    checkStrictly: true,
                    getCheckboxProps: (row) => ({
                      disabled: isGroupRow(row),
                      style: isGroupRow(row) ? { display: 'none' } : undefined,
                    }),
                  }
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
      {importApi && (
        <ImportDialog
          open={importing}
          api={importApi}
          onClose={(imported) => {
            setImporting(false);
            if (imported) list.reload();
          }}
        />
      )}
      {editing && (
        <RecordDialog
          modelId={model.id}
          form={editing.form}
          recordId={editing.id}
          title={editing.id ? t('admin.edit') : t('admin.add')}
          granted={granted}
          onClose={() => setEditing(null)}
          onSaved={list.reload}
        />
      )}
      {printing && (
        <BatchPrint
          printIds={printIds}
          recordIds={printing}
          fullName={model.fullName}
          onClose={() => setPrinting(null)}
        />
      )}
      {viewing && (
        <FormDetail
          open
          form={detail}
          modelId={model.id}
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
