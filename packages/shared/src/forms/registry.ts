/**
 * The field-kind registry: one entry per jnpfKey with its value type, default, validation, display
 * text, storage column and the properties the designer edits. The renderer, the server validator,
 * the list and print views and the visual-development tables all read this one table.
 */
import { formatDate, formatThousands, DEFAULT_DATE_FORMAT, MB, SIZE_UNITS, type SizeUnit } from '../format.ts';
import { amountInWordsChecked } from '../amount-in-words.ts';
import { formTranslator } from './messages.ts';
import type {
  FieldGroup,
  FieldKind,
  FieldOption,
  FormContext,
  FormField,
  FormTranslate,
  JnpfKey,
  PropSchema,
  StorageKind,
  ValueType,
} from './types.ts';
import {
  checkCount,
  checkMaxLength,
  checkNumber,
  checkRegList,
  checkRequired,
  fieldLabel,
  isEmptyValue,
  toNumber,
  type RequiredStyle,
} from './validators.ts';

// ---------------------------------------------------------------------------------------------
// Property schemas the designer edits. Shared groups first, then each kind adds its own.

const p = (name: string, type: PropSchema['type'], extra: Omit<PropSchema, 'name' | 'type'> = {}): PropSchema => ({
  name,
  type,
  ...extra,
});

const LAYOUT_PROPS: PropSchema[] = [
  p('__config__.label', 'string'),
  p('__config__.tipLabel', 'string'),
  p('__config__.showLabel', 'boolean', { default: true }),
  p('__config__.labelWidth', 'number', { min: 0 }),
  p('__config__.span', 'number', { default: 24, min: 1, max: 24 }),
  p('__config__.noShow', 'boolean', { default: false }),
  p('__config__.visibility', 'json', { default: ['pc', 'app'] }),
];

const VALUE_PROPS: PropSchema[] = [
  ...LAYOUT_PROPS,
  p('__vModel__', 'string'),
  p('__config__.defaultValue', 'json'),
  p('__config__.required', 'boolean', { default: false }),
  p('__config__.trigger', 'select', { choices: ['blur', 'change'], default: 'change' }),
  p('disabled', 'boolean', { default: false }),
];

const INPUT_PROPS: PropSchema[] = [
  ...VALUE_PROPS,
  p('placeholder', 'string'),
  p('clearable', 'boolean', { default: true }),
  p('readonly', 'boolean', { default: false }),
  p('__config__.regList', 'regList', { default: [] }),
  p('__config__.unique', 'boolean', { default: false }),
];

const OPTION_PROPS: PropSchema[] = [
  ...VALUE_PROPS,
  p('__config__.dataType', 'select', { choices: ['static', 'dictionary', 'dynamic'], default: 'static' }),
  p('__slot__.options', 'options', { default: [] }),
  p('__config__.dictionaryType', 'string'),
  p('__config__.propsUrl', 'string'),
  p('props.props.label', 'string', { default: 'fullName' }),
  p('props.props.value', 'string', { default: 'id' }),
];

const PICKER_PROPS: PropSchema[] = [
  ...VALUE_PROPS,
  p('placeholder', 'string'),
  p('clearable', 'boolean', { default: true }),
  p('multiple', 'boolean', { default: false }),
  p('selectType', 'select', { choices: ['all', 'custom'], default: 'all' }),
  p('ableIds', 'json', { default: [] }),
];

const POPUP_PROPS: PropSchema[] = [
  ...VALUE_PROPS,
  p('interfaceId', 'string'),
  p('propsValue', 'string', { default: 'id' }),
  p('relationField', 'string', { default: 'fullName' }),
  p('columnOptions', 'json', { default: [] }),
  p('templateJson', 'json', { default: [] }),
  p('hasPage', 'boolean', { default: false }),
  p('pageSize', 'number', { default: 20 }),
  p('popupType', 'select', { choices: ['dialog', 'drawer'], default: 'dialog' }),
  p('popupTitle', 'string', { default: '选择数据' }),
  p('popupWidth', 'select', { choices: ['800px', '1000px'], default: '800px' }),
  p('multiple', 'boolean', { default: false }),
  p('clearable', 'boolean', { default: true }),
];

// ---------------------------------------------------------------------------------------------
// Value helpers.

/** Options of a select-like field: `__slot__.options`, or `options` on tree-shaped kinds. */
export function fieldOptions(field: FormField): FieldOption[] {
  const slot = field.__slot__?.options;
  if (Array.isArray(slot)) return slot;
  return Array.isArray(field.options) ? (field.options as FieldOption[]) : [];
}

/** Option ids and labels, tree options flattened. Keyed by the id as text, since ids arrive as either. */
function optionIndex(field: FormField): Map<string, string> {
  const props = (field.props as { props?: { label?: string; value?: string; children?: string } } | undefined)?.props;
  const labelKey = props?.label ?? 'fullName';
  const valueKey = props?.value ?? 'id';
  const childKey = props?.children ?? 'children';
  const index = new Map<string, string>();
  const walk = (options: unknown[]) => {
    for (const o of options) {
      if (!o || typeof o !== 'object') continue;
      const option = o as Record<string, unknown>;
      index.set(String(option[valueKey]), String(option[labelKey] ?? ''));
      if (Array.isArray(option[childKey])) walk(option[childKey] as unknown[]);
    }
  };
  walk(fieldOptions(field));
  return index;
}

