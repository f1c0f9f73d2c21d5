/**
 * Whole-form logic over the registry: the flat list of fields, the dependency graph of calculated
 * and dependent fields, sub-table summaries, and the validator the server and the browser share.
 */
import { compileExpression, scopeResolver, type CalcWarn, type CompiledExpression } from './calculate.ts';
import { roundTo } from '../format.ts';
import { formTranslator } from './messages.ts';
import { holdsValue, kindOf } from './registry.ts';
import type {
  FormContext,
  FormError,
  FormField,
  FormJson,
  FormLang,
  FormRow,
  FormTranslate,
  FormValidation,
  FormValues,
} from './types.ts';
import { fieldLabel, toNumber } from './validators.ts';

/** A field of the form with where it sits. */
export interface CollectedField {
  /** `vModel`, or `<table>-<column>` for a sub-table column (the key permissions and lists use). */
  key: string;
  field: FormField;
  /** The sub-table's model name, for a column. */
  table?: string;
}

const isTable = (field: FormField) => field.__config__?.jnpfKey === 'table';

/**
 * Every field of the form in order, containers (rows, cards, tabs, collapses, grids) flattened away.
 * A sub-table appears itself, followed by its columns. Layout and static elements are included
 * (with their `__vModel__` or a synthetic key) so a renderer can walk one list; use holdsValue()
 * to keep only data fields.
 */
export function collectFields(form: Pick<FormJson, 'fields'>): CollectedField[] {
  const out: CollectedField[] = [];
  let anonymous = 0;
  const walk = (fields: readonly FormField[] | undefined, table: string | undefined) => {
    for (const field of fields ?? []) {
      if (!field || typeof field !== 'object' || !field.__config__) continue;
      if (isTable(field) && field.__vModel__) {
        out.push({ key: field.__vModel__, field });
        walk(field.__config__.children, field.__vModel__);
        continue;
      }
      const children = field.__config__.children;
      if (Array.isArray(children) && children.length) {
        walk(children, table);
        continue;
      }
      // Static and layout elements have no model name; their form id (or position) names them.
      const id = field.__config__.formId ?? field.__config__.renderKey ?? `n${anonymous++}`;
      const name = field.__vModel__ || `${field.__config__.jnpfKey}#${id}`;
      out.push({ key: table ? `${table}-${name}` : name, field, ...(table ? { table } : {}) });
    }
  };
  walk(form.fields, undefined);
  return out;
}

/** The fields that hold data, keyed by their key (`vModel` or `<table>-<column>`). */
export function dataFields(form: Pick<FormJson, 'fields'>): Map<string, CollectedField> {
  const map = new Map<string, CollectedField>();
  for (const entry of collectFields(form)) if (holdsValue(entry.field)) map.set(entry.key, entry);
  return map;
}

/** Whether the web shows a field: not noShow, and a visibility list (if any) that holds 'pc'. */
export function isShownOnWeb(field: FormField): boolean {
  if (field.__config__.noShow) return false;
  const visibility = field.__config__.visibility;
  return !Array.isArray(visibility) || visibility.includes('pc');
}

// ---------------------------------------------------------------------------------------------
// Dependency graph.

export interface CalculatedNode {
  key: string;
  field: FormField;
  /** Set for a calculated column: computed per row of this sub-table. */
  table?: string;
  expression: CompiledExpression;
  /** Keys this field reads (`vModel`, `<table>-<column>`, or a sub-table's own key for its rows). */
  sources: string[];
}

export interface DependentNode {
  key: string;
  field: FormField;
  table?: string;
  /** Why it depends: a calculation, or a display that shows or looks up another field's value. */
  reason: 'calculate' | 'display' | 'options';
  sources: string[];
}

