import {
  buildDependencyGraph,
  collectFields,
  holdsValue,
  isShownOnWeb,
  kindOf,
  scopeResolver,
  type DependencyGraph,
  type FormContext,
  type FormField,
  type FormJson,
  type FormLang,
  type JnpfKey,
} from '@atrium/shared/forms';
import type { StoreModel, ValueReader, Values } from './store.ts';

/** Where a data field sits: its key (`vModel`, or `<table>-<column>`) and, for a column, its table. */
export interface FieldEntry {
  key: string;
  field: FormField;
  table?: string;
}

export type Trigger = 'blur' | 'change' | 'submit';

/**
 * With form permission on, a field is shown only when its key (`<table>-<field>` for a column) is
 * among the granted ones. Layout and static elements are never subject to grants.
 */
export function isPermitted(key: string | undefined, granted: ReadonlySet<string> | undefined): boolean {
  return !granted || !key || granted.has(key);
}

/** The triggers a field validates on while being edited (submit always validates). */
function triggersOf(field: FormField): ('blur' | 'change')[] {
  const t = field.__config__.trigger;
  if (Array.isArray(t)) return t;
  if (t) return [t];
  return ['blur', 'change'];
}

/**
 * The form JSON read once: every data field by key, the sub-tables and their columns, and the
 * shared dependency graph of the calculated fields. Built once per form (memoised by the caller).
 */
export class FormModel implements StoreModel {
  readonly form: FormJson;
  readonly entries = new Map<string, FieldEntry>();
  /** Top-level data fields, in form order. */
  readonly topKeys: string[] = [];
  /** Each sub-table's data columns (model names), in order. */
  readonly tables = new Map<string, string[]>();
  readonly graph: DependencyGraph;
  readonly granted: ReadonlySet<string> | undefined;
  private readonly calcColumns = new Map<string, string[]>();
  private readonly calcDependents = new Map<string, string[]>();
  lang: FormLang;

  constructor(form: FormJson, options: { granted?: ReadonlySet<string>; lang: FormLang }) {
    this.form = form;
    this.granted = options.granted;
    this.lang = options.lang;
    this.graph = buildDependencyGraph(form);
    for (const { key, field, table } of collectFields(form)) {
      if (!holdsValue(field) || !field.__vModel__) continue;
      if (field.__config__.jnpfKey === 'table') {
        this.tables.set(key, []);
        this.calcColumns.set(key, []);
        this.entries.set(key, { key, field });
        continue;
      }
      this.entries.set(key, { key, field, table });
      if (!table) {
        this.topKeys.push(key);
        continue;
      }
      this.tables.get(table)?.push(field.__vModel__);
      if (field.__config__.jnpfKey === 'calculate') this.calcColumns.get(table)?.push(field.__vModel__);
    }
  }

  /** Fields the user sees: shown on the web and granted (for a column, its table too). */
  shown(key: string): boolean {
    const entry = this.entries.get(key);
    if (!entry) return false;
    if (entry.table && !this.shown(entry.table)) return false;
    return isShownOnWeb(entry.field) && isPermitted(key, this.granted);
  }

  /** A column as the registry checks it: with the sub-table flag, so required reads 'cannot be empty'. */
  private checked(entry: FieldEntry): FormField {
    const { field, table } = entry;
    return table && !field.__config__.isSubTable
      ? { ...field, __config__: { ...field.__config__, isSubTable: true } }
      : field;
  }

  // ---- StoreModel --------------------------------------------------------------------------

  /** The calculated fields to recompute when `key` changes, in evaluation order. */
  dependents(key: string): readonly string[] {
    let deps = this.calcDependents.get(key);
    if (!deps) {
      deps = this.graph.dependents(key).filter((k) => this.graph.calculated.has(k));
      this.calcDependents.set(key, deps);
    }
    return deps;
  }

  /** Evaluates a calculated field with the shared expression over the store's current values. */
  calculate(key: string, read: ValueReader, rowId?: string): unknown {
    const node = this.graph.calculated.get(key);
    if (!node || this.graph.cycles.includes(key)) return 0;
    const tables = this.tables;
    // The resolver reads names lazily: a formula touching two fields reads only those two.
    const values = new Proxy({} as Record<string, unknown>, {
      get: (_t, name: string) => (tables.has(name) ? read.rows(name).map((r) => r.values) : read.value(name)),
    });
    const rowIndex = node.table && rowId ? read.rows(node.table).findIndex((r) => r.id === rowId) : undefined;
    return node.expression.evaluate(scopeResolver({ values, table: node.table, rowIndex }));
  }

  calculatedColumns(table: string): readonly string[] {
    return this.calcColumns.get(table) ?? [];
  }

  validated(key: string): boolean {
    return this.shown(key);
  }

  check(key: string, value: unknown, trigger: Trigger): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (trigger !== 'submit' && !triggersOf(entry.field).includes(trigger)) return undefined;
    return kindOf(entry.field)?.validate(value, this.checked(entry), this.lang);
  }

  // ---- values ------------------------------------------------------------------------------

  /** A new record's values: each field's default (configured, or current user, organisation, time). */
  defaults(ctx: FormContext): Values {
    const values: Values = {};
    for (const key of this.topKeys) {
      const { field } = this.entries.get(key)!;
      values[key] = kindOf(field)?.defaultValue(field, ctx);
    }
    for (const table of this.tables.keys()) values[table] = [];
    return values;
  }

  /** A new sub-table row's values. */
  rowDefaults(table: string, ctx: FormContext): Values {
    const row: Values = {};
    for (const column of this.tables.get(table) ?? []) {
      const { field } = this.entries.get(`${table}-${column}`)!;
      row[column] = kindOf(field)?.defaultValue(field, ctx);
    }
    return row;
  }

  kindKey(key: string): JnpfKey | undefined {
    return this.entries.get(key)?.field.__config__.jnpfKey;
  }
}
