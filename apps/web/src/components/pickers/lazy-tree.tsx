import type { PickerTreeNode } from '@atrium/shared';
import { Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { useEffect, useState } from 'react';

interface Node extends TreeDataNode {
  key: string;
  raw: PickerTreeNode;
  children?: Node[];
}

const toNode = (raw: PickerTreeNode, pickable: (n: PickerTreeNode) => boolean): Node => ({
  key: raw.id,
  title: raw.fullName,
  raw,
  isLeaf: raw.isLeaf || raw.type === 'user',
  // Only what may be picked shows as selectable; organisations just open.
  selectable: pickable(raw),
  disabled: raw.disabled,
});

function withChildren(nodes: Node[], key: string, children: Node[]): Node[] {
  return nodes.map((n) =>
    n.key === key ? { ...n, children } : n.children ? { ...n, children: withChildren(n.children, key, children) } : n,
  );
}

export interface LazyTreeProps {
  /** Loads one level under a node id (the root level for `rootId`). */
  loadLevel: (id: string) => Promise<PickerTreeNode[]>;
  rootId: string;
  pickable: (node: PickerTreeNode) => boolean;
  pickedIds: ReadonlySet<string>;
  onPick: (node: PickerTreeNode) => void;
  'data-testid'?: string;
}

/** A tree loaded level by level as the user opens nodes (the user picker's organisation tree). */
export function LazyTree({ loadLevel, rootId, pickable, pickedIds, onPick, ...rest }: LazyTreeProps) {
  const [nodes, setNodes] = useState<Node[] | null>(null);
  useEffect(() => {
    let alive = true;
    loadLevel(rootId)
      .then((list) => alive && setNodes(list.map((n) => toNode(n, pickable))))
      .catch(() => alive && setNodes([]));
    return () => {
      alive = false;
    };
    // The loader and the rule are fixed for one dialog; a new root reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [rootId]);

  if (!nodes) return <Spin style={{ display: 'block', margin: 16 }} />;
  if (!nodes.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Tree<Node>
      blockNode
      treeData={nodes}
      selectedKeys={[...pickedIds]}
      loadData={async (node) => {
        if (node.children || node.isLeaf) return;
        const list = await loadLevel(node.key);
        setNodes(
          (current) =>
            current &&
            withChildren(
              current,
              node.key,
              list.map((n) => toNode(n, pickable)),
            ),
        );
      }}
      onSelect={(_keys, info) => {
        if (pickable(info.node.raw)) onPick(info.node.raw);
      }}
      data-testid={rest['data-testid'] ?? 'picker-tree'}
    />
  );
}
