import { AppstoreOutlined, TagOutlined } from '@ant-design/icons';
import type { DictionaryOption } from '@atrium/shared';
import { Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionary } from '../../stores/dictionaries.ts';
import styles from './bill-rule-template-dialog.module.css';

/** The dictionary whose items are the business categories of bill rules. */
export const BUSINESS_TYPE = 'businessType';
/** The tree's top node: no category filter. */
const ALL = '';

/** Keys of the nodes that have children: all open until the user folds one. */
const branchKeys = (nodes: TreeDataNode[]): Key[] =>
  nodes.flatMap((n) => (n.children?.length ? [n.key, ...branchKeys(n.children)] : []));

const toTreeData = (options: DictionaryOption[]): TreeDataNode[] =>
  options.map((o) => ({
    key: o.id,
    title: o.fullName,
    icon: <TagOutlined />,
    children: o.children?.length ? toTreeData(o.children) : undefined,
  }));

interface Props {
  /** The selected category id ('' = all). */
  value: string;
  onSelect: (categoryId: string) => void;
  'data-testid'?: string;
}

/**
 * The business categories (items of the businessType dictionary, from the shared dictionary cache)
 * under an 'all' node; choosing one filters the bill rules, choosing 'all' clears the filter.
 */
export function BusinessTypeTree({ value, onSelect, ...rest }: Props) {
  const { t } = useTranslation();
  const { options, loading } = useDictionary(BUSINESS_TYPE);
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const treeData = useMemo<TreeDataNode[]>(
    () => [{ key: ALL, title: t('billRule.allCategories'), icon: <AppstoreOutlined />, children: toTreeData(options) }],
    [options, t],
  );
  return (
    <div className={styles.tree} data-testid={rest['data-testid'] ?? 'business-type-tree'}>
      <Spin spinning={loading}>
        {treeData.length ? (
          <Tree
            showIcon
            blockNode
            expandedKeys={expanded ?? branchKeys(treeData)}
            onExpand={setExpanded}
            treeData={treeData}
            selectedKeys={[value]}
            onSelect={(keys) => onSelect(keys.length ? String(keys[0]) : ALL)}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.empty')} />
        )}
      </Spin>
    </div>
  );
}
