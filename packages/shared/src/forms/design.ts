/**
 * The checks a form design must pass before it is saved or released: the designer shows them as
 * the user works, and the server refuses a design that fails one, with the same words.
 */
import { formulaFaults } from './calculate.ts';
import { collectFields } from './form.ts';
import { kindOf } from './registry.ts';
import type { FormField, FormJson, FormLang } from './types.ts';

const MESSAGES = {
  'zh-CN': {
    noFields: '表单中还没有组件',
    noModel: '{label}没有设置字段名',
    modelFormat: '{label}的字段名只能包含字母、数字和下划线，且不能以数字开头',
    duplicateModel: '字段名 {name} 重复',
    billRule: '{label}没有选择单据规则',
    relationForm: '{label}没有选择关联功能或关联字段',
    popup: '{label}没有选择数据接口、存储字段或显示字段',
    emptyContainer: '{label}中没有组件',
    printId: '已开启打印按钮，请选择打印模板',
    formulaSyntax: '{label}的公式无法解析，请点击“编辑公式”查看出错位置',
    formulaUnknown: '{label}的公式引用了“{name}”，表单中没有该字段',
    formulaSelf: '{label}的公式引用了自身的值',
  },
  'zh-TW': {
    noFields: '表單中還沒有元件',
    noModel: '{label}沒有設定欄位名',
    modelFormat: '{label}的欄位名只能包含字母、數字和底線，且不能以數字開頭',
    duplicateModel: '欄位名 {name} 重複',
    billRule: '{label}沒有選擇單據規則',
    relationForm: '{label}沒有選擇關聯功能或關聯欄位',
    popup: '{label}沒有選擇資料介面、儲存欄位或顯示欄位',
    emptyContainer: '{label}中沒有元件',
    printId: '已開啟列印按鈕，請選擇列印範本',
    formulaSyntax: '{label}的公式無法解析，請點擊「編輯公式」查看出錯位置',
    formulaUnknown: '{label}的公式引用了「{name}」，表單中沒有該欄位',
    formulaSelf: '{label}的公式引用了自身的值',
  },
  'en-US': {
    noFields: 'The form has no fields yet',
    noModel: '{label} has no field name',
    modelFormat:
      'The field name of {label} may hold only letters, digits and underscores, and may not start with a digit',
    duplicateModel: 'The field name {name} is used more than once',
    billRule: '{label} has no bill rule',
    relationForm: '{label} has no related function or related field',
    popup: '{label} has no data interface, stored field or shown field',
    emptyContainer: '{label} holds no fields',
    printId: 'The print button is on: choose a print template',
    formulaSyntax: 'The formula of {label} cannot be read: open it with “Edit formula” to see where',
    formulaUnknown: 'The formula of {label} uses “{name}”, which is not a field of the form',
    formulaSelf: 'The formula of {label} uses its own value',
  },
} as const;

export type DesignMessageKey = keyof (typeof MESSAGES)['zh-CN'];

/** One reason a design cannot be saved. */
export interface DesignProblem {
  key: DesignMessageKey;
  /** The field's model name, or its label when it has none. */
  field?: string;
  message: string;
}

/** A field name: it names a column of the model's table, so it must be a plain identifier. */
export const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,59}$/;

const CONTAINERS = new Set(['row', 'card', 'tab', 'tabItem', 'collapse', 'collapseItem', 'tableGrid', 'table']);

const labelOf = (field: FormField) =>
  String(field.__config__?.label || field.__vModel__ || field.__config__?.jnpfKey || '');

const blank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Every problem of a design, in the order of its fields: a data field without a usable, unique
 * field name (names are compared ignoring case, as they become column names), a bill-number field
 * without its rule, a relation form or popup without what it needs, an empty container, a
 * calculated field whose formula does not parse, names a field the form lacks or uses itself, and
 * the print button without a template.
 */
export function checkDesign(form: FormJson, lang: FormLang = 'zh-CN'): DesignProblem[] {
  const text = MESSAGES[lang] ?? MESSAGES['zh-CN'];
  const problems: DesignProblem[] = [];
  const say = (key: DesignMessageKey, field: FormField | undefined, params: Record<string, string> = {}) => {
    let message: string = text[key];
    const all = { label: field ? labelOf(field) : '', ...params };
    for (const [name, value] of Object.entries(all)) message = message.replaceAll(`{${name}}`, value);
    problems.push({ key, ...(field ? { field: field.__vModel__ || labelOf(field) } : {}), message });
  };

  if (!Array.isArray(form.fields) || !form.fields.length) say('noFields', undefined);
  const walkContainers = (fields: readonly FormField[] | undefined) => {
    for (const field of fields ?? []) {
      const children = field?.__config__?.children;
      if (CONTAINERS.has(String(field?.__config__?.jnpfKey))) {
        if (!Array.isArray(children) || !children.length) say('emptyContainer', field);
      }
      if (Array.isArray(children)) walkContainers(children);
    }
  };
  walkContainers(form.fields);

  // Names within one table (the main form, or one sub-table) become columns of one database table.
  const seen = new Map<string, Set<string>>();
  for (const { field, table } of collectFields(form)) {
    const kind = kindOf(field);
    if (!kind) continue;
    const isTable = kind.key === 'table';
    const cfg = field.__config__ as Record<string, unknown>;
    // An attribute shown from a related record needs a name of its own only when it is stored.
    const shownOnly = (kind.key === 'relationFormAttr' || kind.key === 'popupAttr') && cfg.isStorage !== 2;
    if (isTable || (kind.hasValue && !shownOnly)) {
      const name = field.__vModel__;
      if (blank(name)) {
        say('noModel', field);
        continue;
      }
      if (!FIELD_NAME.test(String(name))) say('modelFormat', field);
      const scope = table ?? '';
      const names = seen.get(scope) ?? new Set<string>();
      seen.set(scope, names);
      const folded = String(name).toLowerCase();
      if (names.has(folded)) say('duplicateModel', field, { name: String(name) });
      names.add(folded);
    }
    if (kind.key === 'billRule' && blank(cfg.rule)) say('billRule', field);
    if (kind.key === 'relationForm' && (blank(field.modelId) || blank(field.relationField))) say('relationForm', field);
    if (
      (kind.key === 'popupSelect' || kind.key === 'popupTableSelect' || kind.key === 'autoComplete') &&
      (blank(field.interfaceId) || blank(field.propsValue) || blank(field.relationField))
    )
      say('popup', field);
  }
  for (const { field, fault } of formulaFaults(collectFields(form))) {
    if (fault.kind === 'syntax') say('formulaSyntax', field);
    else say(fault.kind === 'self' ? 'formulaSelf' : 'formulaUnknown', field, { name: fault.name });
  }
  if (form.hasPrintBtn && blank(form.printId)) say('printId', undefined);
  return problems;
}