/** Only fields with options written into the form can be checked against them; others load at run time. */
function hasStaticOptions(field: FormField): boolean {
  const dataType = field.__config__.dataType;
  return (dataType === undefined || dataType === 'static') && fieldOptions(field).length > 0;
}

const isText = (v: unknown): v is string => typeof v === 'string';
const isId = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';
const isIdList = (v: unknown): v is Array<string | number> => Array.isArray(v) && v.every(isId);
const isPathList = (v: unknown): v is Array<Array<string | number>> => Array.isArray(v) && v.every(isIdList);
const isTime = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The name of an id for display: the caller's lookup, or the id itself. */
const nameOf = (id: unknown, ctx?: FormContext) => {
  const key = String(id);
  return ctx?.names?.[key] ?? key;
};

/** Ids of a picker value, flattened: 'a', ['a','b'] or [['a','b'],['c']]. */
function flatIds(value: unknown): string[] {
  if (isId(value)) return [String(value)];
  if (Array.isArray(value)) return value.flatMap((v) => flatIds(v));
  return [];
}

function optionText(value: unknown, field: FormField, ctx?: FormContext): string {
  const index = optionIndex(field);
  const one = (v: unknown) => index.get(String(v)) ?? nameOf(v, ctx);
  if (Array.isArray(value)) {
    // A cascader path reads 'a/b/c'; several paths are separated by commas.
    if (field.__config__.jnpfKey === 'cascader') {
      const paths: unknown[][] = isPathList(value) ? value : [value];
      return paths.map((path) => path.map(one).join('/')).join(',');
    }
    return value.map(one).join(',');
  }
  return isEmptyValue(value) ? '' : one(value);
}

/** Labels of the ids of an organisation / user / area picker value. */
function pickerText(value: unknown, ctx?: FormContext, pathSeparator?: string): string {
  if (isEmptyValue(value)) return '';
  // A single path (organisation, address) reads as 'a/b/c'; the last name alone would be ambiguous.
  if (pathSeparator && isIdList(value)) return value.map((v) => nameOf(v, ctx)).join(pathSeparator);
  if (pathSeparator && isPathList(value)) return value.map((path) => pickerText(path, ctx, pathSeparator)).join(',');
  return flatIds(value)
    .map((id) => nameOf(id.split('--')[0], ctx))
    .join(',');
}

function fileText(value: unknown): string {
  if (!Array.isArray(value)) return '';
  return value
    .map((f) => (f && typeof f === 'object' ? String((f as { name?: unknown }).name ?? '') : ''))
    .filter(Boolean)
    .join(',');
}

const stripHtml = (html: string) =>
  html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/p>|<\/div>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

/** Digits and precision of a number display: precision, then thousands separators when asked. */
function numberText(value: unknown, field: FormField): string {
  const n = toNumber(value);
  if (n === undefined) return '';
  const precision = toNumber(field.precision);
  if (field.thousands) return formatThousands(n, precision);
  return precision === undefined ? String(n) : n.toFixed(precision);
}

const timeText = (value: unknown, field: FormField, fallback: string) =>
  isTime(value) ? formatDate(value, (field.format as string | undefined) || fallback) : '';

function pad2(n: number) {
  return String(n).padStart(2, '0');
}

// ---------------------------------------------------------------------------------------------
// Entry builder.

interface KindSpec {
  group: FieldGroup;
  valueType: ValueType;
  storage: StorageKind;
  props: PropSchema[];
  /** Layout and static elements hold no value. */
  hasValue?: boolean;
  /** How the required message reads; none for kinds never required of the user. */
  required?: RequiredStyle;
  /** The empty value of a new record when no default is configured. */
  empty?: (field: FormField) => unknown;
  /** The value when `defaultCurrent` is on (now, current user ...). */
  current?: (field: FormField, ctx: FormContext) => unknown;
  /** Checks of a non-empty value: shape, options, range, count. */
  check?: (value: unknown, field: FormField, t: FormTranslate) => string | undefined;
  /** Whether regList rules apply to the value (text-like kinds). */
  regex?: boolean;
  text?: (value: unknown, field: FormField, ctx?: FormContext) => string;
}

const invalid = (field: FormField, t: FormTranslate) => t('invalidValue', { label: fieldLabel(field) });

