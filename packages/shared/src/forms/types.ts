/**
 * The form JSON that the form designer saves and the renderer reads, and the vocabulary of the
 * field-kind registry built on it. Both the web renderer and the server validator use these types,
 * so a record is checked by the same rules on both sides.
 */

/** Languages the shared form messages come in. */
export type FormLang = 'zh-CN' | 'zh-TW' | 'en-US';

export const BASIC_KEYS = [
  'comInput',
  'textarea',
  'numInput',
  'PsdInput',
  'switch',
  'radio',
  'checkbox',
  'select',
  'cascader',
  'treeSelect',
  'date',
  'time',
  'dateRange',
  'timeRange',
  'colorPicker',
  'rate',
  'slider',
  'editor',
  'uploadFz',
  'uploadImg',
  'link',
  'button',
  'JNPFText',
  'alert',
  'calculate',
  'barcode',
  'qrcode',
  'numRange',
] as const;

export const ADVANCED_KEYS = [
  'comSelect',
  'depSelect',
  'posSelect',
  'userSelect',
  'usersSelect',
  'roleSelect',
  'groupSelect',
  'address',
  'billRule',
  'relationForm',
  'relationFormAttr',
  'popupSelect',
  'popupTableSelect',
  'autoComplete',
  'popupAttr',
  'table',
] as const;

export const SYSTEM_KEYS = [
  'createUser',
  'createTime',
  'modifyUser',
  'modifyTime',
  'currOrganize',
  'currDept',
  'currPosition',
] as const;

export const LAYOUT_KEYS = [
  'groupTitle',
  'divider',
  'collapse',
  'collapseItem',
  'tab',
  'tabItem',
  'row',
  'card',
  'tableGrid',
] as const;

export type BasicKey = (typeof BASIC_KEYS)[number];
export type AdvancedKey = (typeof ADVANCED_KEYS)[number];
export type SystemKey = (typeof SYSTEM_KEYS)[number];
export type LayoutKey = (typeof LAYOUT_KEYS)[number];
/** Every field kind of a form (`__config__.jnpfKey`). */
export type JnpfKey = BasicKey | AdvancedKey | SystemKey | LayoutKey;

export const JNPF_KEYS: readonly JnpfKey[] = [...BASIC_KEYS, ...ADVANCED_KEYS, ...SYSTEM_KEYS, ...LAYOUT_KEYS];

export type FieldGroup = 'basic' | 'advanced' | 'system' | 'layout';

/** A regular-expression rule: the pattern as source text (optionally `/source/flags`) and its message. */
export interface RegRule {
  pattern: string;
  message: string;
}

/** An option of a select-like field. */
export interface FieldOption {
  id: string | number;
  fullName: string;
  disabled?: boolean;
  children?: FieldOption[];
}

/** The `__config__` block of a field. Unknown extra keys are kept as they are. */
export interface FieldConfig {
  jnpfKey: JnpfKey;
  label?: string;
  tipLabel?: string;
  labelWidth?: number;
  showLabel?: boolean;
  defaultValue?: unknown;
  required?: boolean;
  regList?: RegRule[];
  trigger?: 'blur' | 'change' | Array<'blur' | 'change'>;
  layout?: 'colFormItem' | 'rowFormItem';
  span?: number;
  /** ["pc", "app"]; a list without "pc" hides the field on the web. */
  visibility?: string[];
  noShow?: boolean;
  unique?: boolean;
  tableName?: string;
  /** Numeric id the default `__vModel__` is built from (`comInputField101`). */
  formId?: number;
  renderKey?: number | string;
  /** Containers and sub-tables. */
  children?: FormField[];
  /** Relation and popup attributes: 1 displayed only, 2 displayed and saved. */
  isStorage?: 0 | 1 | 2;
  /** Fill with now / the current user / the current organisation. */
  defaultCurrent?: boolean;
  dataType?: 'static' | 'dictionary' | 'dynamic';
  dictionaryType?: string;
  /** Data interface id of a dynamic option source. */
  propsUrl?: string;
  templateJson?: unknown[];
  /** Bill-rule code of a billRule field. */
  rule?: string;
  /** Set on fields that sit in a sub-table. */
  isSubTable?: boolean;
  /** Sub-table field name for fields inside a sub-table. */
  parentVModel?: string;
  [extra: string]: unknown;
}

