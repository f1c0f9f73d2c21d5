import type { PickerTreeNode } from '@atrium/shared';
import { Empty, Spin, Tree, type TreeDataNode } from 'antd';
import { useEffect, useState } from 'react';

interface Node extends TreeDataNode {
  key: string;
  raw: PickerTreeNode;
  children?: Node[];
}

/**
 * A node of the tree. Its key is the path of ids from the top, since one person may show under
 * several organisations or roles.
 */
const toNode = (raw: PickerTreeNode, pickable: (n: PickerTreeNode) => boolean, parentKey: string, opens: boolean) => {
  const isLeaf = raw.isLeaf || raw.type === 'user';
  return {
    key: parentKey ? `${parentKey}/${raw.id}` : raw.id,
    title: raw.fullName,
    raw,
    isLeaf,
    // Only what may be picked shows as selectable; organisations open (or, with onPickChildren, add their people).
    selectable: pickable(raw) || (opens && !isLeaf && !raw.disabled),
    disabled: raw.disabled,
  } satisfies Node;
};

function withChildren(nodes: Node[], key: string, children: Node[]): Node[] {
  return nodes.map((n) =>
    n.key === key ? { ...n, children } : n.children ? { ...n, children: withChildren(n.children, key, children) } : n,
  );
}

/** The keys of the nodes whose id is picked (the tree shows them selected). */
function pickedKeys(nodes: readonly Node[], pickedIds: ReadonlySet<string>): string[] {
  return nodes.flatMap((n) => [
    ...(pickedIds.has(n.raw.id) ? [n.key] : []),
    ...pickedKeys(n.children ?? [], pickedIds),
  ]);
}

export interface LazyTreeProps {
  /** Loads one level under a node id (the root level for `rootId`); the node itself is given when opened. */
  loadLevel: (id: string, node?: PickerTreeNode) => Promise<PickerTreeNode[]>;
  rootId: string;
  pickable: (node: PickerTreeNode) => boolean;
  pickedIds: ReadonlySet<string>;
  onPick: (node: PickerTreeNode) => void;
  /**
   * Clicking a node that is not a leaf hands over its already loaded children that may be picked
   * (multiple mode: an organisation or role adds its people). Without it such nodes only open.
   */
  onPickChildren?: (nodes: PickerTreeNode[]) => void;
  'data-testid'?: string;
}

/** A tree loaded level by level as the user opens nodes (the user picker's organisation tree). */
export function LazyTree({ loadLevel, rootId, pickable, pickedIds, onPick, onPickChildren, ...rest }: LazyTreeProps) {
  const [nodes, setNodes] = useState<Node[] | null>(null);
  const opens = !!onPickChildren;
  useEffect(() => {
    let alive = true;
    loadLevel(rootId)
      .then((list) => alive && setNodes(list.map((n) => toNode(n, pickable, '', opens))))
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
      selectedKeys={pickedKeys(nodes, pickedIds)}
      loadData={async (node) => {
        if (node.children || node.isLeaf) return;
        const list = await loadLevel(node.raw.id, node.raw);
        setNodes(
          (current) =>
            current &&
            withChildren(
              current,
              node.key,
              list.map((n) => toNode(n, pickable, node.key, opens)),
            ),
        );
      }}
      onSelect={(_keys, info) => {
        const { raw, children } = info.node;
        if (pickable(raw)) onPick(raw);
        else if (onPickChildren && !info.node.isLeaf && children?.length)
          onPickChildren(children.map((c) => c.raw).filter(pickable));
      }}
      data-testid={rest['data-testid'] ?? 'picker-tree'}
    />
  );
}
