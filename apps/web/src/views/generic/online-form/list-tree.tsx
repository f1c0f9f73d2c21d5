import { SearchOutlined } from '@ant-design/icons';
import { treePropsOf, type ColumnData, type TreeProps } from '@atrium/shared/forms';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { filterTree } from '../../../components/admin/index.ts';
import { useDictionary } from '../../../components/dictionary-select/index.ts';
import { interfaceApi, pickerApi, type Row } from '../../../components/pickers/picker-api.ts';
import { branchOf, CHILDREN, nestRows, type ShapedRow } from './list-shape.ts';
import { cellText } from './model.ts';
import styles from './online-form.module.css';

/** A node of the left tree: a dictionary item, an organisation or a row of a data interface. */
interface Node {
  id: string;
  fullName: string;
  children?: Node[];
}

const toTreeData = (nodes: readonly Node[]): TreeDataNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: n.fullName,
    children: n.children?.length ? toTreeData(n.children) : undefined,
  }));

const allKeys = (nodes: readonly Node[]): string[] =>
  nodes.flatMap((n) => (n.children?.length ? [n.id, ...allKeys(n.children)] : []));

const fromNested = (rows: readonly ShapedRow[]): Node[] =>
  rows.map((r) => ({
    id: r.id,
    fullName: cellText(r.fullName),
    children: r[CHILDREN]?.length ? fromNested(r[CHILDREN]) : undefined,
  }));

/**
 * The nodes of an interface's rows by the list's keys: nested through the children key, or, with
 * a parent key, flat rows put under their parent (a row whose parent is not there stays at the
 * top). A row without an id cannot filter anything and is left out; an id seen before too, since
 * a node stands for one value.
 */
function interfaceNodes(rows: readonly Row[], props: TreeProps): Node[] {
  const seen = new Set<string>();
  function nodeOf(row: Row): Node | undefined {
    const id = cellText(row[props.value]);
    if (!id || seen.has(id)) return undefined;
    seen.add(id);
    const children = row[props.children];
    const nested = !props.parent && Array.isArray(children) ? nodesOf(children) : [];
    return { id, fullName: cellText(row[props.label]) || id, children: nested.length ? nested : undefined };
  }
  function nodesOf(list: readonly unknown[]): Node[] {
    return list.flatMap((r) => (r && typeof r === 'object' ? (nodeOf(r as Row) ?? []) : []));
  }
  if (!props.parent) return nodesOf(rows);
  const flat = rows.flatMap((r) => {
    const node = nodeOf(r);
    return node ? [{ id: node.id, fullName: node.fullName, parent: cellText(r[props.parent]) }] : [];
  });
  return fromNested(nestRows(flat, 'parent'));
}

interface TreeNodes {
  nodes: Node[];
  loading: boolean;
  /** Why the nodes could not be loaded. */
  error?: string;
  retry?: () => void;
}

/**
 * The nodes of the list's tree source: a dictionary's items, the organisations the caller may
 * pick, or the rows of a data interface, all at once through the call option fields make.
 */
function useTreeNodes(list: ColumnData): TreeNodes {
  const source = list.treeDataSource ?? 'dictionary';
  const dictionary = useDictionary(source === 'dictionary' ? list.treeDictionary : undefined);
  const organizes = useQuery({
    queryKey: ['visualdev', 'onlineTree', 'organize'],
    queryFn: () => pickerApi.organizes(false),
    enabled: source === 'organize',
  });
  const props = useMemo(() => treePropsOf(list), [list]);
  const interfaceId = source === 'api' ? list.treeInterfaceId : undefined;
  const rows = useQuery({
    queryKey: ['visualdev', 'onlineTree', 'api', interfaceId, props.value, props.label],
    enabled: !!interfaceId,
    staleTime: 60_000,
    retry: false,
    queryFn: async () =>
      (
        await interfaceApi.list(interfaceId!, {
          keyword: '',
          currentPage: 1,
          pageSize: 10_000,
          propsValue: props.value,
          relationField: props.label,
          columnOptions: '',
          paramList: [],
        })
      ).list,
  });
  const apiNodes = useMemo(() => interfaceNodes(rows.data ?? [], props), [rows.data, props]);
  if (source === 'organize') return { nodes: organizes.data ?? [], loading: organizes.isFetching };
  if (source === 'api')
    return {
      nodes: apiNodes,
      loading: rows.isFetching,
      error: rows.error?.message,
      retry: () => void rows.refetch(),
    };
  return { nodes: dictionary.options, loading: dictionary.loading };
}

interface Props {
  list: ColumnData;
  /** The chosen node, or undefined for every record. */
  value?: string;
  /** A node and the ids of its branch (itself and every node under it); undefined clears the filter. */
  onSelect: (id: string | undefined, branch: string[]) => void;
}

/**
 * The tree on the left of a type 2 list: the dictionary items of `treeDictionary`, the
 * organisation tree, or the rows of the data interface `treeInterfaceId`. Choosing a node filters
 * the list by `treeRelation`; choosing it again clears the filter. A parent node stands for its
 * whole branch, since records name the leaf they are filed under (a laptop under "IT equipment /
 * laptops").
 */
export function ListTree({ list, value, onSelect }: Props) {
  const { t } = useTranslation();
  const { nodes, loading, error, retry } = useTreeNodes(list);
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const shown = useMemo(() => filterTree(nodes, keyword), [nodes, keyword]);
  const treeData = useMemo(() => toTreeData(shown), [shown]);
  const expandedKeys = keyword ? allKeys(shown) : (expanded ?? allKeys(nodes));

  return (
    <div className={styles.tree} data-testid="online-tree">
      <Input
        allowClear
        size="small"
        prefix={<SearchOutlined />}
        placeholder={t('admin.treeFilter')}
        aria-label={t('admin.treeFilter')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
      />
      <div className={styles.treeBody}>
        <Spin spinning={loading}>
          {error && !loading ? (
            <Alert
              type="error"
              showIcon
              title={t('onlineForm.treeFailed')}
              description={error}
              action={
                retry && (
                  <Button size="small" onClick={retry}>
                    {t('admin.retry')}
                  </Button>
                )
              }
              data-testid="online-tree-error"
            />
          ) : !loading && !shown.length ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.empty')} />
          ) : (
            <Tree
              blockNode
              showIcon={false}
              treeData={treeData}
              selectedKeys={value ? [value] : []}
              expandedKeys={expandedKeys}
              onExpand={(keys) => setExpanded(keys)}
              onSelect={(keys) => {
                const id = keys[0] === undefined ? undefined : String(keys[0]);
                onSelect(id, id ? branchOf(nodes, id) : []);
              }}
            />
          )}
        </Spin>
      </div>
    </div>
  );
}
