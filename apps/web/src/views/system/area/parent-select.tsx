import { AREA_ROOT, type AreaNode } from '@atrium/shared';
import { TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { areaApi } from '../../../api/area.ts';

interface TreeNode {
  id: string;
  pId: string;
  value: string;
  title: string;
  isLeaf: boolean;
}

const toNodes = (list: AreaNode[]): TreeNode[] =>
  list.map((n) => ({ id: n.id, pId: n.parentId, value: n.id, title: n.fullName, isLeaf: n.isLeaf }));

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  /** The area being edited: left out, so it cannot become its own parent ('0' when adding). */
  excludeId: string;
  /** The current parent's full path, shown before its level has been loaded. */
  currentLabel?: string;
  id?: string;
}

/** Parent picker of the area form: a lazy tree over GET /Area/{id}/Selector/{excludeId}. */
export function ParentSelect({ value, onChange, excludeId, currentLabel, id }: Props) {
  const { t } = useTranslation();
  const top: TreeNode = { id: AREA_ROOT, pId: '', value: AREA_ROOT, title: t('area.top'), isLeaf: true };
  const [nodes, setNodes] = useState<TreeNode[]>([]);
  useEffect(() => {
    let live = true;
    void areaApi.selector(AREA_ROOT, excludeId).then((list) => live && setNodes(toNodes(list)));
    return () => {
      live = false;
    };
  }, [excludeId]);

  const loaded = [top, ...nodes];
  const label = loaded.find((n) => n.value === value)?.title ?? currentLabel ?? value;
  return (
    <TreeSelect
      id={id}
      labelInValue
      value={value ? { value, label: label ?? value } : undefined}
      onChange={(v?: { value: string; label: string }) => v && onChange?.(v.value)}
      treeDataSimpleMode
      treeData={loaded}
      loadData={async (node) => {
        const parent = String(node.value);
        if (nodes.some((n) => n.pId === parent)) return;
        const list = toNodes(await areaApi.selector(parent, excludeId));
        setNodes((current) => [...current, ...list.filter((n) => !current.some((c) => c.id === n.id))]);
      }}
      placeholder={t('admin.requiredSelect', { field: t('area.parent') })}
      style={{ width: '100%' }}
      data-testid="area-parent"
    />
  );
}
