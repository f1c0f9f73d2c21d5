import { UserOutlined } from '@ant-design/icons';
import { Avatar, Empty, Skeleton, Tree, type TreeDataNode } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getSubordinates, type Subordinate } from '../../api/current-user.ts';
import { avatarUrl } from '../../api/file.ts';

interface Node extends TreeDataNode {
  key: string;
  children?: Node[];
}

function toNode(person: Subordinate): Node {
  const detail = [person.department, person.position].filter(Boolean).join(' / ');
  return {
    key: person.id,
    isLeaf: person.isLeaf,
    title: (
      <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
        <Avatar size={22} src={avatarUrl(person.headIcon)} icon={<UserOutlined />} />
        <span>{person.fullName}</span>
        {detail && <span style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{detail}</span>}
      </span>
    ),
  };
}

function withChildren(nodes: Node[], key: string, children: Node[]): Node[] {
  return nodes.map((node) =>
    node.key === key
      ? { ...node, children, isLeaf: children.length === 0 }
      : node.children
        ? { ...node, children: withChildren(node.children, key, children) }
        : node,
  );
}

/** The user's direct subordinates, each opening on demand to theirs. */
export function SubordinateTab() {
  const { t } = useTranslation();
  const [nodes, setNodes] = useState<Node[] | null>(null);

  useEffect(() => {
    let live = true;
    getSubordinates('0')
      .then(({ data }) => live && setNodes((data ?? []).map(toNode)))
      .catch(() => live && setNodes([]));
    return () => {
      live = false;
    };
  }, []);

  async function loadChildren(key: string) {
    try {
      const { data } = await getSubordinates(key);
      setNodes((prev) => withChildren(prev ?? [], key, (data ?? []).map(toNode)));
    } catch {
      // Shown by the wrapper; the node stays closed and can be tried again.
    }
  }

  if (nodes === null) return <Skeleton active />;
  if (nodes.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.subordinate.empty')} />;
  return (
    <div data-testid="subordinate-tree">
      <Tree<Node> blockNode treeData={nodes} loadData={(node) => loadChildren(String(node.key))} />
    </div>
  );
}
