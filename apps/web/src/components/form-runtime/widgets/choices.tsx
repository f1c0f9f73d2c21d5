import { Cascader, Checkbox, Radio, Select, TreeSelect } from 'antd';
import { prop, type WidgetProps } from './types.ts';
import { labelsOf, useFieldOptions } from './options.ts';
import { ReadOnlyText } from './read-only.tsx';

function ChoiceText({ id, value, field }: Pick<WidgetProps, 'id' | 'value' | 'field'>) {
  const { options } = useFieldOptions(field);
  const separator = field.__config__.jnpfKey === 'cascader' ? '/' : ',';
  const labels = labelsOf(
    field.__config__.jnpfKey === 'cascader' && !prop(field, 'multiple', false) ? [value] : value,
    options,
  );
  return <ReadOnlyText id={id} text={labels.join(separator === '/' ? ', ' : ',')} />;
}

export function RadioInput(props: WidgetProps) {
  const { field, value, onChange, disabled, readOnly, id } = props;
  const { options } = useFieldOptions(field);
  if (readOnly) return <ChoiceText {...props} />;
  const button = prop<string>(field, 'optionType', 'default') === 'button';
  return (
    <Radio.Group
      id={id}
      value={value}
      disabled={disabled}
      optionType={button ? 'button' : 'default'}
      onChange={(e) => onChange(e.target.value)}
      options={options.map((o) => ({ value: o.value, label: o.label, disabled: o.disabled }))}
    />
  );
}

export function CheckboxInput(props: WidgetProps) {
  const { field, value, onChange, disabled, readOnly, id } = props;
  const { options } = useFieldOptions(field);
  if (readOnly) return <ChoiceText {...props} />;
  return (
    <span id={id}>
      <Checkbox.Group
        value={Array.isArray(value) ? value : []}
        disabled={disabled}
        onChange={(v) => onChange(v)}
        options={options.map((o) => ({ value: o.value, label: o.label, disabled: o.disabled }))}
      />
    </span>
  );
}

export function SelectInput(props: WidgetProps) {
  const { field, value, onChange, onBlur, disabled, readOnly, id } = props;
  const { options, loading } = useFieldOptions(field);
  if (readOnly) return <ChoiceText {...props} />;
  const multiple = prop(field, 'multiple', false);
  return (
    <Select
      id={id}
      style={{ width: '100%' }}
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? (Array.isArray(value) ? value : []) : (value ?? undefined)}
      disabled={disabled}
      loading={loading}
      allowClear={field.clearable !== false}
      showSearch={prop(field, 'filterable', false) ? { optionFilterProp: 'label' } : undefined}
      placeholder={field.placeholder}
      onChange={(v) => onChange(v ?? (multiple ? [] : null))}
      onBlur={onBlur}
      options={options.map((o) => ({ value: o.value, label: o.label, disabled: o.disabled }))}
    />
  );
}

export function CascaderInput(props: WidgetProps) {
  const { field, value, onChange, onBlur, disabled, readOnly, id } = props;
  const { options } = useFieldOptions(field);
  if (readOnly) return <ChoiceText {...props} />;
  const multiple = prop(field, 'multiple', false);
  const common = {
    id,
    style: { width: '100%' },
    options,
    disabled,
    allowClear: field.clearable !== false,
    placeholder: field.placeholder,
    showSearch: prop(field, 'filterable', false),
    changeOnSelect: prop(field, 'props', { checkStrictly: false } as { checkStrictly?: boolean }).checkStrictly,
    onBlur,
  };
  return multiple ? (
    <Cascader
      {...common}
      multiple
      value={Array.isArray(value) ? (value as (string | number)[][]) : []}
      onChange={(v) => onChange(v ?? [])}
    />
  ) : (
    <Cascader
      {...common}
      value={Array.isArray(value) ? (value as (string | number)[]) : undefined}
      onChange={(v) => onChange(v ?? [])}
    />
  );
}

type TreeNode = {
  value: string | number;
  title: string;
  disabled?: boolean;
  selectable?: boolean;
  children?: TreeNode[];
};

/** Tree select: disabled nodes cannot be chosen; with the leaf-only flag only leaves can; search matches a substring of the label. */
export function TreeSelectInput(props: WidgetProps) {
  const { field, value, onChange, onBlur, disabled, readOnly, id } = props;
  const { options } = useFieldOptions(field);
  if (readOnly) return <ChoiceText {...props} />;
  const multiple = prop(field, 'multiple', false);
  const leafOnly = prop(field, 'leafOnly', false);
  const toTree = (opts: typeof options): TreeNode[] =>
    opts.map((o) => ({
      value: o.value,
      title: o.label,
      disabled: o.disabled,
      selectable: !leafOnly || !o.children?.length,
      children: o.children ? toTree(o.children) : undefined,
    }));
  return (
    <TreeSelect
      id={id}
      style={{ width: '100%' }}
      treeData={toTree(options)}
      value={multiple ? (Array.isArray(value) ? value : []) : (value ?? undefined)}
      multiple={multiple}
      treeCheckable={multiple && leafOnly}
      disabled={disabled}
      allowClear={field.clearable !== false}
      placeholder={field.placeholder}
      showSearch={{ treeNodeFilterProp: 'title' }}
      onChange={(v) => onChange(v ?? (multiple ? [] : null))}
      onBlur={onBlur}
    />
  );
}