export interface DependencyGraph {
  /** Calculated fields by key, in an order where each comes after the calculated fields it reads. */
  calculated: Map<string, CalculatedNode>;
  /** Every field that depends on another, calculated fields included. */
  nodes: Map<string, DependentNode>;
  /**
   * The fields to refresh when `key` changes, transitively, in evaluation order. A changed column
   * (`<table>-<column>`) affects calculated columns of the same row and totals over the table;
   * adding or removing rows is a change of the table's own key.
   */
  dependents(key: string): string[];
  /** Calculated fields that form a circle; they compute as 0 and are reported once. */
  cycles: string[];
  /** The value of one calculated field over the form values; a column needs its row index. */
  calculate(key: string, values: FormValues, rowIndex?: number): number;
  /** The values with every calculated field (rows included) recomputed, as a new object. */
  recompute(values: FormValues): FormValues;
}

interface GraphOptions {
  warn?: CalcWarn;
}

/** The form keys an expression reference stands for, from where the calculation sits. */
function refKeys(ref: string, table: string | undefined, columns: Map<string, Set<string>>): string[] {
  const dot = ref.indexOf('.');
  if (dot > 0) {
    const t = ref.slice(0, dot);
    const column = ref.slice(dot + 1);
    // A total over the rows changes when a cell changes and when rows come or go.
    return t === table ? [`${t}-${column}`] : [`${t}-${column}`, t];
  }
  if (table && columns.get(table)?.has(ref)) return [`${table}-${ref}`];
  return [ref];
}

export function buildDependencyGraph(form: Pick<FormJson, 'fields'>, options: GraphOptions = {}): DependencyGraph {
  const fields = collectFields(form);
  const columns = new Map<string, Set<string>>();
  for (const f of fields) {
    if (f.table) {
      const set = columns.get(f.table) ?? new Set<string>();
      if (f.field.__vModel__) set.add(f.field.__vModel__);
      columns.set(f.table, set);
    }
  }

  const nodes = new Map<string, DependentNode>();
  const compiled = new Map<string, CalculatedNode>();
  for (const { key, field, table } of fields) {
    const k = field.__config__.jnpfKey;
    if (k === 'calculate' && field.__vModel__) {
      const expression = compileExpression((field.expression as string | unknown[] | undefined) ?? [], options.warn);
      const sources = [...new Set(expression.refs.flatMap((ref) => refKeys(ref, table, columns)))];
      compiled.set(key, { key, field, table, expression, sources });
      nodes.set(key, { key, field, table, reason: 'calculate', sources });
      continue;
    }
    // Attributes of a relation or popup field, and codes built from a field, show another field's value.
    const relation = field.relationField;
    if (
      (k === 'relationFormAttr' || k === 'popupAttr' || k === 'barcode' || k === 'qrcode') &&
      typeof relation === 'string' &&
      relation &&
      (k === 'relationFormAttr' || k === 'popupAttr' || field.dataType === 'relation')
    ) {
      const source = k === 'relationFormAttr' || k === 'popupAttr' ? relation.split('.')[0]! : relation;
      nodes.set(key, { key, field, table, reason: 'display', sources: refKeys(source, table, columns) });
      continue;
    }
    // Popup and relation pickers whose parameters come from other fields reload their options.
    const template = field.templateJson ?? field.__config__.templateJson;
    if (Array.isArray(template)) {
      const sources = template
        .map((item) =>
          item && typeof item === 'object' ? (item as { relationField?: unknown }).relationField : undefined,
        )
        .filter((r): r is string => typeof r === 'string' && r !== '')
        .flatMap((r) => refKeys(r, table, columns));
      if (sources.length) nodes.set(key, { key, field, table, reason: 'options', sources: [...new Set(sources)] });
    }
  }

  // Calculated fields in dependency order (depth-first); circles are cut and remembered.
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const cycles = new Set<string>();
  const visit = (key: string) => {
    const s = state.get(key);
    if (s === 'done') return;
    if (s === 'visiting') {
      cycles.add(key);
      return;
    }
    state.set(key, 'visiting');
    for (const source of compiled.get(key)!.sources) if (compiled.has(source)) visit(source);
    state.set(key, 'done');
    order.push(key);
  };
  for (const key of compiled.keys()) visit(key);
  const calculated = new Map(order.map((key) => [key, compiled.get(key)!]));
  if (cycles.size)
    (options.warn ?? console.warn)(`calculation formula error: circular reference through ${[...cycles].join(', ')}`);

  const position = new Map([...nodes.keys()].map((key) => [key, order.indexOf(key)]));
  const readers = new Map<string, string[]>();
  for (const node of nodes.values())
    for (const source of node.sources) readers.set(source, [...(readers.get(source) ?? []), node.key]);

  const cache = new Map<string, string[]>();
  function dependents(key: string): string[] {
    const hit = cache.get(key);
    if (hit) return hit;
    const seen = new Set<string>();
    const stack = [...(readers.get(key) ?? [])];
    while (stack.length) {
      const next = stack.pop()!;
      if (seen.has(next) || next === key) continue;
      seen.add(next);
      stack.push(...(readers.get(next) ?? []));
    }
    // Calculations first in evaluation order, then the display and option dependents.
    const result = [...seen].sort((a, b) => {
      const pa = position.get(a) ?? -1;
      const pb = position.get(b) ?? -1;
      if (pa === -1 || pb === -1) return pa === -1 ? (pb === -1 ? 0 : 1) : -1;
      return pa - pb;
    });
    cache.set(key, result);
    return result;
  }

  function calculate(key: string, values: FormValues, rowIndex?: number): number {
    const node = calculated.get(key);
    if (!node || cycles.has(key)) return 0;
    return node.expression.evaluate(scopeResolver({ values, table: node.table, rowIndex }));
  }

  function recompute(values: FormValues): FormValues {
    const out: FormValues = { ...values };
    for (const table of columns.keys())
      if (Array.isArray(out[table]))
        out[table] = (out[table] as unknown[]).map((row) => (row && typeof row === 'object' ? { ...row } : row));
    for (const node of calculated.values()) {
      const vModel = node.field.__vModel__!;
      if (node.table) {
        const rows = Array.isArray(out[node.table]) ? (out[node.table] as FormRow[]) : [];
        rows.forEach((row, rowIndex) => {
          if (row && typeof row === 'object') row[vModel] = calculate(node.key, out, rowIndex);
        });
      } else out[vModel] = calculate(node.key, out);
    }
    return out;
  }

  return { calculated, nodes, dependents, cycles: [...cycles], calculate, recompute };
}

