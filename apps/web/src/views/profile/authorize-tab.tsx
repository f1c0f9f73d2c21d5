import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton, Tabs, Tree, type TreeDataNode } from 'antd';
import { useTranslation } from 'react-i18next';
import { AUTHORIZE_KINDS, getAuthorize, type AuthorizeNode } from '../../api/current-user.ts';

function toTree(nodes: AuthorizeNode[], parent = ''): TreeDataNode[] {
  // Ids repeat across branches (a column granted under two menus), keys must not.
  return nodes.map((node) => {
    const key = parent ? `${parent}/${node.id}` : node.id;
    return {
      key,
      title: node.fullName,
      children: node.children?.length ? toTree(node.children, key) : undefined,
    };
  });
}

/** What the user is granted: menus, buttons, columns, forms and data resources, each as a tree. */
export function AuthorizeTab() {
  const { t } = useTranslation();
  const { data, isPending } = useQuery({
    queryKey: ['current-user', 'authorize'],
    queryFn: async () => (await getAuthorize()).data ?? null,
  });
  if (isPending) return <Skeleton active />;

  return (
    <Tabs
      size="small"
      items={AUTHORIZE_KINDS.map((kind) => {
        const nodes = data?.[kind] ?? [];
        return {
          key: kind,
          label: t(`profile.authorize.${kind}`),
          children: nodes.length ? (
            // A fixed height turns on virtual scrolling: an administrator is granted thousands of items.
            <Tree treeData={toTree(nodes)} defaultExpandAll selectable={false} showLine height={520} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('profile.empty')} />
          ),
        };
      })}
    />
  );
}
