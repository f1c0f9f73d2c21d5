/**
 * Editors of single property values: one per PropSchema type, plus the structured ones the
 * registry types as json or options (options, rules, visibility, default value, code).
 */
import { patterns } from '@atrium/shared';
import { compileRule, type FieldOption, type FormField, type PropSchema, type RegRule } from '@atrium/shared/forms';
import { DeleteOutlined, PlusOutlined, SubnodeOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, InputNumber, Select, Slider, Switch, Tooltip, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictionarySelect } from '../dictionary-select/index.ts';
import styles from './form-designer.module.css';

export interface EditorProps<T = unknown> {
  value: T;
  onChange: (value: T | undefined) => void;
  id?: string;
}

/** The i18n key of a property's label: `__config__.label` → label, `props.props.value` → props_props_value. */
export function propKey(name: string): string {
  return name
    .replace(/^__config__\./, '')
    .replace(/^__slot__\./, 'slot_')
    .replace(/^__vModel__$/, 'vModel')
    .replace(/[.-]/g, '_');
}

/** A select choice's label: the property's own wording, a common one, or the raw value. */
export function useChoiceLabel() {
  const { t } = useTranslation();
  return (name: string, choice: string | number) => {
    if (choice === '') return t('formDesigner.panel.none');
    return t([`formDesigner.choices.${propKey(name)}_${choice}`, `formDesigner.choices.${choice}`], {
      defaultValue: String(choice),
    });
  };
}

const textOf = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
const numberOf = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** The editor of a property by its schema type. */
export function SchemaEditor({ schema, value, onChange, id }: EditorProps & { schema: PropSchema }) {
  const choiceLabel = useChoiceLabel();
  switch (schema.type) {
    case 'text':
      return (
        <Input.TextArea
          id={id}
          value={textOf(value)}
          autoSize={{ minRows: 2, maxRows: 6 }}
          onChange={(e) => onChange(e.target.value)}
        />
      );
    case 'number':
      return (
        <InputNumber
          id={id}
          value={numberOf(value)}
          min={schema.min}
          max={schema.max}
          style={{ width: '100%' }}
          onChange={(v) => onChange(v ?? undefined)}
        />
      );
    case 'boolean':
      return <Switch id={id} size="small" checked={value === true} onChange={(v) => onChange(v)} />;
    case 'select':
      return (
        <Select
          id={id}
          value={value as string | number | undefined}
          style={{ width: '100%' }}
          options={(schema.choices ?? []).map((c) => ({ value: c, label: choiceLabel(schema.name, c) }))}
          onChange={(v) => onChange(v)}
        />
      );
    case 'color':
      return (
        // The browser's own picker with the hex text beside it: antd's ColorPicker would put its
        // colour code into a chunk the sign-in page shares (9 KB more for /login).
        <Input
          id={id}
          value={textOf(value)}
          placeholder="#1677ff"
          allowClear
          onChange={(e) => onChange(e.target.value || undefined)}
          addonBefore={
            <input
              type="color"
              aria-label={id}
              value={/^#[0-9a-f]{6}$/i.test(textOf(value)) ? textOf(value) : '#000000'}
              onChange={(e) => onChange(e.target.value)}
              style={{ width: 24, height: 20, padding: 0, border: 0, background: 'none' }}
            />
          }
        />
      );
    case 'json':
      return <JsonEditor id={id} value={value} onChange={onChange} />;
    case 'options':
      return <OptionsEditor value={value as FieldOption[] | undefined} onChange={onChange} />;
    case 'regList':
      return <RegListEditor value={value as RegRule[] | undefined} onChange={onChange} />;
    default:
      return <Input id={id} value={textOf(value)} onChange={(e) => onChange(e.target.value)} allowClear />;
  }
}

/**
 * JSON text that becomes the value as soon as it parses; while it does not, the last good value
 * stays and the editor says so. An outside change (undo) shows once the editor is not focused.
 */
export function JsonEditor({ value, onChange, id }: EditorProps) {
  const { t } = useTranslation();
  const show = (v: unknown) => (v === undefined ? '' : JSON.stringify(v, null, 2));
  const [text, setText] = useState(() => show(value));
  const [bad, setBad] = useState(false);
  const focused = useRef(false);
  useEffect(() => {
    if (!focused.current) {
      setText(show(value));
      setBad(false);
    }
  }, [value]);
  return (
    <>
      <Input.TextArea
        id={id}
        className={styles.code}
        value={text}
        status={bad ? 'error' : undefined}
        autoSize={{ minRows: 1, maxRows: 8 }}
        onFocus={() => (focused.current = true)}
        onBlur={() => {
          focused.current = false;
          if (!bad) setText(show(value));
        }}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          if (next.trim() === '') {
            setBad(false);
            return onChange(undefined);
          }
          try {
            const parsed: unknown = JSON.parse(next);
            setBad(false);
            onChange(parsed);
          } catch {
            setBad(true);
          }
        }}
      />
      {bad && <Typography.Text type="danger">{t('formDesigner.panel.jsonInvalid')}</Typography.Text>}
    </>
  );
}

