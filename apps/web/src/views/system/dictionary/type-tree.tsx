import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { DictionaryTypeNode } from '@atrium/shared';
import { Button, Empty, Input, Spin, Tooltip, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Has } from '../../../access/has.tsx';
import { branchIds, filterTree, removeWithConfirm } from '../../../components/admin/index.ts';
import { dictionaryTypeApi } from '../../../api/dictionary.ts';
import styles from './dictionary.module.css';

interface Props {
  types: DictionaryTypeNode[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  value: string | undefined;
  onSelect: (id: string) => void;
  /** Opens the type dialog: an id edits that type, a parent id alone creates a type under it. */
  onEdit: (target: { id?: string; parentId?: string }) => void;
  onRemoved: (id: string) => void;
}

/** The dictionary types of the left panel: filter, add, and per node edit/delete on hover. */
export function TypeTree({ types, loading, failed, onRetry, value, onSelect, onEdit, onRemoved }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [expanded, setExpanded] = useState<React.Key[] | null>(null);
  const nodes = useMemo(() => filterTree(types, keyword), [types, keyword]);
  const expandedKeys = keyword ? branchIds(nodes) : (expanded ?? branchIds(types));

  const title = (n: DictionaryTypeNode) => (
    <span
      className={`${styles.typeNode} ${n.id === value ? styles.typeNodeSelected : ''}`}
      data-testid={`dictionary-type-${n.enCode}`}
    >
      <span className={styles.typeName} title={`${n.fullName} (${n.enCode})`}>
        {n.fullName}
      </span>
      <span className={styles.typeActions} onClick={(e) => e.stopPropagation()}>
        <Has code="btn_add">
          <Tooltip title={t('dictionary.addType')}>
            <Button
              type="text"
              size="small"
              icon={<PlusOutlined />}
              aria-label={t('dictionary.addType')}
              onClick={() => onEdit({ parentId: n.id })}
            />
          </Tooltip>
        </Has>
        <Has code="btn_edit">
          <Tooltip title={t('dictionary.editType')}>
            <Button
              type="text"
              size="small"
              icon={<EditOutlined />}
              aria-label={t('dictionary.editType')}
              onClick={() => onEdit({ id: n.id })}
              data-testid={`dictionary-type-${n.enCode}-edit`}
            />
          </Tooltip>
        </Has>
        <Has code="btn_remove">
          <Tooltip title={t('dictionary.removeType')}>
            <Button
              type="text"
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('dictionary.removeType')}
              onClick={() =>
                void removeWithConfirm(
                  () => dictionaryTypeApi.remove(n.id),
                  () => onRemoved(n.id),
                )
              }
              data-testid={`dictionary-type-${n.enCode}-remove`}
            />
          </Tooltip>
        </Has>
      </span>
    </span>
  );

  const toTreeData = (list: DictionaryTypeNode[]): TreeDataNode[] =>
    list.map((n) => ({
      key: n.id,
      title: title(n),
      children: n.children?.length ? toTreeData(n.children) : undefined,
    }));

  return (
    <div className={styles.typePanel} data-testid="dictionary-types">
      <div className={styles.typeBar}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('dictionary.typeFilter')}
          aria-label={t('dictionary.typeFilter')}
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          data-testid="dictionary-type-filter"
        />
        <Has code="btn_add">
          <Tooltip title={t('dictionary.addType')}>
            <Button
              icon={<PlusOutlined />}
              aria-label={t('dictionary.addType')}
              onClick={() => onEdit({})}
              data-testid="dictionary-type-add"
            />
          </Tooltip>
        </Has>
      </div>
      <div className={styles.typeTree}>
        <Spin spinning={loading}>
          {failed ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.loadFailed')}>
              <Button onClick={onRetry}>{t('admin.retry')}</Button>
            </Empty>
          ) : nodes.length === 0 && !loading ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('admin.empty')} />
          ) : (
            <Tree
              blockNode
              treeData={toTreeData(nodes)}
              selectedKeys={value ? [value] : []}
              expandedKeys={expandedKeys}
              onExpand={(keys) => setExpanded(keys)}
              onSelect={(keys, info) => onSelect(String(keys[0] ?? info.node.key))}
            />
          )}
        </Spin>
      </div>
    </div>
  );
}
