import type { DictionaryOption } from '@atrium/shared';
import { Select, TreeSelect } from 'antd';
import type { CSSProperties } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDictionary } from '../../stores/dictionaries.ts';

type Value = string | string[] | null | undefined;

export interface DictionarySelectProps {
  /** The dictionary by its enCode ('education')... */
  typeCode?: string;
  /** ...or by its type id (what form designs store). */
  typeId?: string;
  value?: Value;
  onChange?: (value: Value) => void;
  multiple?: boolean;
  /** What is stored: the item id (default) or its enCode. */
  valueField?: 'id' | 'enCode';
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  style?: CSSProperties;
  /** Set by Form.Item so the label points at the input. */
  id?: string;
  'data-testid'?: string;
}

interface TreeNode {
  value: string;
  title: string;
  children?: TreeNode[];
}

const toTree = (options: DictionaryOption[], field: 'id' | 'enCode'): TreeNode[] =>
  options.map((o) => ({
    value: o[field],
    title: o.fullName,
    children: o.children?.length ? toTree(o.children, field) : undefined,
  }));

/**
 * A select whose options are a dictionary's enabled items, read from the shared dictionary cache
 * (stores/dictionaries.ts); a tree dictionary becomes a tree select. Works as a Form.Item control.
 */
export function DictionarySelect(props: DictionarySelectProps) {
  const { t } = useTranslation();
  const { typeCode, typeId, value, onChange, multiple, valueField = 'id', allowClear = true } = props;
  const { options, entry, loading } = useDictionary(typeId ?? typeCode);
  const isTree = entry?.isTree === 1;
  const treeData = useMemo(() => (isTree ? toTree(options, valueField) : []), [isTree, options, valueField]);
  const flat = useMemo(
    () => (isTree ? [] : options.map((o) => ({ value: o[valueField], label: o.fullName }))),
    [isTree, options, valueField],
  );
  const common = {
    id: props.id,
    value: value ?? (multiple ? [] : undefined),
    onChange: (next: Value) => onChange?.(next ?? (multiple ? [] : null)),
    placeholder: props.placeholder ?? t('dictionary.selectPlaceholder'),
    disabled: props.disabled,
    allowClear,
    loading,
    style: { width: '100%', ...props.style },
    notFoundContent: loading ? t('dictionary.loading') : t('admin.empty'),
    'data-testid': props['data-testid'],
  };
  if (isTree) {
    return (
      <TreeSelect
        {...common}
        treeData={treeData}
        multiple={multiple}
        treeDefaultExpandAll
        showSearch={{ treeNodeFilterProp: 'title' }}
      />
    );
  }
  return (
    <Select
      {...common}
      options={flat}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}
