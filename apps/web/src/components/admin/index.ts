/**
 * The admin UI kit: building blocks of every management list screen (organisations, positions,
 * roles, groups, users, menus...). A typical screen:
 *
 *   const list = usePagedList({ queryKey: ['permission', 'group'], fetch: groupApi.list });
 *   <AdminPage tree={<OrganizeTree value={orgId} onSelect={(id) => list.filter({ organizeId: id })} />}>
 *     <SearchBar onSearch={list.search} />
 *     <Toolbar onRefresh={() => list.refetch()}>
 *       <Has code="btn_add"><Button type="primary" onClick={...}>{t('admin.add')}</Button></Has>
 *     </Toolbar>
 *     <DataTable columns={...} dataSource={list.list} loading={list.loading} paging={list.paging}
 *       error={list.isError} onRetry={list.refetch} />   (or simply <DataTable {...list.table} columns={...} />)
 *   </AdminPage>
 *   <FormDialog open title load={() => api.info(id)} submit={(v, version) => api.update(id, { ...v, version })} ... />
 *
 * - AdminPage: layout with an optional left tree panel that collapses behind a toggle on phones.
 * - SearchBar: keyword input (search on Enter or button) + reset; extra filters as children.
 * - Toolbar: action buttons (wrap each in <Has code="btn_x">) and an optional refresh icon.
 * - DataTable / serverPagination: antd Table with server paging (20 by default; 20/50/100/500; total,
 *   sizes, pages, jumper), 暂无数据 when empty, a load-failure state with retry.
 * - usePagedList: keyword/filters/page state + react-query loading of one page.
 * - FormDialog / isConflict: Modal + Form that loads the detail, submits with `version`, and on 409
 *   shows admin.conflict and reloads the latest record into the form.
 * - confirmRemove / removeWithConfirm: the delete confirmation (admin.confirmRemove), then delete.
 * - StateSwitch: enable/disable cell that PUTs the state action (read-only without btn_edit).
 * - Shared columns (enabledTagColumn, stateSwitchColumn, sortCodeColumn, creatorTimeColumn,
 *   descriptionColumn, actionsColumn, and recordColumns = status..actions of a named record)
 *   and RowActions (edit/remove links behind <Has>).
 * - OrganizeTree / fetchOrganizeTree / ORGANIZE_TREE_KEY: company/department tree with keyword
 *   filter; selecting a node filters the table.
 * - resourceFormCalls: FormDialog's load/submit over a resource's calls (api/resource.ts), editing
 *   with the version or creating.
 * - AddButton: the toolbar's primary add button behind <Has code="btn_add">.
 * - paging and tree helpers: PAGE_SIZES, changePage, searchWith, pageAfterRemove, filterTree,
 *   branchIds, findNode.
 */
export { AdminPage } from './admin-page.tsx';
export { SearchBar } from './search-bar.tsx';
export { Toolbar } from './toolbar.tsx';
export { DataTable, serverPagination, type ServerPaging } from './data-table.tsx';
export { usePagedList, type PagedListOptions } from './use-paged-list.ts';
export { FormDialog, isConflict, validValues, type FormDialogProps, type Versioned } from './form-dialog.tsx';
export { confirmRemove, removeWithConfirm } from './confirm-remove.ts';
export { StateSwitch } from './state-switch.tsx';
export {
  enabledTagColumn,
  stateSwitchColumn,
  sortCodeColumn,
  creatorTimeColumn,
  descriptionColumn,
  actionsColumn,
  recordColumns,
} from './columns.tsx';
export { RowActions } from './row-actions.tsx';
export { OrganizeTree, fetchOrganizeTree, ORGANIZE_TREE_KEY } from './organize-tree.tsx';
export { resourceFormCalls } from './resource-api.ts';
export { AddButton } from './add-button.tsx';
export {
  PAGE_SIZES,
  DEFAULT_PAGE_SIZE,
  initialPaging,
  changePage,
  searchWith,
  pageAfterRemove,
  emptyPage,
  type PagingState,
} from './paging.ts';
export { filterTree, branchIds, findNode, type TreeLike } from './tree-filter.ts';