// ---------------------------------------------------------------------------------------------
// Sub-table summary (合计).

export interface TableSummary {
  label: string;
  /** Column model name -> text of its total ('' when no cell of the column is a number). */
  values: Record<string, string>;
}

/**
 * The summary row of a sub-table: shown only when the table has rows and summary is on with
 * fields. Sums the configured columns only; cells that are not numbers are ignored; a column without
 * any number shows blank; a non-integer total shows 2 decimals.
 */
export function tableSummary(
  table: FormField,
  rows: readonly unknown[],
  lang?: FormLang | FormTranslate,
): TableSummary | null {
  const fields = Array.isArray(table.summaryField) ? (table.summaryField as string[]) : [];
  if (!table['show-summary'] || !fields.length || !rows.length) return null;
  const values: Record<string, string> = {};
  for (const column of fields) {
    let total = 0;
    let any = false;
    for (const row of rows) {
      const cell = row && typeof row === 'object' ? (row as FormRow)[column] : undefined;
      const n = typeof cell === 'number' || typeof cell === 'string' ? toNumber(cell) : undefined;
      if (n === undefined) continue;
      total += n;
      any = true;
    }
    // Summing binary fractions drifts (0.1 + 0.2); round before deciding integer or not.
    const rounded = Math.round(total * 1e9) / 1e9;
    values[column] = !any ? '' : Number.isInteger(rounded) ? String(rounded) : roundTo(rounded, 2).toFixed(2);
  }
  return { label: formTranslator(lang)('summary'), values };
}

// ---------------------------------------------------------------------------------------------
// Validation.

export interface ValidateOptions extends FormContext {
  /**
   * With form permission on: the keys the caller may edit. Other fields are neither required nor
   * kept, as the browser never showed them.
   */
  granted?: ReadonlySet<string>;
  /** The keys the caller may not edit (the server's field grants); treated like ungranted ones. */
  hidden?: ReadonlySet<string>;
  warn?: CalcWarn;
}