/** One field of a form: `__config__` plus the widget's own properties. */
export interface FormField {
  __config__: FieldConfig;
  /** The key of the field's value in the record; absent on layout and static elements. */
  __vModel__?: string;
  __slot__?: { prepend?: string; append?: string; options?: FieldOption[]; [extra: string]: unknown };
  on?: { change?: string; blur?: string };
  placeholder?: string;
  clearable?: boolean;
  disabled?: boolean;
  readonly?: boolean;
  /** Widget props: min, max, precision, multiple, limit, fileSize, sizeUnit, expression ... */
  [prop: string]: unknown;
}

/** Admin scripts around the form's life. */
export interface FormFuncs {
  onLoad?: string;
  beforeSubmit?: string;
  afterSubmit?: string;
}

/** The form JSON (`formData`): settings plus fields. */
export interface FormJson {
  /** Version of the design's shape (design-version.ts); absent on designs of the first release. */
  schemaVersion?: number;
  size?: 'large' | 'middle' | 'medium' | 'small' | 'mini' | 'default';
  labelPosition?: 'right' | 'left' | 'top';
  labelWidth?: number;
  gutter?: number;
  disabled?: boolean;
  popupType?: 'general' | 'fullScreen' | 'drawer';
  generalWidth?: string;
  fullScreenWidth?: string;
  drawerWidth?: string;
  hasCancelBtn?: boolean;
  cancelButtonText?: string;
  hasConfirmBtn?: boolean;
  confirmButtonText?: string;
  hasPrintBtn?: boolean;
  printButtonText?: string;
  printId?: string;
  primaryKeyPolicy?: number;
  concurrencyLock?: boolean;
  logicalDelete?: boolean;
  funcs?: FormFuncs;
  idGlobal?: number;
  fields: FormField[];
  [extra: string]: unknown;
}

/** Field values keyed by `__vModel__`; a sub-table's value is an array of row objects. */
export type FormValues = Record<string, unknown>;
export type FormRow = Record<string, unknown>;

/** What a default value or a display text may draw on: the signed-in user and lookups. */
export interface FormContext {
  lang?: FormLang;
  /** The clock, for current-time defaults (ms). */
  now?: number;
  user?: { id: string; account?: string; realName?: string };
  organize?: { id: string; fullName: string };
  department?: { id: string; fullName: string };
  position?: { id: string; fullName: string };
  /**
   * Names of ids a display text needs (users, organisations, dictionary items, areas, options
   * loaded from a data interface), as the caller knows them.
   */
  names?: Record<string, string>;
}

/** Column kind a field is stored in by the visual-development tables. */
export type StorageKind = 'none' | 'text' | 'longText' | 'number' | 'decimal' | 'timestamp' | 'json';

/** The JavaScript shape of a field's value. */
export type ValueType =
  'none' | 'string' | 'number' | 'boolean' | 'timestamp' | 'string[]' | 'number[]' | 'timestamp[]' | 'files' | 'rows';

/** One property the designer edits for a field kind. */
export interface PropSchema {
  /** Path of the property: `placeholder`, `__config__.required`, `__slot__.options` ... */
  name: string;
  type: 'string' | 'text' | 'number' | 'boolean' | 'select' | 'options' | 'regList' | 'json' | 'color';
  default?: unknown;
  /** Choices of a `select` property. */
  choices?: Array<string | number>;
  min?: number;
  max?: number;
}

/** Translator a caller may pass instead of a language, for its own message wording. */
export type FormTranslate = (key: string, params?: Record<string, string | number>) => string;

/** One entry of the registry: everything the platform knows about one field kind. */
export interface FieldKind {
  key: JnpfKey;
  group: FieldGroup;
  valueType: ValueType;
  /** False for layout and static elements, which hold no value. */
  hasValue: boolean;
  /** The value of a new record (configured default, or now / current user ...). */
  defaultValue(field: FormField, ctx?: FormContext): unknown;
  /** The first problem of a value, as a message in the given language; undefined when valid. */
  validate(value: unknown, field: FormField, t?: FormLang | FormTranslate): string | undefined;
  /** The text of a value in a table cell, a detail view or a print. */
  display(value: unknown, field: FormField, ctx?: FormContext): string;
  storage: StorageKind;
  props: PropSchema[];
}

export interface FormError {
  /** `vModel`, or `tableVModel.<rowIndex>.fieldVModel` inside a sub-table. */
  path: string;
  /** The field's `__vModel__`. */
  field: string;
  label: string;
  message: string;
}

export interface FormValidation {
  ok: boolean;
  errors: FormError[];
  /** The values the form keeps: known data fields only, calculated fields recomputed. */
  values: FormValues;
}
