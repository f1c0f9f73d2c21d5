import {
  dataFields,
  storageOf,
  type ColumnData,
  type FormField,
  type FormJson,
  type JnpfKey,
  type ListButton,
  type ListColumn,
  type ListSearch,
  type SearchType,
} from '@atrium/shared/forms';

/**
 * What the list designer offers of a form: its stored fields, each with the search types and list
 * features its kind allows, and the edits of `columnData` the designer makes.
 */

/** The broad kind of a field, which decides its search types and whether it sums. */
export type FieldCategory = 'text' | 'number' | 'date' | 'choice' | 'other';

export interface FieldChoice {
  /** `vModel`, or `table-vModel` for a sub-table column: the `prop` of columns and searches. */
  key: string;
  label: string;
  jnpfKey: JnpfKey;
  category: FieldCategory;
  /** The sub-table's model name and label, for a sub-table column. */
  table?: string;
  tableLabel?: string;
}

/** Text kinds: a fuzzy search reads their stored text (relation and popup fields store the shown text). */
const TEXT: ReadonlySet<string> = new Set([
  'comInput',
  'textarea',
  'editor',
  'billRule',
  'autoComplete',
  'relationForm',
  'popupSelect',
  'popupTableSelect',
  'relationFormAttr',
  'popupAttr',
  'link',
]);
const DATE: ReadonlySet<string> = new Set(['date', 'time', 'createTime', 'modifyTime']);
/** Kinds whose value is picked among options or organisation items: their exact search may pick several. */
const CHOICE: ReadonlySet<string> = new Set([
  'select',
  'radio',
  'checkbox',
  'treeSelect',
  'cascader',
  'switch',
  'comSelect',
  'depSelect',
  'posSelect',
  'userSelect',
  'usersSelect',
  'roleSelect',
  'groupSelect',
  'address',
  'createUser',
  'modifyUser',
  'currOrganize',
  'currDept',
  'currPosition',
]);

export function categoryOf(field: FormField): FieldCategory {
  const key = field.__config__.jnpfKey;
  if (DATE.has(key)) return 'date';
  const storage = storageOf(field);
  if (storage === 'number' || storage === 'decimal') return 'number';
  if (CHOICE.has(key)) return 'choice';
  if (TEXT.has(key)) return 'text';
  return 'other';
}

/** The stored fields of the form in form order, sub-table columns after their table's place. */
export function fieldChoices(form: FormJson): FieldChoice[] {
  const entries = dataFields(form);
  const out: FieldChoice[] = [];
  for (const { key, field, table } of entries.values()) {
    // The sub-table itself is rows, not a value a list cell or a search can show.
    if (field.__config__.jnpfKey === 'table') continue;
    const tableField = table ? entries.get(table)?.field : undefined;
    out.push({
      key,
      label: String(field.__config__.label || field.__vModel__ || key),
      jnpfKey: field.__config__.jnpfKey,
      category: categoryOf(field),
      ...(table ? { table, tableLabel: String(tableField?.__config__.label || table) } : {}),
    });
  }
  return out;
}

/** The search types a field offers, the default first: fuzzy for text, range for numbers and dates. */
export function searchTypesOf(choice: Pick<FieldChoice, 'category'>): SearchType[] {
  switch (choice.category) {
    case 'text':
      return [2, 1];
    case 'number':
    case 'date':
      return [3, 1];
    default:
      return [1];
  }
}

/** Whether an exact search of the field may pick several values (the server matches any of them). */
export const allowsMultiple = (choice: Pick<FieldChoice, 'category'>) => choice.category === 'choice';

// ---- edits of columnData ---------------------------------------------------------------------

export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= items.length) return [...items];
  const out = [...items];
  const [item] = out.splice(from, 1);
  out.splice(Math.max(0, Math.min(to, out.length)), 0, item!);
  return out;
}

const without = (names: string[] | undefined, prop: string) => names?.filter((n) => n !== prop);

/** Adds the field as the last column, or removes its column and what only a column may carry. */
export function setColumn(value: ColumnData, choice: FieldChoice, on: boolean): ColumnData {
  const has = value.columnList.some((c) => c.prop === choice.key);
  if (on === has) return value;
  if (on) {
    const column: ListColumn = {
      label: choice.label,
      prop: choice.key,
      jnpfKey: choice.jnpfKey,
      fixed: 'none',
      align: choice.category === 'number' ? 'right' : 'left',
      sortable: false,
      width: null,
    };
    return { ...value, columnList: [...value.columnList, column] };
  }
  // Sums, separators, groups and the card layout read the list's columns: a removed column leaves them.
  return {
    ...value,
    columnList: value.columnList.filter((c) => c.prop !== choice.key),
    summaryField: without(value.summaryField, choice.key),
    thousandsField: without(value.thousandsField, choice.key),
    ...(value.groupField === choice.key ? { groupField: '' } : {}),
  };
}

/** Adds the field as the last search field with its kind's default type, or removes it. */
export function setSearch(value: ColumnData, choice: FieldChoice, on: boolean): ColumnData {
  const list = value.searchList ?? [];
  const has = list.some((s) => s.prop === choice.key);
  if (on === has) return value;
  if (!on) return { ...value, searchList: list.filter((s) => s.prop !== choice.key) };
  const search: ListSearch = {
    label: choice.label,
    prop: choice.key,
    jnpfKey: choice.jnpfKey,
    searchType: searchTypesOf(choice)[0]!,
    searchMultiple: false,
  };
  return { ...value, searchList: [...list, search] };
}

export function updateAt<T>(items: readonly T[], index: number, patch: Partial<T>): T[] {
  return items.map((item, i) => (i === index ? { ...item, ...patch } : item));
}

// ---- buttons ---------------------------------------------------------------------------------

export const TOOLBAR_BUTTONS = ['add', 'download', 'upload', 'batchRemove', 'batchPrint'] as const;
export const ROW_BUTTONS = ['edit', 'remove', 'detail'] as const;

/**
 * Turns a button on (with its label) or off. Known buttons keep the canonical order; buttons this
 * designer does not know (from an imported design) stay where they were, after them.
 */
export function setButton(
  list: readonly ListButton[] | undefined,
  known: readonly string[],
  value: string,
  on: boolean,
  label: string,
): ListButton[] {
  const current = list ?? [];
  const next = on
    ? current.some((b) => b.value === value)
      ? [...current]
      : [...current, { value, label }]
    : current.filter((b) => b.value !== value);
  const rank = (b: ListButton) => {
    const i = known.indexOf(b.value);
    return i === -1 ? known.length : i;
  };
  return next
    .map((b, i) => ({ b, i }))
    .sort((x, y) => rank(x.b) - rank(y.b) || x.i - y.i)
    .map(({ b }) => b);
}
