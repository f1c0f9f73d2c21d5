import { useCallback, useSyncExternalStore } from 'react';

export type Values = Record<string, unknown>;

/** A sub-table row: its id stays the same while rows are added, removed or reordered. */
export interface Row {
  id: string;
  values: Values;
}

/** What one field's subscribers read: its value and its current error message. */
export interface FieldSnapshot {
  value: unknown;
  error: string | undefined;
}

/**
 * A field's address in the store: a top-level field by its model name, a sub-table cell as
 * `<table>.<rowId>.<field>`. Rows are addressed by id, never by index, so removing a row does not
 * move the errors and subscriptions of the rows after it.
 */
export const cellPath = (table: string, rowId: string, field: string) => `${table}.${rowId}.${field}`;

export function parsePath(path: string): { table?: string; rowId?: string; field: string } {
  const parts = path.split('.');
  return parts.length === 3 ? { table: parts[0], rowId: parts[1], field: parts[2]! } : { field: path };
}

/**
 * What the store needs to know about the form: which calculated fields a change feeds and how to
 * recompute one, and how to check one value. The renderer builds it from the form JSON (model.ts).
 */
export interface StoreModel {
  /**
   * Calculated fields fed by `key`: a field model name, `<table>-<field>` for a column, or a table's
   * name for the fields that sum one of its columns (rows added or removed).
   */
  dependents(key: string): readonly string[];
  /** The value of calculated field `key`, in row `rowId` for a column of a sub-table. */
  calculate(key: string, read: ValueReader, rowId?: string): unknown;
  /** The calculated columns of a table, filled in when a row is added. */
  calculatedColumns(table: string): readonly string[];
  /** The error message of `value` for the field `key`, or undefined when it is valid. */
  check(key: string, value: unknown, trigger: 'blur' | 'change' | 'submit'): string | undefined;
  /** Whether the field takes part in validation (not hidden by noShow or a missing pc visibility). */
  validated(key: string): boolean;
}

/** Reads a value: a top-level field by name, a column of one row, or every row of a table. */
export interface ValueReader {
  value(field: string): unknown;
  cell(table: string, rowId: string, field: string): unknown;
  rows(table: string): readonly Row[];
}

const EMPTY: FieldSnapshot = Object.freeze({ value: undefined, error: undefined });

let rowSeq = 0;
/** A row id unique in this tab: rows never need to be matched with ids of another page load. */
export const newRowId = () => `r${(++rowSeq).toString(36)}`;

/**
 * The form store: values by path, with subscriptions per field (useFormField, or its value and its
 * message apart: useFieldValue, useFieldError), so a keystroke re-renders only the field typed
 * into and the calculated fields it feeds. Sub-tables keep their rows as an array of stable ids;
 * the array itself changes only when rows are added or removed.
 */
export class FormStore implements ValueReader {
  private readonly top = new Map<string, unknown>();
  private readonly tables = new Map<string, Row[]>();
  private readonly rowsById = new Map<string, Map<string, Row>>();
  private readonly errors = new Map<string, string>();
  private readonly snapshots = new Map<string, FieldSnapshot>();
  private readonly listeners = new Map<string, Set<() => void>>();
  /**
   * Rows being added: from addRow until their cells have mounted (the sub-table says so), what
   * their widgets write (defaults, values they fill in on mount) runs no change handlers.
   */
  private readonly addingRows = new Set<string>();
  private model: StoreModel;

  constructor(model: StoreModel, initial: Values = {}, tableNames: readonly string[] = []) {
    this.model = model;
    for (const name of tableNames) this.tables.set(name, []);
    for (const [key, value] of Object.entries(initial)) {
      if (this.tables.has(key) && Array.isArray(value)) {
        this.setRows(
          key,
          value.map((v) => ({ id: newRowId(), values: { ...(v as Values) } })),
        );
      } else this.top.set(key, value);
    }
  }

  // ---- subscriptions ------------------------------------------------------------------------

  subscribe(path: string, listener: () => void): () => void {
    let set = this.listeners.get(path);
    if (!set) this.listeners.set(path, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (!set.size) this.listeners.delete(path);
    };
  }

  private notify(path: string) {
    this.snapshots.delete(path);
    this.listeners.get(path)?.forEach((l) => l());
  }

