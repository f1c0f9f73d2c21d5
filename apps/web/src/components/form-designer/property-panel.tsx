/**
 * The property panel: the selected field's properties, driven by its kind's PropSchema list and
 * grouped into sections, with the form settings on a tab of their own.
 */
import { FIELD_NAME, kindOf, type FormField, type PropSchema } from '@atrium/shared/forms';
import { Collapse, Empty, Form, Input, Select, Tabs, Tag } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDesigner, useDesignerStore } from './context.tsx';
import { FormulaProperty } from './formula-builder.tsx';
import { KindIcon } from './kinds.tsx';
import {
  BillRulePicker,
  DataInterfaceSelect,
  DictionaryTypeSelect,
  ModelColumnsSelect,
  ModelFieldSelect,
  ModelSelect,
} from './pickers.tsx';
import {
  CodeEditor,
  DefaultValueEditor,
  OptionsEditor,
  SchemaEditor,
  SpanEditor,
  VisibilityEditor,
  propKey,
} from './prop-editors.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import { TREE_OPTION_KINDS, getPath, kindKey, type DesignDoc, type NodeId } from './tree.ts';
import styles from './form-designer.module.css';

type Section = 'basic' | 'data' | 'props' | 'rules' | 'events';

const BASIC = [
  '__config__.label',
  'title',
  'name',
  '__vModel__',
  '__config__.tipLabel',
  '__config__.showLabel',
  '__config__.labelWidth',
  '__config__.span',
  'placeholder',
  '__config__.defaultValue',
  '__config__.defaultCurrent',
  '__config__.required',
  'disabled',
  'readonly',
  'clearable',
  '__config__.visibility',
  '__config__.noShow',
];
const DATA = [
  '__config__.dataType',
  '__slot__.options',
  'options',
  '__config__.dictionaryType',
  '__config__.propsUrl',
  'props.props.label',
  'props.props.value',
  '__config__.rule',
  'modelId',
  'interfaceId',
  'propsValue',
  'relationField',
  'showField',
  'columnOptions',
  'templateJson',
  '__config__.isStorage',
  'expression',
  'summaryField',
];
const RULES = ['__config__.regList', '__config__.trigger', '__config__.unique'];
const ORDER = [...BASIC, ...DATA, ...RULES];

const sectionOf = (name: string): Section =>
  BASIC.includes(name) ? 'basic' : DATA.includes(name) ? 'data' : RULES.includes(name) ? 'rules' : 'props';

const RELATION_ATTR = new Set(['relationFormAttr', 'popupAttr']);
const POPUP = new Set(['popupSelect', 'popupTableSelect', 'autoComplete']);

/** Whether a property applies given the field's other properties (the options source). */
function shown(name: string, field: FormField): boolean {
  const source = field.__config__.dataType ?? 'static';
  // Only option fields choose a source; other kinds' props of the same names always apply.
  if (!kindOf(field)?.props.some((p) => p.name === '__config__.dataType')) return true;
  if (name === '__slot__.options' || name === 'options') return source === 'static';
  if (name === '__config__.dictionaryType') return source === 'dictionary';
  if (name === '__config__.propsUrl' || name.startsWith('props.props.')) return source === 'dynamic';
  return true;
}

/** The field's property list: its kind's, tree kinds editing `options`, data fields with their events. */
function propertiesOf(field: FormField): PropSchema[] {
  const kind = kindOf(field);
  if (!kind) return [{ name: '__config__.label', type: 'string' }];
  let props = kind.props.map((p) =>
    p.name === '__slot__.options' && TREE_OPTION_KINDS.has(kind.key) ? { ...p, name: 'options' } : p,
  );
  props = props.filter((p) => shown(p.name, field));
  const rank = (p: PropSchema) => {
    const i = ORDER.indexOf(p.name);
    return i < 0 ? ORDER.length : i;
  };
  return [...props].sort((a, b) => rank(a) - rank(b));
}

/** Model names of the fields of a kind in the design: what attribute fields point at. */
function fieldsOfKinds(doc: DesignDoc, kinds: ReadonlySet<string>): Array<{ value: string; label: string }> {
  return Object.values(doc.nodes)
    .filter((n) => kinds.has(kindKey(n.field)) && n.field.__vModel__)
    .map((n) => ({ value: n.field.__vModel__!, label: `${n.field.__config__.label ?? ''} (${n.field.__vModel__})` }));
}

function FieldNameEditor({ value, onChange, id }: { value: unknown; onChange: (v: string) => void; id: string }) {
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : '';
  const bad = text !== '' && !FIELD_NAME.test(text);
  return (
    <>
      <Input id={id} value={text} status={bad ? 'error' : undefined} onChange={(e) => onChange(e.target.value)} />
      {bad && <div className="ant-form-item-explain-error">{t('formDesigner.panel.fieldNameHint')}</div>}
    </>
  );
}

