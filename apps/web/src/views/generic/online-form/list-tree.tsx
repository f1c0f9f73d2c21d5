import { SearchOutlined } from '@ant-design/icons';
import type { ColumnData } from '@atrium/shared/forms';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { filterTree } from '../../../components/admin/index.ts';
import { useDictionary } from '../../../components/dictionary-select/index.ts';
import { pickerApi } from '../../../components/pickers/picker-api.ts';
import { branchOf } from './list-shape.ts';
import styles from './online-form.module.css';

/** A node of the left tree: a dictionary item or an organisation. */
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

/** The nodes of the list's tree source: a dictionary's items, or the organisations the caller may pick. */
function useTreeNodes(list: ColumnData): { nodes: Node[]; loading: boolean; unsupported: boolean } {
  const source = list.treeDataSource ?? 'dictionary';
  const dictionary = useDictionary(source === 'dictionary' ? list.treeDictionary : undefined);
  const organizes = useQuery({
    queryKey: ['visualdev', 'onlineTree', 'organize'],
    queryFn: () => pickerApi.organizes(false),
    enabled: source === 'organize',
  });
  if (source === 'organize') return { nodes: organizes.data ?? [], loading: organizes.isFetching, unsupported: false };
  if (source === 'dictionary') return { nodes: dictionary.options, loading: dictionary.loading, unsupported: false };
  return { nodes: [], loading: false, unsupported: true };
}

interface Props {
  list: ColumnData;
  /** The chosen node, or undefined for every record. */
  value?: string;
  /** A node and the ids of its branch (itself and every node under it); undefined clears the filter. */
  onSelect: (id: string | undefined, branch: string[]) => void;
}

/**
 * The tree on the left of a type 2 list: the dictionary items of `treeDictionary`, or the
 * organisation tree. Choosing a node filters the list by `treeRelation`; choosing it again clears
 * the filter. A parent node stands for its whole branch, since records name the leaf they are filed
 * under (a laptop under "IT equipment / laptops").
 */
export function ListTree({ list, value, onSelect }: Props) {
  const { t } = useTranslation();
  const { nodes, loading, unsupported } = useTreeNodes(list);
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const shown = useMemo(() => filterTree(nodes, keyword), [nodes, keyword]);
  const treeData = useMemo(() => toTreeData(shown), [shown]);
  const expandedKeys = keyword ? allKeys(shown) : (expanded ?? allKeys(nodes));

  if (unsupported)
    return (
      <Alert type="warning" showIcon title={t('onlineForm.treeUnsupported')} data-testid="online-tree-unsupported" />
    );
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
          {!loading && !shown.length ? (
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