  snapshot(path: string): FieldSnapshot {
    let snap = this.snapshots.get(path);
    if (!snap) {
      const value = this.read(path);
      const error = this.errors.get(path);
      snap = value === undefined && error === undefined ? EMPTY : { value, error };
      this.snapshots.set(path, snap);
    }
    return snap;
  }

  // ---- reading ------------------------------------------------------------------------------

  value(field: string): unknown {
    return this.top.get(field);
  }

  cell(table: string, rowId: string, field: string): unknown {
    return this.rowsById.get(table)?.get(rowId)?.values[field];
  }

  rows(table: string): readonly Row[] {
    return this.tables.get(table) ?? NO_ROWS;
  }

  read(path: string): unknown {
    const { table, rowId, field } = parsePath(path);
    return table ? this.cell(table, rowId!, field) : this.value(field);
  }

  /** Whether the row is still being added (its cells have not all mounted yet). */
  isAddingRow(rowId: string): boolean {
    return this.addingRows.has(rowId);
  }

  /** The row's cells have mounted: from now on its changes run the change handlers. */
  rowAdded(rowId: string): void {
    this.addingRows.delete(rowId);
  }

  // ---- writing ------------------------------------------------------------------------------

  /** Sets a value, revalidates it when it shows an error or on a change trigger, and recomputes what it feeds. */
  setValue(path: string, value: unknown, trigger: 'change' | 'silent' = 'change'): void {
    const { table, rowId, field } = parsePath(path);
    if (table) {
      const row = this.rowsById.get(table)?.get(rowId!);
      if (!row) return;
      row.values[field] = value;
    } else this.top.set(field, value);
    if (trigger === 'change' || this.errors.has(path)) this.validatePath(path, 'change', false);
    this.notify(path);
    this.recompute(table ? `${table}-${field}` : field, table, rowId);
    if (table) this.touchTable(table);
  }

  private readonly versions = new Map<string, number>();

  /** Bumps the table's value version: its summary row listens to `<table>#values`. */
  private touchTable(table: string) {
    this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
    this.listeners.get(`${table}#values`)?.forEach((l) => l());
  }

  /** Changes whenever any cell of the table changes (or rows come and go). */
  tableVersion(table: string): number {
    return this.versions.get(table) ?? 0;
  }

  /**
   * Recomputes the calculated fields fed by `key` (the model answers them transitively, in
   * evaluation order). A column change recomputes the same row's calculated cells and the fields
   * that total the column; a calculated column fed by a top-level field or by rows coming and
   * going is recomputed in every row. Nothing else is touched.
   */
  private recompute(key: string, table: string | undefined, rowId: string | undefined) {
    for (const dep of this.model.dependents(key)) {
      const dash = dep.indexOf('-');
      if (dash > 0) {
        const depTable = dep.slice(0, dash);
        const depField = dep.slice(dash + 1);
        const rowIds = table === depTable && rowId ? [rowId] : this.rows(depTable).map((r) => r.id);
        for (const id of rowIds) {
          const next = this.model.calculate(dep, this, id);
          const path = cellPath(depTable, id, depField);
          if (!Object.is(next, this.read(path))) {
            this.rowsById.get(depTable)!.get(id)!.values[depField] = next;
            this.notify(path);
            if (depTable !== table) this.touchTable(depTable);
          }
        }
      } else {
        const next = this.model.calculate(dep, this);
        if (!Object.is(next, this.top.get(dep))) {
          this.top.set(dep, next);
          this.notify(dep);
        }
      }
    }
  }

  private setRows(table: string, rows: Row[]) {
    this.tables.set(table, rows);
    this.rowsById.set(table, new Map(rows.map((r) => [r.id, r])));
  }

  addRow(table: string, values: Values = {}): string {
    const row: Row = { id: newRowId(), values: { ...values } };
    this.addingRows.add(row.id);
    this.setRows(table, [...this.rows(table), row]);
    this.notify(table);
    // the new row's own calculated cells, then the totals over the table
    for (const key of this.model.calculatedColumns(table)) {
      row.values[key] = this.model.calculate(`${table}-${key}`, this, row.id);
    }
    this.recomputeTable(table);
    return row.id;
  }

