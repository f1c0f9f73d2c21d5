/**
 * The list configuration of a designed model (`columnData`): the columns, search fields, list type,
 * paging, sort and buttons the list designer edits and the runtime list reads.
 */

/** 1 plain table, 2 tree on the left and a table, 3 grouped, 4 editable rows, 5 tree table. */
export type ListType = 1 | 2 | 3 | 4 | 5;

export interface ListColumn {
  label: string;
  /** The field's key: `vModel`, or `table-vModel` for a sub-table column. */
  prop: string;
  jnpfKey?: string;
  fixed?: 'left' | 'right' | 'none' | '' | null;
  align?: 'left' | 'center' | 'right';
  sortable?: boolean;
  width?: number | null;
}

/** 1 exact, 2 fuzzy (contains), 3 range (from, to). */
export type SearchType = 1 | 2 | 3;

export interface ListSearch {
  label: string;
  prop: string;
  jnpfKey?: string;
  searchType: SearchType;
  searchMultiple?: boolean;
}

export interface ListButton {
  value: string;
  label: string;
}

export interface ColumnData {
  type?: ListType;
  columnList: ListColumn[];
  searchList?: ListSearch[];
  hasSuperQuery?: boolean;
  showSummary?: boolean;
  summaryField?: string[];
  thousandsField?: string[];
  defaultSidx?: string;
  /** 'asc' or 'desc'. */
  sort?: 'asc' | 'desc';
  hasPage?: boolean;
  pageSize?: number;
  treeTitle?: string;
  treeDataSource?: 'dictionary' | 'organize' | 'api';
  treeDictionary?: string;
  treeRelation?: string;
  groupField?: string;
  parentField?: string;
  useColumnPermission?: boolean;
  useFormPermission?: boolean;
  useBtnPermission?: boolean;
  useDataPermission?: boolean;
  btnsList?: ListButton[];
  columnBtnsList?: ListButton[];
  customBtnsList?: ListButton[];
  printIds?: string[];
  [extra: string]: unknown;
}

/** The list of a new model: nothing shown yet, 20 a page, newest first. */
export const EMPTY_COLUMN_DATA: ColumnData = {
  type: 1,
  columnList: [],
  searchList: [],
  hasPage: true,
  pageSize: 20,
  sort: 'desc',
  btnsList: [
    { value: 'add', label: '新增' },
    { value: 'download', label: '导出' },
  ],
  columnBtnsList: [
    { value: 'edit', label: '编辑' },
    { value: 'remove', label: '删除' },
    { value: 'detail', label: '详情' },
  ],
};