/** A select of fields of this design (relation and popup attributes, barcode sources, totals). */
function DesignFieldSelect({
  kinds,
  value,
  onChange,
  multiple,
  parentId,
}: {
  kinds?: ReadonlySet<string>;
  value: unknown;
  onChange: (v: unknown) => void;
  multiple?: boolean;
  parentId?: NodeId;
}) {
  const { t } = useTranslation();
  const options = useDesigner((s) => {
    if (parentId) {
      return (s.doc.nodes[parentId]?.childIds ?? [])
        .map((c) => s.doc.nodes[c]!.field)
        .filter((f) => f.__vModel__)
        .map((f) => `${f.__vModel__}\u0000${f.__config__.label ?? ''}`)
        .join('\u0001');
    }
    return fieldsOfKinds(s.doc, kinds ?? new Set())
      .map((o) => `${o.value}\u0000${o.label}`)
      .join('\u0001');
  });
  // The options travel as one string so the selector's answer compares by value, not identity.
  const list = options
    ? options.split('\u0001').map((o) => {
        const [v, l] = o.split('\u0000');
        return { value: v!, label: l || v! };
      })
    : [];
  return (
    <SelectLike
      mode={multiple ? 'multiple' : undefined}
      value={value}
      options={list}
      placeholder={t('formDesigner.pickers.formField')}
      onChange={onChange}
    />
  );
}

function SelectLike(props: {
  mode?: 'multiple';
  value: unknown;
  options: Array<{ value: string; label: string }>;
  placeholder: string;
  onChange: (v: unknown) => void;
}) {
  return (
    <Select
      mode={props.mode}
      value={(props.value as string | string[] | undefined) ?? undefined}
      options={props.options}
      placeholder={props.placeholder}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: '100%' }}
      onChange={(v) => props.onChange(v ?? undefined)}
    />
  );
}

/** Fields whose value a barcode or QR code can show. */
const CODE_SOURCE_KINDS: ReadonlySet<string> = new Set(['comInput', 'textarea', 'numInput', 'billRule', 'calculate']);

/** One property's form item, with the editor that fits its name, else its schema type. */
function PropItem({
  node,
  schema,
}: {
  node: { id: NodeId; parentId: NodeId | null; field: FormField };
  schema: PropSchema;
}) {
  const { t } = useTranslation();
  const store = useDesignerStore();
  const { field, id } = node;
  const kind = kindKey(field);
  const name = schema.name;
  const value = getPath(field, name);
  const onChange = (v: unknown) => store.getState().update(id, name, v);
  const inputId = `fd-prop-${propKey(name)}`;
  const label = t(`formDesigner.props.${propKey(name)}`, { defaultValue: name });

  let editor: ReactNode;
  let inline = schema.type === 'boolean';
  if (name === '__vModel__') editor = <FieldNameEditor id={inputId} value={value} onChange={onChange} />;
  else if (name === '__config__.span') editor = <SpanEditor value={value} onChange={onChange} />;
  else if (name === '__config__.visibility') editor = <VisibilityEditor value={value} onChange={onChange} />;
  else if (name === '__config__.defaultValue')
    editor = <DefaultValueEditor field={field} value={value} onChange={onChange} />;
  else if (name === 'options') editor = <OptionsEditor tree value={value as never} onChange={onChange} />;
  else if (name === '__config__.dictionaryType')
    editor = <DictionaryTypeSelect value={value as string | undefined} onChange={onChange} />;
  else if (name === '__config__.propsUrl' || name === 'interfaceId')
    editor = <DataInterfaceSelect value={value as string | undefined} onChange={onChange} />;
  else if (name === '__config__.rule')
    editor = <BillRulePicker value={value as string | undefined} onChange={onChange} />;
  else if (name === 'modelId') editor = <ModelSelect value={value as string | undefined} onChange={onChange} />;
  else if (kind === 'relationForm' && name === 'relationField')
    editor = (
      <ModelFieldSelect modelId={field.modelId as string | undefined} value={value as string} onChange={onChange} />
    );
  else if (kind === 'relationForm' && name === 'columnOptions')
    editor = <ModelColumnsSelect modelId={field.modelId as string | undefined} value={value} onChange={onChange} />;
  else if (RELATION_ATTR.has(kind) && name === 'relationField')
    editor = (
      <DesignFieldSelect
        kinds={new Set(kind === 'relationFormAttr' ? ['relationForm'] : [...POPUP])}
        value={value}
        onChange={onChange}
      />
    );
  else if (kind === 'relationFormAttr' && name === 'showField')
    editor = (
      <RelationShowField relation={field.relationField as string | undefined} value={value} onChange={onChange} />
    );
  else if ((kind === 'barcode' || kind === 'qrcode') && name === 'relationField')
    editor = <DesignFieldSelect kinds={CODE_SOURCE_KINDS} value={value} onChange={onChange} />;
  else if (kind === 'calculate' && name === 'expression')
    editor = <FormulaProperty nodeId={id} value={value} onChange={onChange} />;
  else if (kind === 'table' && name === 'summaryField')
    editor = <DesignFieldSelect parentId={id} multiple value={value} onChange={onChange} />;
  else if (name.startsWith('on.')) {
    editor = <CodeEditor id={inputId} value={value} onChange={onChange} />;
    inline = false;
  } else editor = <SchemaEditor id={inputId} schema={schema} value={value} onChange={onChange} />;

  return (
    <Form.Item
      label={label}
      htmlFor={inputId}
      layout={inline ? 'horizontal' : 'vertical'}
      labelAlign="left"
      labelCol={inline ? { flex: '1 1 auto' } : undefined}
      wrapperCol={inline ? { flex: 'none' } : undefined}
      colon={false}
    >
      {editor}
    </Form.Item>
  );
}