/** Script text (events, form functions). */
export function CodeEditor({ value, onChange, id, rows = 4 }: EditorProps & { rows?: number }) {
  const { t } = useTranslation();
  return (
    <Input.TextArea
      id={id}
      className={styles.code}
      value={textOf(value)}
      placeholder={t('formDesigner.panel.eventHint')}
      autoSize={{ minRows: rows, maxRows: 16 }}
      spellCheck={false}
      onChange={(e) => onChange(e.target.value || undefined)}
    />
  );
}

export function VisibilityEditor({ value, onChange }: EditorProps) {
  const { t } = useTranslation();
  const list = Array.isArray(value) ? (value as string[]) : ['pc', 'app'];
  return (
    <Checkbox.Group
      value={list}
      onChange={(v) => onChange(v as string[])}
      options={['pc', 'app'].map((k) => ({ value: k, label: t(`formDesigner.visibility.${k}`) }))}
    />
  );
}

export function SpanEditor({ value, onChange }: EditorProps) {
  const span = numberOf(value) ?? 24;
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
      <Slider style={{ flex: 1 }} min={1} max={24} value={span} onChange={(v) => onChange(v)} />
      <InputNumber min={1} max={24} value={span} style={{ width: 64 }} onChange={(v) => onChange(v ?? 24)} />
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Options: a flat list, or a tree for cascaders and tree selects.

type OptionPath = number[];

function updateAt(options: FieldOption[], path: OptionPath, change: (list: FieldOption[], i: number) => void) {
  const copy = structuredClone(options);
  let list = copy;
  for (const i of path.slice(0, -1)) {
    const item = list[i]!;
    item.children ??= [];
    list = item.children;
  }
  change(list, path[path.length - 1]!);
  return copy;
}

/** Option ids must differ: a stored value names one option. */
function duplicateIds(options: FieldOption[]): string[] {
  const seen = new Set<string>();
  const dup = new Set<string>();
  const walk = (list: FieldOption[]) => {
    for (const o of list) {
      const id = String(o.id);
      if (seen.has(id)) dup.add(id);
      seen.add(id);
      if (o.children) walk(o.children);
    }
  };
  walk(options);
  return [...dup];
}

/** A new option's id: the next free number. */
function freeId(options: FieldOption[]): string {
  const taken = new Set<string>();
  const walk = (list: FieldOption[]) =>
    list.forEach((o) => {
      taken.add(String(o.id));
      if (o.children) walk(o.children);
    });
  walk(options);
  let n = 1;
  while (taken.has(String(n))) n += 1;
  return String(n);
}

export function OptionsEditor({ value, onChange, tree }: EditorProps<FieldOption[] | undefined> & { tree?: boolean }) {
  const { t } = useTranslation();
  const options = Array.isArray(value) ? value : [];
  const dup = duplicateIds(options);
  const rows = (list: FieldOption[], path: OptionPath, depth: number): React.ReactNode =>
    list.map((option, i) => {
      const at = [...path, i];
      return (
        <div key={at.join('-')}>
          <div className={styles.listEditorRow} style={{ paddingLeft: depth * 16 }}>
            <Input
              size="small"
              value={option.fullName}
              placeholder={t('formDesigner.options.label')}
              aria-label={t('formDesigner.options.label')}
              onChange={(e) => onChange(updateAt(options, at, (l, j) => (l[j]!.fullName = e.target.value)))}
            />
            <Input
              size="small"
              value={String(option.id)}
              placeholder={t('formDesigner.options.value')}
              aria-label={t('formDesigner.options.value')}
              status={dup.includes(String(option.id)) ? 'error' : undefined}
              onChange={(e) => onChange(updateAt(options, at, (l, j) => (l[j]!.id = e.target.value)))}
            />
            {tree && (
              <Tooltip title={t('formDesigner.options.addChild')}>
                <Button
                  size="small"
                  type="text"
                  icon={<SubnodeOutlined />}
                  aria-label={t('formDesigner.options.addChild')}
                  onClick={() =>
                    onChange(
                      updateAt(options, at, (l, j) => {
                        const item = l[j]!;
                        item.children = [...(item.children ?? []), { id: freeId(options), fullName: '' }];
                      }),
                    )
                  }
                />
              </Tooltip>
            )}
            <Tooltip title={t('formDesigner.options.remove')}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('formDesigner.options.remove')}
                onClick={() => onChange(updateAt(options, at, (l, j) => l.splice(j, 1)))}
              />
            </Tooltip>
          </div>
          {option.children && rows(option.children, at, depth + 1)}
        </div>
      );
    });
  return (
    <div>
      {rows(options, [], 0)}
      {dup.length > 0 && (
        <Typography.Text type="danger">{t('formDesigner.options.duplicate', { id: dup.join(', ') })}</Typography.Text>
      )}
      <Button
        size="small"
        type="dashed"
        block
        icon={<PlusOutlined />}
        onClick={() => onChange([...options, { id: freeId(options), fullName: '' }])}
      >
        {t('formDesigner.options.add')}
      </Button>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Rules.

const PRESETS = Object.keys(patterns) as Array<keyof typeof patterns>;
const CUSTOM = '';

export function RegListEditor({ value, onChange }: EditorProps<RegRule[] | undefined>) {
  const { t } = useTranslation();
  const rules = Array.isArray(value) ? value : [];
  const set = (i: number, rule: RegRule | null) => {
    const next = [...rules];
    if (rule) next[i] = rule;
    else next.splice(i, 1);
    onChange(next);
  };
  return (
    <div>
      {rules.map((rule, i) => {
        const preset = rule.pattern.startsWith('@') ? rule.pattern.slice(1) : CUSTOM;
        const invalid = preset === CUSTOM && rule.pattern !== '' && compileRule(rule.pattern) === null;
        return (
          <div key={i} className={styles.ruleBox}>
            <div className={styles.listEditorRow}>
              <Select
                size="small"
                value={preset}
                aria-label={t('formDesigner.regList.pattern')}
                options={[
                  { value: CUSTOM, label: t('formDesigner.regList.custom') },
                  ...PRESETS.map((p) => ({
                    value: p,
                    label: t(`formDesigner.regList.presets.${p}`, { defaultValue: p }),
                  })),
                ]}
                onChange={(p: string) => set(i, { ...rule, pattern: p === CUSTOM ? '' : `@${p}` })}
              />
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('formDesigner.options.remove')}
                onClick={() => set(i, null)}
              />
            </div>
            {preset === CUSTOM && (
              <Input
                size="small"
                className={styles.code}
                value={rule.pattern}
                placeholder="/^\d+$/"
                status={invalid ? 'error' : undefined}
                style={{ marginBottom: 6 }}
                onChange={(e) => set(i, { ...rule, pattern: e.target.value })}
              />
            )}
            {invalid && <Typography.Text type="danger">{t('formDesigner.regList.invalid')}</Typography.Text>}
            <Input
              size="small"
              value={rule.message}
              placeholder={t('formDesigner.regList.message')}
              aria-label={t('formDesigner.regList.message')}
              onChange={(e) => set(i, { ...rule, message: e.target.value })}
            />
          </div>
        );
      })}
      <Button
        size="small"
        type="dashed"
        block
        icon={<PlusOutlined />}
        onClick={() => onChange([...rules, { pattern: '', message: '' }])}
      >
        {t('formDesigner.regList.add')}
      </Button>
    </div>
  );
}

// ---------------------------------------------------------------------------------------------
// Default value: an editor that fits the kind, JSON for the rest.

export function DefaultValueEditor({ field, value, onChange }: EditorProps & { field: FormField }) {
  const { t } = useTranslation();
  const kind = field.__config__.jnpfKey;
  const options = (field.__slot__?.options ?? []).map((o) => ({ value: o.id, label: o.fullName || String(o.id) }));
  const multiple = kind === 'checkbox' || (kind === 'select' && field.multiple === true);
  const source = field.__config__.dataType ?? 'static';
  switch (kind) {
    case 'comInput':
    case 'textarea':
    case 'PsdInput':
    case 'autoComplete':
      return <Input value={textOf(value)} onChange={(e) => onChange(e.target.value || undefined)} allowClear />;
    case 'numInput':
    case 'rate':
      return (
        <InputNumber
          value={numberOf(value)}
          style={{ width: '100%' }}
          min={numberOf(field.min) ?? undefined}
          max={numberOf(field.max) ?? undefined}
          onChange={(v) => onChange(v ?? undefined)}
        />
      );
    case 'switch': {
      const on = field.activeValue ?? 1;
      const off = field.inactiveValue ?? 0;
      return <Switch size="small" checked={value === on} onChange={(checked) => onChange(checked ? on : off)} />;
    }
    case 'radio':
    case 'checkbox':
    case 'select':
      if (source === 'dictionary') {
        return (
          <DictionarySelect
            typeId={field.__config__.dictionaryType}
            multiple={multiple}
            value={value as string | string[] | undefined}
            onChange={(v) => onChange(v === null || (Array.isArray(v) && !v.length) ? undefined : v)}
          />
        );
      }
      if (source === 'static') {
        return (
          <Select
            mode={multiple ? 'multiple' : undefined}
            value={value as string | string[] | undefined}
            options={options}
            allowClear
            placeholder={t('formDesigner.panel.none')}
            style={{ width: '100%' }}
            onChange={(v) => onChange(v === null || (Array.isArray(v) && !v.length) ? undefined : v)}
          />
        );
      }
      return <JsonEditor value={value} onChange={onChange} />;
    default:
      return <JsonEditor value={value} onChange={onChange} />;
  }
}