  removeRow(table: string, rowId: string): void {
    this.addingRows.delete(rowId);
    this.setRows(
      table,
      this.rows(table).filter((r) => r.id !== rowId),
    );
    const prefix = `${table}.${rowId}.`;
    for (const path of [...this.errors.keys()]) if (path.startsWith(prefix)) this.errors.delete(path);
    this.notify(table);
    this.recomputeTable(table);
  }

  /** After rows come or go, the fields that sum a column of the table (they depend on the table's name). */
  private recomputeTable(table: string) {
    this.recompute(table, undefined, undefined);
    this.touchTable(table);
  }

  // ---- validation ---------------------------------------------------------------------------

  private modelKey(path: string) {
    const { table, field } = parsePath(path);
    return table ? `${table}-${field}` : field;
  }

  /** Checks one field; returns its error. `notify` false when the caller notifies anyway. */
  validatePath(path: string, trigger: 'blur' | 'change' | 'submit', notify = true): string | undefined {
    const key = this.modelKey(path);
    const error = this.model.validated(key) ? this.model.check(key, this.read(path), trigger) : undefined;
    const before = this.errors.get(path);
    if (error) this.errors.set(path, error);
    else this.errors.delete(path);
    if (notify && before !== error) this.notify(path);
    return error;
  }

  /** Shows messages from outside (the server's answer), keyed by path; clears the others. */
  setErrors(errors: Record<string, string>): void {
    const before = new Map(this.errors);
    this.errors.clear();
    for (const [path, message] of Object.entries(errors)) this.errors.set(path, message);
    // Only fields whose message changed: a second submit with the same problems renders nothing.
    for (const path of new Set([...before.keys(), ...this.errors.keys()]))
      if (before.get(path) !== this.errors.get(path)) this.notify(path);
  }

  /** The record: top-level values by name and each table as a list of row objects keyed by field name. */
  data(): Values {
    const out: Values = Object.fromEntries(this.top);
    for (const [table, rows] of this.tables) out[table] = rows.map((r) => ({ ...r.values }));
    return out;
  }

  /** Replaces every value (a loaded record); tables get fresh row ids. */
  load(values: Values): void {
    const paths = [...this.listeners.keys()];
    this.top.clear();
    this.errors.clear();
    for (const [key, value] of Object.entries(values)) {
      if (this.tables.has(key) && Array.isArray(value))
        this.setRows(
          key,
          value.map((v) => ({ id: newRowId(), values: { ...(v as Values) } })),
        );
      else this.top.set(key, value);
    }
    paths.forEach((p) => this.notify(p));
  }
}

const NO_ROWS: readonly Row[] = Object.freeze([]);

/** One field's value and error, re-rendering only when they change. */
export function useFormField(store: FormStore, path: string): FieldSnapshot {
  const subscribe = useCallback((cb: () => void) => store.subscribe(path, cb), [store, path]);
  return useSyncExternalStore(subscribe, () => store.snapshot(path));
}

/** One field's value only: a message that comes or goes does not re-render the caller. */
export function useFieldValue(store: FormStore, path: string): unknown {
  const subscribe = useCallback((cb: () => void) => store.subscribe(path, cb), [store, path]);
  return useSyncExternalStore(subscribe, () => store.snapshot(path).value);
}

/** One field's message only: typing into the field does not re-render the caller. */
export function useFieldError(store: FormStore, path: string): string | undefined {
  const subscribe = useCallback((cb: () => void) => store.subscribe(path, cb), [store, path]);
  return useSyncExternalStore(subscribe, () => store.snapshot(path).error);
}

/** A number that changes with any cell of the table (for its summary row). */
export function useTableVersion(store: FormStore, table: string): number {
  const subscribe = useCallback((cb: () => void) => store.subscribe(`${table}#values`, cb), [store, table]);
  return useSyncExternalStore(subscribe, () => store.tableVersion(table));
}

/** A table's rows, re-rendering only when rows are added or removed. */
export function useRows(store: FormStore, table: string): readonly Row[] {
  const subscribe = useCallback((cb: () => void) => store.subscribe(table, cb), [store, table]);
  return useSyncExternalStore(subscribe, () => store.rows(table));
}