/** The shown field of a relation attribute: a field of the model its relation form points at. */
function RelationShowField({
  relation,
  value,
  onChange,
}: {
  relation?: string;
  value: unknown;
  onChange: (v: unknown) => void;
}) {
  const modelId = useDesigner((s) => {
    const related = Object.values(s.doc.nodes).find((n) => n.field.__vModel__ === relation);
    return related?.field.modelId as string | undefined;
  });
  return <ModelFieldSelect modelId={modelId} value={value as string | undefined} onChange={onChange} />;
}

const EVENTS: PropSchema[] = [
  { name: 'on.change', type: 'text' },
  { name: 'on.blur', type: 'text' },
];

function FieldProperties({ id }: { id: NodeId }) {
  const { t } = useTranslation();
  const node = useDesigner((s) => s.doc.nodes[id]);
  if (!node) return null;
  const field = node.field;
  const kind = kindOf(field);
  const props = propertiesOf(field);
  const bySection = new Map<Section, PropSchema[]>();
  for (const schema of props) {
    const section = schema.name === 'on.click' ? 'events' : sectionOf(schema.name);
    bySection.set(section, [...(bySection.get(section) ?? []), schema]);
  }
  // Data fields take change and blur scripts (sub-tables and calculations are not typed into).
  if (kind?.hasValue && kind.key !== 'table' && kind.key !== 'calculate' && kind.group !== 'system') {
    bySection.set('events', [...(bySection.get('events') ?? []), ...EVENTS]);
  }
  const sections: Section[] = ['basic', 'data', 'props', 'rules', 'events'];
  const items = sections
    .filter((s) => bySection.get(s)?.length)
    .map((s) => ({
      key: s,
      label: t(`formDesigner.panel.sections.${s}`),
      children: bySection.get(s)!.map((schema) => <PropItem key={schema.name} node={node} schema={schema} />),
    }));
  return (
    <div className={styles.panelBody} data-testid="fd-field-properties">
      <div className={styles.kindLine}>
        <KindIcon kind={kindKey(field)} />
        <span>{t('formDesigner.panel.kindLabel')}</span>
        <Tag color={kind ? 'blue' : 'warning'}>
          {t(`formDesigner.kinds.${kindKey(field)}`, { defaultValue: kindKey(field) })}
        </Tag>
      </div>
      <Form layout="vertical" size="small" component="div">
        <Collapse size="small" ghost defaultActiveKey={['basic', 'data', 'props', 'rules', 'events']} items={items} />
      </Form>
    </div>
  );
}

/** The panel on the right: the selected field's properties, or the form's settings. */
export function PropertyPanel() {
  const { t } = useTranslation();
  const selectedId = useDesigner((s) => s.selectedId);
  const [tab, setTab] = useState<'field' | 'form'>(selectedId ? 'field' : 'form');
  useEffect(() => {
    setTab(selectedId ? 'field' : 'form');
  }, [selectedId]);
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setTab(key as 'field' | 'form')}
      centered
      items={[
        {
          key: 'field',
          label: t('formDesigner.panel.field'),
          children: selectedId ? (
            <FieldProperties key={selectedId} id={selectedId} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('formDesigner.panel.nothingSelected')} />
          ),
        },
        { key: 'form', label: t('formDesigner.panel.form'), children: <SettingsPanel /> },
      ]}
    />
  );
}
