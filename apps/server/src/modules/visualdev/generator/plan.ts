import {
  collectFields,
  fieldOptions,
  kindOf,
  type ColumnData,
  type FieldOption,
  type FormField,
  type FormJson,
  type StorageKind,
  type ValueType,
} from '@atrium/shared/forms';
import type { Design } from '../design.ts';
import { mainTableFor, tablePlans } from '../storage.ts';

/**
 * What the templates need to know of a model, worked out once: the names of the generated module,
 * its tables and columns as release makes them (storage.ts), every stored value with its field kind,
 * and the list's columns, search fields and sort. Templates only turn this into text.
 */

/**
 * Where generated code may go: a folder under apps/server/src/modules/ and apps/web/src/views/.
 * `extend` is the home of business modules built from models; the others are the product areas that
 * come after `system` in the module order (docs/architecture.md), so that a generated module may
 * import the bill-number service of `system` without breaking the order the lint enforces. Areas
 * before `system` (organize, authorize, file) and the infrastructure areas (oauth, socket, home,
 * feedback, visualdev itself) are left out.
 */
export const AREAS = ['extend', 'system', 'permission', 'message'] as const;
export type Area = (typeof AREAS)[number];

/** A class name the generator accepts: it becomes a type name, a folder and a route segment. */
export const CLASS_NAME = /^[A-Za-z][A-Za-z0-9]{0,49}$/;

/** Field kinds the server fills on add (who, when, where, the bill number). */
const FILLED_ON_CREATE = new Set(['createUser', 'createTime', 'currOrganize', 'currDept', 'currPosition', 'billRule']);
/** Field kinds the server fills on every save. */
const FILLED_ON_UPDATE = new Set(['modifyUser', 'modifyTime']);
/** Kinds whose value is ids whose names a list shows (users, organisations, dictionary items ...). */
const NAMED_KINDS = new Set([
  'userSelect',
  'usersSelect',
  'comSelect',
  'depSelect',
  'posSelect',
  'roleSelect',
  'groupSelect',
  'address',
  'createUser',
  'modifyUser',
  'currOrganize',
  'currDept',
  'currPosition',
]);
/** Single-value kinds whose value is an id (a string or a number) rather than free text. */
const ID_KINDS = new Set([
  'radio',
  'select',
  'treeSelect',
  'depSelect',
  'posSelect',
  'userSelect',
  'usersSelect',
  'roleSelect',
  'groupSelect',
  'relationForm',
  'popupSelect',
  'popupTableSelect',
]);

/** One stored value of a record: a column of the main table or of a sub-table. */
export interface GenField {
  /** The value's key in the record: the field name, or `<name>_id` for a picker's chosen id. */
  key: string;
  column: string;
  storage: Exclude<StorageKind, 'none'>;
  valueType: ValueType;
  jnpfKey: string;
  label: string;
  field: FormField;
  /** The `<name>_id` column beside a relation or popup picker. */
  companion: boolean;
  /** Filled by the server, never sent: on add, or on every save. */
  filled?: 'create' | 'update';
  required: boolean;
  unique: boolean;
  /** The value is an id (select, picker) that may arrive as a number. */
  idValue: boolean;
  /** The list shows its ids by name. */
  named: boolean;
  /** The bill rule of a bill-number field. */
  billRule?: string;
  maxLength?: number;
  min?: number;
  max?: number;
  /** Static options of a select-like field, for the search form. */
  options: FieldOption[];
}

export interface GenTable {
  table: string;
  /** The sub-table's field name; undefined for the main table. */
  vModel?: string;
  label: string;
  /** PascalCase stem of the table's types (`Contacts`), '' for the main table. */
  stem: string;
  fields: GenField[];
}

export interface GenSearch {
  field: GenField;
  /** 1 exact, 2 keyword, 3 range. */
  type: 1 | 2 | 3;
  /** The query parameter(s): one for exact, from/to for range; none for keyword fields. */
  param?: string;
  from?: string;
  to?: string;
}

export interface GenPlan {
  area: Area;
  /** PascalCase name: types and the route segment (`DemoCustomer`). */
  className: string;
  /** camelCase name: functions and objects (`demoCustomer`). */
  camel: string;
  /** kebab-case name: the folders (`demo-customer`). */
  kebab: string;
  fullName: string;
  enCode: string;
  /** The permission of the model's menu entry (its code, as release makes it). */
  menu: string;
  /** Whether add, edit and delete need their buttons (the list's button permission). */
  buttons: boolean;
  route: string;
  form: FormJson;
  columns: ColumnData;
  main: GenTable;
  subs: GenTable[];
  /** The list's columns that are stored values of the main table, in list order. */
  listed: { field: GenField; label: string; width?: number; align?: 'left' | 'center' | 'right' }[];
  searches: GenSearch[];
  /** Sortable list columns and the default sort field, by field key. */
  sortable: GenField[];
  defaultSort?: GenField;
  sortOrder: 'asc' | 'desc';
  pageSize: number;
  logicalDelete: boolean;
}

const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The class name a model's code suggests: its words in PascalCase (`demo_customer` → `DemoCustomer`). */
export function classNameOf(enCode: string): string {
  const words = enCode.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const name = words.map(upperFirst).join('').slice(0, 50);
  if (!name) return 'Model';
  return /^[0-9]/.test(name) ? `M${name}`.slice(0, 50) : name;
}

/** `DemoCustomer` → `demo-customer`; digits stay with the word before them. */
export const kebabOf = (className: string) =>
  className
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();

