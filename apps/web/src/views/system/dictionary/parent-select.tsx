import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

interface Node {
  id: string;
  fullName: string;
  children?: Node[];
}

interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}

const toOptions = (nodes: Node[]): TreeOption[] =>
  nodes.map((n) => ({
    value: n.id,
    title: n.fullName,
    children: n.children?.length ? toOptions(n.children) : undefined,
  }));

interface Props {
  value?: string;
  onChange?: (value: string) => void;
  /** The picker's react-query key and call (a tree without the edited record and its subtree). */
  queryKey: readonly unknown[];
  load: () => Promise<Node[]>;
  id?: string;
  'data-testid'?: string;
}

/** Parent picker of a type or item form: '-1' (top level) plus the tree the server allows. */
export function ParentSelect({ value, onChange, queryKey, load, id, ...rest }: Props) {
  const { t } = useTranslation();
  const { data, isFetching } = useQuery({ queryKey, queryFn: load });
  const treeData = useMemo(() => [{ value: '-1', title: t('dictionary.top') }, ...toOptions(data ?? [])], [data, t]);
  return (
    <TreeSelect
      id={id}
      value={value}
      onChange={onChange}
      treeData={treeData}
      loading={isFetching}
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      style={{ width: '100%' }}
      data-testid={rest['data-testid']}
    />
  );
}
