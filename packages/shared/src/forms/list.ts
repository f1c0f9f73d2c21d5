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

/** Where the tree of a type 2 list takes its nodes from. */
export type TreeDataSource = 'dictionary' | 'organize' | 'api';

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
  treeDataSource?: TreeDataSource;
  /** The dictionary type (its id) of a dictionary tree. */
  treeDictionary?: string;
  /** The data interface (its id) of an interface tree. */
  treeInterfaceId?: string;
  /** The interface's name, kept so the designer can show it before the interface list loads. */
  treeInterfaceName?: string;
  /** The key of an interface row holding the node id; `id` when empty. */
  treePropsValue?: string;
  /** The key holding the node's label; `fullName` when empty. */
  treePropsLabel?: string;
  /** The key holding a node's child rows, for interfaces that answer a nested tree; `children` when empty. */
  treePropsChildren?: string;
  /** The key holding the parent's id, for interfaces that answer flat rows: set, the rows are nested by it. */
  treePropsParent?: string;
  /** The field of the form that holds a node id: choosing a node filters the list by it. */
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

/** The keys of an interface tree's rows, defaults filled in. */
export interface TreeProps {
  value: string;
  label: string;
  children: string;
  /** Empty when the interface answers a nested tree. */
  parent: string;
}

export const treePropsOf = (list: ColumnData): TreeProps => ({
  value: list.treePropsValue || 'id',
  label: list.treePropsLabel || 'fullName',
  children: list.treePropsChildren || 'children',
  parent: list.treePropsParent || '',
});

/** A key of an interface row as the interface call takes it: up to 64 letters, digits and `_`, not a digit first. */
const ROW_KEY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

const TREE_PROP_KEYS = ['treePropsValue', 'treePropsLabel', 'treePropsChildren', 'treePropsParent'] as const;

/** What is wrong with the tree of a list, naming the setting: an interface tree without its interface, or a bad key. */
export type ListTreeProblem =
  | { kind: 'interfaceMissing'; field: 'treeInterfaceId' }
  | { kind: 'keyInvalid'; field: (typeof TREE_PROP_KEYS)[number]; value: string };

/** The first problem of a type 2 list's interface tree; other lists and sources have none here. */
export function listTreeProblem(list: ColumnData): ListTreeProblem | undefined {
  if (list.type !== 2 || list.treeDataSource !== 'api') return undefined;
  // A design is checked as it came, which may be hand-written JSON: read the settings as unknown.
  const interfaceId: unknown = list.treeInterfaceId;
  if (typeof interfaceId !== 'string' || !interfaceId.trim())
    return { kind: 'interfaceMissing', field: 'treeInterfaceId' };
  for (const field of TREE_PROP_KEYS) {
    const value: unknown = list[field];
    if (value !== undefined && value !== '' && (typeof value !== 'string' || !ROW_KEY.test(value)))
      return { kind: 'keyInvalid', field, value: String(value) };
  }
  return undefined;
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