function kind(key: JnpfKey, spec: KindSpec): FieldKind {
  const hasValue = spec.hasValue ?? true;
  return {
    key,
    group: spec.group,
    valueType: spec.valueType,
    hasValue,
    storage: spec.storage,
    props: spec.props,
    defaultValue(field, ctx = {}) {
      if (!hasValue) return undefined;
      if (field.__config__.defaultCurrent && spec.current) {
        const current = spec.current(field, ctx);
        if (current !== undefined) return current;
      }
      const configured = field.__config__.defaultValue;
      // A copy, so records never share one array or object with the form JSON.
      if (configured !== undefined && configured !== null && configured !== '') return structuredClone(configured);
      return spec.empty ? spec.empty(field) : null;
    },
    validate(value, field, t) {
      if (!hasValue) return undefined;
      const tr = formTranslator(t);
      if (spec.required) {
        const missing = checkRequired(value, field, spec.required, tr);
        if (missing) return missing;
      }
      if (isEmptyValue(value)) return undefined;
      const problem = spec.check?.(value, field, tr);
      if (problem) return problem;
      return spec.regex ? checkRegList(value, field.__config__.regList, field, tr) : undefined;
    },
    display(value, field, ctx) {
      if (!hasValue || value === undefined || value === null) return '';
      return spec.text ? spec.text(value, field, ctx) : String(value);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Kind families.

function textKind(key: JnpfKey, storage: StorageKind, props: PropSchema[], extra: Partial<KindSpec> = {}) {
  return kind(key, {
    group: 'basic',
    valueType: 'string',
    storage,
    props,
    required: 'input',
    regex: true,
    empty: () => '',
    check: (v, f, t) =>
      isText(v) || typeof v === 'number' ? checkMaxLength(String(v), f.maxlength, f, t) : invalid(f, t),
    ...extra,
  });
}

/** Radio, checkbox, select, treeSelect, cascader: ids of options. */
function optionKind(key: JnpfKey, opts: { list: boolean | 'multiple'; path?: boolean; props: PropSchema[] }) {
  const isList = (f: FormField) => opts.list === true || (opts.list === 'multiple' && f.multiple === true);
  return kind(key, {
    group: 'basic',
    valueType: opts.list === true || opts.path ? 'string[]' : 'string',
    storage: opts.list === true || opts.path ? 'json' : 'text',
    props: opts.props,
    required: 'select',
    empty: (f) => (isList(f) || opts.path ? [] : null),
    check(v, f, t) {
      let ids: unknown[];
      if (opts.path) {
        // cascader: a path of ids, or several paths when multiple.
        if (f.multiple ? !isPathList(v) : !isIdList(v)) return invalid(f, t);
        ids = (f.multiple ? (v as unknown[][]) : [v as unknown[]]).flat();
      } else if (isList(f)) {
        if (!isIdList(v)) return invalid(f, t);
        ids = v;
        const limit = checkCount(v.length, f.min, f.max, f, t);
        if (limit) return limit;
      } else {
        if (!isId(v)) return invalid(f, t);
        ids = [v];
      }
      if (hasStaticOptions(f)) {
        const index = optionIndex(f);
        if (ids.some((id) => !index.has(String(id)))) return t('invalidOption', { label: fieldLabel(f) });
      }
      return undefined;
    },
    text: optionText,
  });
}

/** Organisation, department, position, user, role, group pickers: ids, several when multiple. */
function pickerKind(key: JnpfKey, current?: KindSpec['current'], pathValue = false) {
  return kind(key, {
    group: 'advanced',
    valueType: pathValue ? 'string[]' : 'string',
    storage: pathValue ? 'json' : 'text',
    props: PICKER_PROPS,
    required: 'select',
    empty: (f) => (f.multiple || pathValue ? [] : null),
    current,
    check(v, f, t) {
      if (pathValue) {
        // An organisation is chosen as its path of ids; several paths when multiple.
        const ok = f.multiple ? isPathList(v) || isIdList(v) : isIdList(v) || isId(v);
        if (!ok) return invalid(f, t);
        return f.multiple ? checkCount((v as unknown[]).length, undefined, f.limit, f, t) : undefined;
      }
      if (f.multiple) {
        if (!isIdList(v)) return invalid(f, t);
        return checkCount(v.length, undefined, f.limit, f, t);
      }
      return isId(v) ? undefined : invalid(f, t);
    },
    text: (v, _f, ctx) => pickerText(v, ctx, pathValue ? '/' : undefined),
  });
}

/** A file item: at least a name and where it is (fileId or url). */
const isFileItem = (v: unknown) =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as { name?: unknown }).name === 'string' &&
  (typeof (v as { fileId?: unknown }).fileId === 'string' || typeof (v as { url?: unknown }).url === 'string');

function uploadKind(key: 'uploadFz' | 'uploadImg') {
  const image = key === 'uploadImg';
  return kind(key, {
    group: 'basic',
    valueType: 'files',
    storage: 'json',
    props: [
      ...VALUE_PROPS,
      p('limit', 'number', { default: 0, min: 0 }),
      p('fileSize', 'number', { default: 10, min: 0 }),
      p('sizeUnit', 'select', { choices: ['KB', 'MB', 'GB'], default: 'MB' }),
      ...(image
        ? [p('pathType', 'string', { default: 'annexpic' })]
        : [p('accept', 'string', { default: '' }), p('buttonText', 'string', { default: '点击上传' })]),
      p('tipText', 'string'),
    ],
    required: 'upload',
    empty: () => [],
    check(v, f, t) {
      if (!Array.isArray(v) || !v.every(isFileItem)) return invalid(f, t);
      const limit = toNumber(f.limit);
      // A limit of 0 means no limit.
      if (limit && v.length > limit) return t(image ? 'imageLimit' : 'fileLimit', { n: limit });
      const size = toNumber(f.fileSize);
      const unit = (f.sizeUnit as SizeUnit | undefined) ?? 'MB';
      if (size && SIZE_UNITS[unit]) {
        const tooBig = v.some((file) => {
          const bytes = toNumber((file as { fileSize?: unknown }).fileSize);
          return bytes !== undefined && bytes / SIZE_UNITS[unit] > size;
        });
        if (tooBig) return t(image ? 'imageTooLarge' : 'fileTooLarge', { size, unit });
      }
      return undefined;
    },
    text: fileText,
  });
}

function staticKind(key: JnpfKey, props: PropSchema[], group: FieldGroup = 'basic') {
  return kind(key, { group, valueType: 'none', storage: 'none', props, hasValue: false });
}

function systemKind(key: JnpfKey, time: boolean) {
  return kind(key, {
    group: 'system',
    valueType: time ? 'timestamp' : 'string',
    storage: time ? 'timestamp' : 'text',
    props: [...LAYOUT_PROPS, p('__vModel__', 'string'), p('format', 'string', { default: DEFAULT_DATE_FORMAT })],
    // Filled by the server when a record is saved; what a browser sends is not checked but replaced.
    text: time ? (v, f) => timeText(v, f, DEFAULT_DATE_FORMAT) : (v, _f, ctx) => pickerText(v, ctx),
  });
}

const RANGE_PROPS = [...VALUE_PROPS, p('startPlaceholder', 'string'), p('endPlaceholder', 'string')];

// ---------------------------------------------------------------------------------------------
// The registry.

export const FIELD_KINDS: Record<JnpfKey, FieldKind> = {
  // basic
  comInput: textKind('comInput', 'text', [
    ...INPUT_PROPS,
    p('maxlength', 'number', { min: 0 }),
    p('showWordLimit', 'boolean', { default: false }),
    p('showPassword', 'boolean', { default: false }),
    p('prefix-icon', 'string'),
    p('suffix-icon', 'string'),
    p('__slot__.prepend', 'string'),
    p('__slot__.append', 'string'),
  ]),
  textarea: textKind('textarea', 'longText', [
    ...INPUT_PROPS,
    p('maxlength', 'number', { min: 0 }),
    p('showWordLimit', 'boolean', { default: false }),
    p('autosize.minRows', 'number', { default: 4 }),
    p('autosize.maxRows', 'number', { default: 4 }),
  ]),
  PsdInput: textKind(
    'PsdInput',
    'text',
    [...INPUT_PROPS, p('maxlength', 'number', { min: 0 }), p('showPassword', 'boolean', { default: true })],
    // A password is never shown back, whatever it is.
    { text: (v) => (isEmptyValue(v) ? '' : '******') },
  ),
  numInput: kind('numInput', {
    group: 'basic',
    valueType: 'number',
    storage: 'decimal',
    props: [
      ...VALUE_PROPS,
      p('placeholder', 'string'),
      p('min', 'number'),
      p('max', 'number'),
      p('step', 'number', { default: 1 }),
      p('precision', 'number', { min: 0, max: 15 }),
      p('thousands', 'boolean', { default: false }),
      p('isAmountChinese', 'boolean', { default: false }),
      p('controls', 'boolean', { default: true }),
      p('addonBefore', 'string'),
      p('addonAfter', 'string'),
    ],
    required: 'input',
    check(v, f, t) {
      const n = typeof v === 'number' || typeof v === 'string' ? toNumber(v) : undefined;
      if (n === undefined) return t('notNumber', { label: fieldLabel(f) });
      return checkNumber(n, { min: f.min, max: f.max, precision: f.precision }, f, t);
    },
    regex: true,
    text: numberText,
  }),
  switch: kind('switch', {
    group: 'basic',
    valueType: 'number',
    storage: 'number',
    props: [
      ...VALUE_PROPS,
      p('activeTxt', 'string', { default: '开' }),
      p('inactiveTxt', 'string', { default: '关' }),
      p('activeValue', 'json', { default: 1 }),
      p('inactiveValue', 'json', { default: 0 }),
    ],
    empty: (f) => f.inactiveValue ?? 0,
    check(v, f, t) {
      const on = f.activeValue ?? 1;
      const off = f.inactiveValue ?? 0;
      return v === on || v === off ? undefined : invalid(f, t);
    },
    text(v, f, ctx) {
      const on = v === (f.activeValue ?? 1);
      const fallback = formTranslator(ctx?.lang)(on ? 'yes' : 'no');
      return String((on ? f.activeTxt : f.inactiveTxt) || fallback);
    },
  }),
  radio: optionKind('radio', {
    list: false,
    props: [...OPTION_PROPS, p('optionType', 'select', { choices: ['default', 'button'], default: 'default' })],
  }),
  checkbox: optionKind('checkbox', {
    list: true,
    props: [...OPTION_PROPS, p('min', 'number', { min: 0 }), p('max', 'number', { min: 0 })],
  }),
  select: optionKind('select', {
    list: 'multiple',
    props: [
      ...OPTION_PROPS,
      p('placeholder', 'string'),
      p('clearable', 'boolean', { default: true }),
      p('filterable', 'boolean', { default: false }),
      p('multiple', 'boolean', { default: false }),
      p('max', 'number', { min: 0 }),
    ],
  }),
  cascader: optionKind('cascader', {
    list: false,
    path: true,
    props: [
      ...OPTION_PROPS,
      p('placeholder', 'string'),
      p('multiple', 'boolean', { default: false }),
      p('filterable', 'boolean', { default: false }),
      p('showAllLevels', 'boolean', { default: true }),
      p('separator', 'string', { default: '/' }),
    ],
  }),
  treeSelect: optionKind('treeSelect', {
    list: 'multiple',
    props: [
      ...OPTION_PROPS,
      p('placeholder', 'string'),
      p('multiple', 'boolean', { default: false }),
      p('filterable', 'boolean', { default: false }),
      p('leafOnly', 'boolean', { default: false }),
    ],
  }),
  date: kind('date', {
    group: 'basic',
    valueType: 'timestamp',
    storage: 'timestamp',
    props: [
      ...VALUE_PROPS,
      p('placeholder', 'string'),
      p('format', 'string', { default: 'yyyy-MM-dd' }),
      p('__config__.defaultCurrent', 'boolean', { default: false }),
      p('startTime', 'number'),
      p('endTime', 'number'),
    ],
    required: 'select',
    current: (_f, ctx) => ctx.now ?? Date.now(),
    check(v, f, t) {
      if (!isTime(v)) return invalid(f, t);
      return checkNumber(v, { min: f.startTime, max: f.endTime }, f, t) ? invalid(f, t) : undefined;
    },
    text: (v, f) => timeText(v, f, 'yyyy-MM-dd'),
  }),
  time: kind('time', {
    group: 'basic',
    valueType: 'string',
    storage: 'text',
    props: [
      ...VALUE_PROPS,
      p('placeholder', 'string'),
      p('format', 'string', { default: 'HH:mm:ss' }),
      p('__config__.defaultCurrent', 'boolean', { default: false }),
    ],
    required: 'select',
    empty: () => '',
    current(_f, ctx) {
      const d = new Date(ctx.now ?? Date.now());
      return `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
    },
    check: (v, f, t) => (isText(v) && /^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(v) ? undefined : invalid(f, t)),
  }),
  dateRange: kind('dateRange', {
    group: 'basic',
    valueType: 'timestamp[]',
    storage: 'json',
    props: [...RANGE_PROPS, p('format', 'string', { default: 'yyyy-MM-dd' })],
    required: 'select',
    empty: () => [],
    check(v, f, t) {
      if (!Array.isArray(v) || v.length !== 2 || !v.every(isTime)) return invalid(f, t);
      return v[0] > v[1] ? t('rangeOrder', { label: fieldLabel(f) }) : undefined;
    },
    text: (v, f) => (Array.isArray(v) ? v.map((x) => timeText(x, f, 'yyyy-MM-dd')).join(' ~ ') : ''),
  }),
  timeRange: kind('timeRange', {
    group: 'basic',
    valueType: 'string[]',
    storage: 'json',
    props: [...RANGE_PROPS, p('format', 'string', { default: 'HH:mm:ss' })],
    required: 'select',
    empty: () => [],
    check(v, f, t) {
      const ok = (x: unknown) => isText(x) && /^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(x);
      if (!Array.isArray(v) || v.length !== 2 || !v.every(ok)) return invalid(f, t);
      // Times of equal shape compare as text; pad the hour so 9:00 sorts before 10:00.
      const [a, b] = (v as string[]).map((x) => x.padStart(8, '0'));
      return a! > b! ? t('rangeOrder', { label: fieldLabel(f) }) : undefined;
    },
    text: (v) => (Array.isArray(v) ? v.join(' ~ ') : ''),
  }),
  colorPicker: kind('colorPicker', {
    group: 'basic',
    valueType: 'string',
    storage: 'text',
    props: [...VALUE_PROPS, p('showAlpha', 'boolean', { default: false }), p('colorFormat', 'string')],
    required: 'select',
    empty: () => '',
    check: (v, f, t) =>
      isText(v) && /^(#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%]+\))$/i.test(v)
        ? undefined
        : invalid(f, t),
  }),
  rate: kind('rate', {
    group: 'basic',
    valueType: 'number',
    storage: 'decimal',
    props: [
      ...VALUE_PROPS,
      p('count', 'number', { default: 5, min: 1 }),
      p('allowHalf', 'boolean', { default: false }),
    ],
    required: 'select',
    empty: () => 0,
    check(v, f, t) {
      const n = toNumber(v);
      if (n === undefined || typeof v !== 'number') return invalid(f, t);
      const steps = f.allowHalf ? n * 2 : n;
      if (!Number.isInteger(steps)) return invalid(f, t);
      return checkNumber(n, { min: 0, max: f.count ?? 5 }, f, t);
    },
    text: (v) => String(v),
  }),
  slider: kind('slider', {
    group: 'basic',
    valueType: 'number',
    storage: 'decimal',
    props: [
      ...VALUE_PROPS,
      p('min', 'number', { default: 0 }),
      p('max', 'number', { default: 100 }),
      p('step', 'number', { default: 1 }),
      p('range', 'boolean', { default: false }),
    ],
    required: 'select',
    empty: (f) => (f.range ? [toNumber(f.min) ?? 0, toNumber(f.max) ?? 100] : (toNumber(f.min) ?? 0)),
    check(v, f, t) {
      const bounds = { min: f.min ?? 0, max: f.max ?? 100 };
      const values = f.range ? v : [v];
      if (!Array.isArray(values) || !values.every((x) => typeof x === 'number' && Number.isFinite(x)))
        return invalid(f, t);
      for (const n of values as number[]) {
        const problem = checkNumber(n, bounds, f, t);
        if (problem) return problem;
      }
      return undefined;
    },
    text: (v) => (Array.isArray(v) ? v.join(' ~ ') : String(v)),
  }),
  editor: kind('editor', {
    group: 'basic',
    valueType: 'string',
    storage: 'longText',
    props: [...VALUE_PROPS, p('placeholder', 'string'), p('height', 'number', { default: 300 })],
    required: 'input',
    empty: () => '',
    check: (v, f, t) => (isText(v) ? undefined : invalid(f, t)),
    text: (v) => (isText(v) ? stripHtml(v) : ''),
  }),
  uploadFz: uploadKind('uploadFz'),
  uploadImg: uploadKind('uploadImg'),
  link: staticKind('link', [
    ...LAYOUT_PROPS,
    p('content', 'string', { default: '文本链接' }),
    p('href', 'string'),
    p('target', 'select', { choices: ['_self', '_blank'], default: '_self' }),
    p('textStyle', 'json'),
  ]),
  button: staticKind('button', [
    ...LAYOUT_PROPS,
    p('buttonText', 'string', { default: '按钮' }),
    p('align', 'select', { choices: ['left', 'center', 'right'], default: 'left' }),
    p('type', 'select', { choices: ['default', 'primary', 'dashed', 'text', 'link'], default: 'default' }),
    p('on.click', 'text'),
  ]),
  JNPFText: staticKind('JNPFText', [...LAYOUT_PROPS, p('content', 'text'), p('textStyle', 'json')]),
  alert: staticKind('alert', [
    ...LAYOUT_PROPS,
    p('title', 'string'),
    p('type', 'select', { choices: ['success', 'info', 'warning', 'error'], default: 'success' }),
    p('closable', 'boolean', { default: true }),
    p('showIcon', 'boolean', { default: false }),
    p('description', 'text'),
  ]),
  calculate: kind('calculate', {
    group: 'basic',
    valueType: 'number',
    storage: 'decimal',
    props: [
      ...LAYOUT_PROPS,
      p('__vModel__', 'string'),
      p('expression', 'json', { default: [] }),
      p('precision', 'number', { default: 2, min: 0, max: 15 }),
      p('thousands', 'boolean', { default: false }),
      p('isAmountChinese', 'boolean', { default: false }),
      p('__config__.isStorage', 'select', { choices: [1, 2], default: 2 }),
    ],
    // The value is computed from the expression; what the browser sends is recomputed, not trusted.
    empty: () => 0,
    check: (v, f, t) => (toNumber(v) === undefined ? t('notNumber', { label: fieldLabel(f) }) : undefined),
    text(v, f, ctx) {
      const text = numberText(v, f);
      if (!f.isAmountChinese || text === '') return text;
      const words = amountInWordsChecked(toNumber(v) ?? 0, ctx?.lang);
      return words ? `${text} ${words}` : text;
    },
  }),
  barcode: staticKind('barcode', [
    ...LAYOUT_PROPS,
    p('format', 'select', {
      choices: ['CODE128', 'EAN13', 'UPC', 'CODE39', 'ITF14', 'MSI', 'pharmacode'],
      default: 'CODE128',
    }),
    p('lineColor', 'color', { default: '#000000' }),
    p('background', 'color', { default: '#ffffff' }),
    p('width', 'number', { default: 4 }),
    p('height', 'number', { default: 40 }),
    p('margin', 'number', { default: 5 }),
    p('dataType', 'select', { choices: ['static', 'relation'], default: 'static' }),
    p('staticText', 'string'),
    p('relationField', 'string'),
  ]),
  qrcode: staticKind('qrcode', [
    ...LAYOUT_PROPS,
    p('colorDark', 'color', { default: '#000000' }),
    p('colorLight', 'color', { default: '#ffffff' }),
    p('width', 'number', { default: 40 }),
    p('correctLevel', 'select', { choices: ['L', 'M', 'Q', 'H'], default: 'L' }),
    p('dataType', 'select', { choices: ['static', 'relation', 'form'], default: 'static' }),
    p('staticText', 'string'),
    p('relationField', 'string'),
  ]),
  numRange: kind('numRange', {
    group: 'basic',
    valueType: 'number[]',
    storage: 'json',
    props: [...VALUE_PROPS, p('precision', 'number', { min: 0 }), p('min', 'number'), p('max', 'number')],
    required: 'input',
    empty: () => [],
    check(v, f, t) {
      if (!Array.isArray(v) || v.length !== 2) return invalid(f, t);
      const ends = v.map((x) => (x === null || x === '' || x === undefined ? null : toNumber(x)));
      if (ends.some((x) => x === undefined)) return t('notNumber', { label: fieldLabel(f) });
      for (const n of ends) {
        const problem =
          n === null ? undefined : checkNumber(n as number, { min: f.min, max: f.max, precision: f.precision }, f, t);
        if (problem) return problem;
      }
      const [lo, hi] = ends;
      return lo != null && hi != null && lo > hi ? t('rangeOrder', { label: fieldLabel(f) }) : undefined;
    },
    text: (v) => (Array.isArray(v) ? v.map((x) => (x === null || x === undefined ? '' : String(x))).join(' ~ ') : ''),
  }),

  // advanced
  comSelect: pickerKind('comSelect', (_f, ctx) => (ctx.organize ? [ctx.organize.id] : undefined), true),
  depSelect: pickerKind('depSelect', (f, ctx) =>
    ctx.department ? (f.multiple ? [ctx.department.id] : ctx.department.id) : undefined,
  ),
  posSelect: pickerKind('posSelect', (f, ctx) =>
    ctx.position ? (f.multiple ? [ctx.position.id] : ctx.position.id) : undefined,
  ),
  userSelect: pickerKind('userSelect', (f, ctx) => (ctx.user ? (f.multiple ? [ctx.user.id] : ctx.user.id) : undefined)),
  usersSelect: pickerKind('usersSelect', (f, ctx) =>
    ctx.user ? (f.multiple ? [`${ctx.user.id}--user`] : `${ctx.user.id}--user`) : undefined,
  ),
  roleSelect: pickerKind('roleSelect'),
  groupSelect: pickerKind('groupSelect'),
  address: kind('address', {
    group: 'advanced',
    valueType: 'string[]',
    storage: 'json',
    props: [
      ...VALUE_PROPS,
      p('placeholder', 'string'),
      p('level', 'select', { choices: [0, 1, 2, 3], default: 2 }),
      p('multiple', 'boolean', { default: false }),
    ],
    required: 'select',
    empty: () => [],
    check(v, f, t) {
      const level = toNumber(f.level) ?? 2;
      const paths = f.multiple ? v : [v];
      if (!isPathList(paths)) return invalid(f, t);
      // A path holds one id per level from the province down to the configured level.
      return paths.every((path) => path.length >= 1 && path.length <= level + 1) ? undefined : invalid(f, t);
    },
    text: (v, _f, ctx) => pickerText(v, ctx, '/'),
  }),
  billRule: kind('billRule', {
    group: 'advanced',
    valueType: 'string',
    storage: 'text',
    props: [
      ...LAYOUT_PROPS,
      p('__vModel__', 'string'),
      p('__config__.rule', 'string'),
      p('placeholder', 'string', { default: '系统自动生成' }),
    ],
    // Issued by the server when the record is first saved; the user never types it.
    empty: () => '',
    check: (v, f, t) => (isText(v) ? undefined : invalid(f, t)),
  }),
  relationForm: kind('relationForm', {
    group: 'advanced',
    valueType: 'string',
    storage: 'text',
    props: [
      ...VALUE_PROPS,
      p('modelId', 'string'),
      p('relationField', 'string'),
      p('columnOptions', 'json', { default: [] }),
      p('hasPage', 'boolean', { default: false }),
      p('pageSize', 'number', { default: 20 }),
      p('popupType', 'select', { choices: ['dialog', 'drawer'], default: 'dialog' }),
      p('popupTitle', 'string', { default: '选择数据' }),
    ],
    required: 'select',
    check: (v, f, t) => (isId(v) ? undefined : invalid(f, t)),
    text: (v, _f, ctx) => nameOf(v, ctx),
  }),
  relationFormAttr: kind('relationFormAttr', {
    group: 'advanced',
    valueType: 'string',
    storage: 'text',
    props: [
      ...LAYOUT_PROPS,
      p('__vModel__', 'string'),
      p('showField', 'string'),
      p('relationField', 'string'),
      p('__config__.isStorage', 'select', { choices: [1, 2], default: 1 }),
    ],
  }),
  popupSelect: pickerLikePopup('popupSelect'),
  popupTableSelect: pickerLikePopup('popupTableSelect'),
  autoComplete: kind('autoComplete', {
    group: 'advanced',
    valueType: 'string',
    storage: 'text',
    props: [...POPUP_PROPS, p('placeholder', 'string'), p('total', 'number', { default: 50 })],
    required: 'input',
    regex: true,
    empty: () => '',
    check: (v, f, t) => (isText(v) ? checkMaxLength(v, f.maxlength, f, t) : invalid(f, t)),
  }),
  popupAttr: kind('popupAttr', {
    group: 'advanced',
    valueType: 'string',
    storage: 'text',
    props: [
      ...LAYOUT_PROPS,
      p('__vModel__', 'string'),
      p('showField', 'string'),
      p('relationField', 'string'),
      p('__config__.isStorage', 'select', { choices: [1, 2], default: 1 }),
    ],
  }),
  table: kind('table', {
    group: 'advanced',
    valueType: 'rows',
    storage: 'none',
    props: [
      ...LAYOUT_PROPS,
      p('__vModel__', 'string'),
      p('__config__.showTitle', 'boolean', { default: true }),
      p('actionText', 'string', { default: '添加' }),
      p('show-summary', 'boolean', { default: false }),
      p('summaryField', 'json', { default: [] }),
      p('__config__.required', 'boolean', { default: false }),
    ],
    required: 'input',
    empty: () => [],
    // Rows are checked cell by cell by validateForm; here only their shape.
    check: (v, f, t) =>
      Array.isArray(v) && v.every((row) => !!row && typeof row === 'object' && !Array.isArray(row))
        ? undefined
        : invalid(f, t),
    text: (v) => (Array.isArray(v) ? String(v.length) : ''),
  }),

  // system
  createUser: systemKind('createUser', false),
  createTime: systemKind('createTime', true),
  modifyUser: systemKind('modifyUser', false),
  modifyTime: systemKind('modifyTime', true),
  currOrganize: systemKind('currOrganize', false),
  currDept: systemKind('currDept', false),
  currPosition: systemKind('currPosition', false),

  // layout
  groupTitle: staticKind(
    'groupTitle',
    [
      ...LAYOUT_PROPS,
      p('content', 'string'),
      p('contentPosition', 'select', { choices: ['left', 'center', 'right'], default: 'left' }),
    ],
    'layout',
  ),
  divider: staticKind(
    'divider',
    [
      ...LAYOUT_PROPS,
      p('content', 'string'),
      p('contentPosition', 'select', { choices: ['left', 'center', 'right'], default: 'center' }),
    ],
    'layout',
  ),
  collapse: staticKind('collapse', [...LAYOUT_PROPS, p('accordion', 'boolean', { default: false })], 'layout'),
  collapseItem: staticKind('collapseItem', [p('title', 'string'), p('name', 'string')], 'layout'),
  tab: staticKind(
    'tab',
    [
      ...LAYOUT_PROPS,
      p('type', 'select', { choices: ['', 'card', 'border-card'], default: '' }),
      p('tabPosition', 'select', { choices: ['top', 'right', 'bottom', 'left'], default: 'top' }),
    ],
    'layout',
  ),
  tabItem: staticKind('tabItem', [p('title', 'string'), p('name', 'string')], 'layout'),
  row: staticKind('row', [...LAYOUT_PROPS, p('gutter', 'number', { default: 15 })], 'layout'),
  card: staticKind(
    'card',
    [
      ...LAYOUT_PROPS,
      p('header', 'string'),
      p('shadow', 'select', { choices: ['always', 'hover', 'never'], default: 'always' }),
    ],
    'layout',
  ),
  tableGrid: staticKind(
    'tableGrid',
    [...LAYOUT_PROPS, p('borderColor', 'color', { default: '#E2E0E0' }), p('borderWidth', 'number', { default: 1 })],
    'layout',
  ),
};

function pickerLikePopup(key: 'popupSelect' | 'popupTableSelect'): FieldKind {
  return kind(key, {
    group: 'advanced',
    valueType: 'string',
    storage: 'text',
    props: [...POPUP_PROPS, p('placeholder', 'string', { default: '请选择' })],
    required: 'select',
    empty: (f) => (f.multiple ? [] : null),
    check(v, f, t) {
      if (f.multiple) return isIdList(v) ? undefined : invalid(f, t);
      return isId(v) ? undefined : invalid(f, t);
    },
    text: (v, _f, ctx) => pickerText(v, ctx),
  });
}

/** The registry entry of a field, or undefined for a kind this version does not know. */
export function kindOf(field: FormField): FieldKind | undefined {
  const key = field?.__config__?.jnpfKey;
  return typeof key === 'string' && Object.hasOwn(FIELD_KINDS, key) ? FIELD_KINDS[key] : undefined;
}

/**
 * Whether a field holds a value of its own in the record. Relation and popup attributes are
 * stored only when `isStorage` is 2; everything else follows its kind.
 */
export function holdsValue(field: FormField): boolean {
  const k = kindOf(field);
  if (!k || !field.__vModel__) return false;
  if (k.key === 'relationFormAttr' || k.key === 'popupAttr') return field.__config__.isStorage === 2;
  return k.hasValue;
}

/** The column kind of a field: single-value kinds store several values as JSON text. */
export function storageOf(field: FormField): StorageKind {
  const k = kindOf(field);
  if (!k || !holdsValue(field)) return 'none';
  if (field.multiple === true && k.storage !== 'none') return 'json';
  return k.storage;
}

/** Default upload size for the attachment control, in bytes (10 MB). */
export const DEFAULT_ATTACHMENT_SIZE = 10 * MB;