const numberOf = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/** A name not yet in `used`: the candidate, with underscores added until it is free. */
function freeName(candidate: string, used: Set<string>): string {
  let name = candidate;
  while (used.has(name)) name = `${name}_`;
  used.add(name);
  return name;
}

export interface PlanInput {
  fullName: string;
  enCode: string;
  /** The model's table once released; the name release will give it otherwise. */
  tableName: string | null;
  design: Design;
}

export function buildPlan(model: PlanInput, options: { area: Area; className?: string }): GenPlan {
  const { form, columns } = model.design;
  const className = upperFirst(options.className || classNameOf(model.enCode));
  const byFormKey = new Map(collectFields(form).map((c) => [c.key, c.field] as const));
  const table = model.tableName ?? mainTableFor(model.enCode);

  const genField = (stored: { key: string; column: string; storage: GenField['storage']; formKey: string }) => {
    const field = byFormKey.get(stored.formKey)!;
    const cfg = field.__config__;
    const jnpfKey = String(cfg.jnpfKey);
    const companion = stored.key !== field.__vModel__;
    const filled = companion
      ? undefined
      : FILLED_ON_CREATE.has(jnpfKey)
        ? ('create' as const)
        : FILLED_ON_UPDATE.has(jnpfKey)
          ? ('update' as const)
          : undefined;
    const out: GenField = {
      key: stored.key,
      column: stored.column,
      storage: stored.storage,
      valueType: kindOf(field)?.valueType ?? 'string',
      jnpfKey,
      label: String(cfg.label || field.__vModel__ || stored.key),
      field,
      companion,
      ...(filled ? { filled } : {}),
      required: !companion && !filled && cfg.required === true,
      unique: !companion && cfg.unique === true,
      idValue: !companion && ID_KINDS.has(jnpfKey),
      named: !companion && (NAMED_KINDS.has(jnpfKey) || cfg.dataType === 'dictionary'),
      options: companion || (cfg.dataType && cfg.dataType !== 'static') ? [] : fieldOptions(field),
    };
    if (jnpfKey === 'billRule' && typeof cfg.rule === 'string') out.billRule = cfg.rule;
    const maxLength = numberOf(field.maxlength);
    if (maxLength && maxLength > 0 && (stored.storage === 'text' || stored.storage === 'longText'))
      out.maxLength = maxLength;
    if (stored.storage === 'number' || stored.storage === 'decimal') {
      const min = numberOf(field.min);
      const max = numberOf(field.max);
      if (min !== undefined) out.min = min;
      if (max !== undefined) out.max = max;
    }
    return out;
  };

  const plans = tablePlans(table, form);
  const stems = new Set<string>();
  const tables: GenTable[] = plans.map((plan) => ({
    table: plan.table,
    ...(plan.vModel ? { vModel: plan.vModel } : {}),
    label: plan.label,
    // Sub-table names are unique ignoring case (checkDesign), so their stems are too, but a stem
    // must also stay clear of the main table's types.
    stem: plan.vModel ? freeName(upperFirst(plan.vModel), stems) : '',
    fields: plan.fields.map(genField),
  }));
  const main = tables[0]!;
  const mainByKey = new Map(main.fields.map((f) => [f.key, f] as const));

  const listed = columns.columnList.flatMap((c) => {
    const field = mainByKey.get(c.prop);
    if (!field) return [];
    return [
      {
        field,
        label: c.label || field.label,
        ...(typeof c.width === 'number' ? { width: c.width } : {}),
        ...(c.align ? { align: c.align } : {}),
      },
    ];
  });

  // Query parameters share the paging query's names; a field named like one of them gets a free name.
  const params = new Set(['keyword', 'currentPage', 'pageSize', 'sort', 'sidx']);
  const searches: GenSearch[] = [];
  for (const s of columns.searchList ?? []) {
    const field = mainByKey.get(s.prop);
    if (!field || searches.some((other) => other.field === field)) continue;
    const textual = field.storage === 'text' || field.storage === 'longText';
    // Files and stored ranges hold nothing a search box could name: they are not searched.
    if (field.storage === 'json' && field.valueType !== 'string[]' && field.valueType !== 'string') continue;
    // A date is searched as a span of days, whatever the search type: an exact millisecond finds nothing.
    const ranged =
      field.storage === 'timestamp' ||
      (s.searchType === 3 && (field.storage === 'number' || field.storage === 'decimal'));
    if (s.searchType === 2 && textual) searches.push({ field, type: 2 });
    else if (ranged)
      searches.push({
        field,
        type: 3,
        from: freeName(`${field.key}From`, params),
        to: freeName(`${field.key}To`, params),
      });
    else searches.push({ field, type: 1, param: freeName(field.key, params) });
  }

  const sortable = listed
    .filter((l) => columns.columnList.find((c) => c.prop === l.field.key)?.sortable)
    .map((l) => l.field);
  const defaultSort = columns.defaultSidx ? mainByKey.get(columns.defaultSidx) : undefined;
  if (defaultSort && !sortable.includes(defaultSort)) sortable.push(defaultSort);

  return {
    area: options.area,
    className,
    camel: className.charAt(0).toLowerCase() + className.slice(1),
    kebab: kebabOf(className),
    fullName: model.fullName,
    enCode: model.enCode,
    menu: model.enCode,
    buttons: columns.useBtnPermission === true,
    route: `/api/${options.area}/${className}`,
    form,
    columns,
    main,
    subs: tables.slice(1),
    listed,
    searches,
    sortable,
    ...(defaultSort ? { defaultSort } : {}),
    sortOrder: columns.sort === 'asc' ? 'asc' : 'desc',
    pageSize: columns.pageSize ?? 20,
    logicalDelete: form.logicalDelete === true,
  };
}
