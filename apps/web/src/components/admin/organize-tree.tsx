import { ApartmentOutlined, BankOutlined, SearchOutlined } from '@ant-design/icons';
import type { PickerTreeNode } from '@atrium/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { request } from '../../api/request.ts';
import styles from './admin.module.css';
import { branchIds, filterTree } from './tree-filter.ts';

/** react-query key of the organisation tree; invalidate it after an organisation changes. */
export const ORGANIZE_TREE_KEY = ['permission', 'organize', 'tree'] as const;

export async function fetchOrganizeTree(): Promise<PickerTreeNode[]> {
  return (await request<{ list: PickerTreeNode[] }>({ url: '/api/permission/Organize/Tree' })).data?.list ?? [];
}

function toTreeData(nodes: PickerTreeNode[]): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: n.fullName,
    icon: n.type === 'company' ? <BankOutlined /> : <ApartmentOutlined />,
    children: n.children?.length ? toTreeData(n.children) : undefined,
  }));
}

interface Props {
  /** The selected organisation, or undefined for all. */
  value?: string;
  /** Selecting a node filters the table; selecting it again clears the filter. */
  onSelect: (id: string | undefined, node?: PickerTreeNode) => void;
}

/**
 * Company/department tree of the left panel (GET /api/permission/Organize/Tree) with a keyword
 * filter. Used by the position and user screens to filter their tables by organisation.
 */
export function OrganizeTree({ value, onSelect }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<React.Key[] | null>(null);
  const { data, isFetching, isError, refetch } = useQuery({ queryKey: ORGANIZE_TREE_KEY, queryFn: fetchOrganizeTree });
  const nodes = useMemo(() => filterTree(data ?? [], keyword), [data, keyword]);
  const byId = useMemo(() => {
    const map = new Map<string, PickerTreeNode>();
    const walk = (list: PickerTreeNode[]) =>
      list.forEach((n) => {
        map.set(n.id, n);
        if (n.children) walk(n.children);
      });
    walk(data ?? []);
    return map;
  }, [data]);
  // A filtered tree opens fully so every match is visible; otherwise the user's own expansion.
  const expandedKeys = keyword ? branchIds(nodes) : (expanded ?? branchIds(data ?? []));

  return (
    <div className={styles.treeBodyWrap} data-testid="organize-tree">
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('admin.treeFilter')}
        aria-label={t('admin.treeFilter')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        data-testid="organize-tree-filter"
      />
      <div className={styles.treeBody}>
        <Spin spinning={isFetching}>
          {isError ? (
            <div className={styles.error}>
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.loadFailed')} />
              <Button onClick={() => void refetch()}>{t('admin.retry')}</Button>
            </div>
          ) : nodes.length === 0 && !isFetching ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.empty')} />
          ) : (
            <Tree
              showIcon
              blockNode
              treeData={toTreeData(nodes)}
              selectedKeys={value ? [value] : []}
              expandedKeys={expandedKeys}
              onExpand={(keys) => setExpanded(keys)}
              onSelect={(keys) => {
                const id = keys[0] as string | undefined;
                onSelect(id, id ? byId.get(id) : undefined);
              }}
            />
          )}
        </Spin>
      </div>
    </div>
  );
}
