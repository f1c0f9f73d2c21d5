import {
  collectFields,
  parseAppLayout,
  type AppLayout,
  type ColumnData,
  type FormField,
  type FormJson,
  type JnpfKey,
  type ListColumn,
  type ListSearch,
} from '@atrium/shared/forms';
import type { OnlineConfig } from '../../../api/visualdev.ts';
import { formFromText } from '../../../components/form-runtime/detail-form.ts';

/**
 * The released model of a type 3 menu entry, read once: the form, the list configuration and
 * what the list page derives from them (search form, buttons, columns).
 */
export interface OnlineModel {
  id: string;
  fullName: string;
  menuId: string | null;
  form: FormJson;
  list: ColumnData;
  /** The phone layout (`appData`); empty when the model has none. */
  app: AppLayout;
}

const parse = <T>(text: string, fallback: T): T => {
  if (!text) return fallback;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as T) : fallback;
  } catch {
    return fallback;
  }
};

export function readModel(config: OnlineConfig): OnlineModel {
  // the released form in the current design shape (an earlier release's shape is upgraded)
  const form = formFromText(config.formData);
  const list = parse<ColumnData>(config.columnData, { columnList: [] });
  return {
    id: config.id,
    fullName: config.fullName,
    menuId: config.menuId,
    form,
    list: { ...list, columnList: Array.isArray(list.columnList) ? list.columnList : [] },
    app: parseAppLayout(config.appData),
  };
}

// ---- buttons -------------------------------------------------------------------------------

/** The list buttons this page offers. */
export const TOOLBAR_BUTTONS = ['add', 'upload', 'download', 'batchRemove', 'batchPrint'] as const;
export const ROW_BUTTONS = ['edit', 'remove', 'detail'] as const;
export type ToolbarButton = (typeof TOOLBAR_BUTTONS)[number];
export type RowButton = (typeof ROW_BUTTONS)[number];

/** The configured buttons of a kind this page knows, in the designer's order. */
export function buttonsOf<B extends string>(list: readonly { value: string }[] | undefined, known: readonly B[]): B[] {
  const out: B[] = [];
  for (const b of list ?? [])
    if ((known as readonly string[]).includes(b.value) && !out.includes(b.value as B)) out.push(b.value as B);
  return out;
}

// ---- columns -------------------------------------------------------------------------------

/** A cell of the list: the server sends display text; lists and objects are joined as text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(cellText).filter(Boolean).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function fixedOf(column: ListColumn): 'left' | 'right' | undefined {
  return column.fixed === 'left' || column.fixed === 'right' ? column.fixed : undefined;
}

// ---- search form ---------------------------------------------------------------------------

const DATES: ReadonlySet<JnpfKey> = new Set<JnpfKey>(['date', 'createTime', 'modifyTime']);
/** Kinds whose exact search picks among the field's options. */
const CHOICES: ReadonlySet<JnpfKey> = new Set<JnpfKey>(['select', 'radio', 'checkbox']);
/** Kinds whose exact search is the field's own widget (pickers, trees, switches, dates). */
const OWN_WIDGET: ReadonlySet<JnpfKey> = new Set<JnpfKey>([
  'cascader',
  'treeSelect',
  'switch',
  'date',
  'time',
  'address',
  'userSelect',
  'usersSelect',
  'comSelect',
  'depSelect',
  'posSelect',
  'roleSelect',
  'groupSelect',
  'numInput',
]);

/**
 * Search fields are named apart from the record's fields, so that their element ids differ from
 * those of the form the add and edit dialogs open over the list.
 */
const SEARCH_PREFIX = 'q_';

/** The form's data fields by key (`table-field` for a sub-table column). */
export function fieldsByKey(form: FormJson): Map<string, FormField> {
  return new Map(collectFields(form).map((c) => [c.key, c.field]));
}

/** A search field: the form field's settings without what makes it a value of a record. */
function searchField(field: FormField | undefined, search: ListSearch, key: JnpfKey, extra: object = {}): FormField {
  const base = field ?? ({ __config__: { jnpfKey: key } } as FormField);
  return {
    ...base,
    ...extra,
    __vModel__: `${SEARCH_PREFIX}${search.prop}`,
    disabled: false,
    readonly: false,
    placeholder: undefined,
    __config__: {
      ...base.__config__,
      jnpfKey: key,
      label: search.label || base.__config__.label,
      required: false,
      regList: [],
      defaultValue: undefined,
      defaultCurrent: false,
      noShow: false,
      visibility: ['pc'],
      labelWidth: undefined,
      span: 8,
      // pickers that rebuild a value from several fields have nothing to do in a search
      trigger: 'change',
    },
  } as FormField;
}

/**
 * The list's search fields as a form of their own, laid out by the form runtime: fuzzy as a text
 * input, exact as the field's own widget (options of a select, radio or checkbox as a select),
 * range as two numbers, or a date or time range. `only` keeps the named ones (a phone's
 * `appData.searchFields`); left out or empty, all of them.
 */
export function searchForm(model: OnlineModel, only?: readonly string[]): FormJson | null {
  const all = model.list.searchList ?? [];
  const searches = only?.length ? all.filter((s) => only.includes(s.prop)) : all;
  if (!searches.length) return null;
  const fields = fieldsByKey(model.form);
  const out: FormField[] = [];
  for (const search of searches) {
    const field = fields.get(search.prop);
    const kind = (field?.__config__.jnpfKey ?? search.jnpfKey ?? 'comInput') as JnpfKey;
    if (search.searchType === 3) {
      if (DATES.has(kind)) out.push(searchField(field, search, 'dateRange', { format: field?.format }));
      else if (kind === 'time') out.push(searchField(field, search, 'timeRange'));
      else out.push(searchField(field, search, 'numRange'));
    } else if (search.searchType === 1 && CHOICES.has(kind)) {
      out.push(searchField(field, search, 'select', { multiple: search.searchMultiple === true, clearable: true }));
    } else if (search.searchType === 1 && OWN_WIDGET.has(kind)) {
      out.push(searchField(field, search, kind, { multiple: search.searchMultiple === true || field?.multiple }));
    } else {
      out.push(searchField(undefined, search, 'comInput', { clearable: true }));
    }
  }
  // Up to three a row: one or two fields share the row among themselves, the buttons after them.
  const span = 24 / Math.min(out.length, 3);
  for (const f of out) f.__config__.span = span;
  return {
    labelWidth: Math.max(...out.map((f) => (f.__config__.label ?? '').length * 14 + 24), 80),
    labelPosition: 'right',
    gutter: 16,
    fields: out,
  };
}

/** The values worth sending, by field: empty inputs, cleared pickers and open ranges are left out. */
export function searchValues(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!name.startsWith(SEARCH_PREFIX)) continue;
    const key = name.slice(SEARCH_PREFIX.length);
    if (value === undefined || value === null) continue;
    if (typeof value === 'string' && !value.trim()) continue;
    if (Array.isArray(value) && value.every((v) => v === null || v === undefined || v === '')) continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out;
}

// ---- detail --------------------------------------------------------------------------------

/** The detail view's form: values shown as people read them, relation fields linking their records. */
export { detailForm } from '../../../components/form-runtime/detail-form.ts';

/** A CSS width from the form's setting ('600px', '60%', 800). */
export const widthOf = (w: string | number | undefined, fallback: string) =>
  w === undefined || w === '' || w === null ? fallback : typeof w === 'number' ? `${w}px` : w;