/** Relation and popup pickers keep the chosen id under `<field>_id` beside the shown text. */
const ID_SUFFIXED = new Set(['relationForm', 'popupSelect', 'popupTableSelect']);

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Checks the values of a record against its form: every data field, hidden ones and every sub-table
 * row included, with the registry's rules. Answers every problem (path `vModel`, or
 * `table.<row>.column`) and the cleaned values: known fields only, calculated fields recomputed,
 * system fields left for the server to fill.
 */
export function validateForm(form: FormJson, values: unknown, ctx: ValidateOptions = {}): FormValidation {
  const t = formTranslator(ctx.lang);
  const input: FormValues = isRecord(values) ? values : {};
  const errors: FormError[] = [];
  const graph = buildDependencyGraph(form, { warn: ctx.warn });
  const allowed = (key: string) => (!ctx.granted || ctx.granted.has(key)) && !ctx.hidden?.has(key);

  // Calculated fields are recomputed from their sources, never taken as sent.
  const computed = graph.recompute(input);
  const clean: FormValues = {};

  const keep = (target: FormValues, source: FormValues, field: FormField) => {
    const vModel = field.__vModel__!;
    if (vModel in source) target[vModel] = source[vModel];
    if (ID_SUFFIXED.has(field.__config__.jnpfKey) && `${vModel}_id` in source)
      target[`${vModel}_id`] = source[`${vModel}_id`];
  };
  // A relation or popup picker is checked by its id (`<field>_id`) whenever the record carries one
  // (a cleared pick sends it empty); a record from before holds the id in the field itself.
  const valueOf = (source: FormValues, field: FormField) => {
    const vModel = field.__vModel__!;
    return ID_SUFFIXED.has(field.__config__.jnpfKey) && `${vModel}_id` in source
      ? source[`${vModel}_id`]
      : source[vModel];
  };

  const entries = collectFields(form);
  for (const { key, field, table } of entries) {
    if (table || !holdsValue(field) || !allowed(key)) continue;
    const kind = kindOf(field)!;
    if (kind.group === 'system') continue;
    if (kind.key !== 'table') {
      keep(clean, computed, field);
      const message = kind.validate(valueOf(computed, field), field, t);
      if (message) errors.push({ path: key, field: key, label: fieldLabel(field), message });
      continue;
    }

    // A sub-table: the table's own rule (required = at least one row), then each cell of each row.
    const raw = computed[key];
    const message = kind.validate(raw === undefined ? [] : raw, field, t);
    if (message) {
      errors.push({ path: key, field: key, label: fieldLabel(field), message });
      if (!Array.isArray(raw)) continue;
    }
    const rows = Array.isArray(raw) ? raw : [];
    const columns = entries.filter((e) => e.table === key && holdsValue(e.field) && allowed(e.key));
    clean[key] = rows.map((row, rowIndex) => {
      const source = isRecord(row) ? row : {};
      const out: FormRow = {};
      // A stable row id, when the caller keeps one, survives cleaning.
      if (typeof source.id === 'string' || typeof source.id === 'number') out.id = source.id;
      for (const column of columns) {
        const cell = column.field;
        const cellKind = kindOf(cell)!;
        if (cellKind.group === 'system') continue;
        keep(out, source, cell);
        // Cells always read with the sub-table wording, whatever the designer stored.
        const asCell: FormField = cell.__config__.isSubTable
          ? cell
          : { ...cell, __config__: { ...cell.__config__, isSubTable: true } };
        const problem = cellKind.validate(valueOf(source, cell), asCell, t);
        if (problem) {
          const vModel = cell.__vModel__!;
          errors.push({
            path: `${key}.${rowIndex}.${vModel}`,
            field: vModel,
            label: `${fieldLabel(field)} ${t('rowLabel', { n: rowIndex + 1 })} ${fieldLabel(cell)}`,
            message: problem,
          });
        }
      }
      return out;
    });
  }

  return { ok: errors.length === 0, errors, values: clean };
}
