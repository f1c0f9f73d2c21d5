/**
 * Calculated fields in the designer: the fields a formula may use, named by their labels, and the
 * formula text the builder edits, where `[Label]` stands for a field. The text is saved as the
 * expression the runtime reads, with model names (`price × quantity + items.amount`).
 */
import {
  collectFields,
  formatExpression,
  formulaFault,
  formulaScope,
  kindOf,
  parseExpression,
  expressionRefs,
  selfReferences,
  type FormJson,
  type FormulaProblem,
} from '@atrium/shared/forms';

/** A field a formula may use. */
export interface FormulaField {
  /** How the saved formula names it: the model name, or `table.column` for a sub-table column. */
  ref: string;
  /** How the builder names it: the label, `Table label.Column label` for a column. */
  label: string;
  /** The sub-table's model name, for a column. */
  table?: string;
  numeric: boolean;
}

/** Where a calculated field sits: its model name, and the sub-table it is a column of. */
export interface FormulaSite {
  name?: string;
  table?: string;
}

export interface FormulaScope {
  /** Every reference the formula may use, bare column names of its own sub-table included. */
  byRef: ReadonlyMap<string, FormulaField>;
  /** The fields the builder lists: those holding numbers, in form order, the field itself left out. */
  offered: FormulaField[];
  /** Sub-tables with listed columns, in form order. */
  tables: Array<{ name: string; label: string }>;
  /** How the formula would name its own field. */
  self: string[];
}

/** Brackets mark a field in the builder's text, so a label cannot hold them. */
const plainLabel = (label: unknown, fallback: string) =>
  String(label ?? '')
    .replace(/[[\]]/g, '')
    .trim() || fallback;

/** The fields a calculated field may use where it sits, labelled for people. */
export function formulaScopeOf(form: FormJson, site: FormulaSite = {}): FormulaScope {
  const fields = collectFields(form);
  const tableLabels = new Map<string, string>();
  for (const { field } of fields) {
    const name = field.__vModel__;
    if (field.__config__.jnpfKey === 'table' && name) tableLabels.set(name, plainLabel(field.__config__.label, name));
  }
  const self = site.name ? selfReferences(site.name, site.table) : [];

  // One entry per field, named the way the saved formula should name it from anywhere.
  const canonical = new Map<string, FormulaField>();
  const byRef = new Map<string, FormulaField>();
  for (const [ref, { field, table }] of formulaScope(fields, site.table)) {
    const name = field.__vModel__!;
    const full = table === undefined ? name : `${table}.${name}`;
    let entry = canonical.get(full);
    if (!entry) {
      const label = plainLabel(field.__config__.label, name);
      entry = {
        ref: full,
        label: table === undefined ? label : `${tableLabels.get(table) ?? table}.${label}`,
        ...(table === undefined ? {} : { table }),
        numeric: kindOf(field)?.valueType === 'number',
      };
      canonical.set(full, entry);
    }
    byRef.set(ref, entry);
  }
  // Two fields of one label are told apart by their names.
  const counts = new Map<string, number>();
  for (const f of canonical.values()) counts.set(f.label, (counts.get(f.label) ?? 0) + 1);
  for (const f of canonical.values()) if (counts.get(f.label)! > 1) f.label = `${f.label} (${f.ref})`;

  const offered = [...canonical.values()].filter((f) => f.numeric && !self.includes(f.ref));
  const tables = [...tableLabels]
    .filter(([name]) => offered.some((f) => f.table === name))
    .map(([name, label]) => ({ name, label }));
  return { byRef, offered, tables, self };
}

/** An expression that cannot be tokenized, shown as it was saved. */
function rawText(expression: unknown): string {
  if (typeof expression === 'string') return expression;
  if (!Array.isArray(expression))
    return expression === undefined || expression === null ? '' : JSON.stringify(expression);
  return expression
    .map((item) => (typeof item === 'string' || typeof item === 'number' ? String(item) : JSON.stringify(item)))
    .join(' ');
}

/**
 * A saved expression (text or a list of items) as text, each reference written by `label`; what
 * cannot be tokenized is shown as saved, for the user to correct.
 */
export function formulaText(expression: unknown, label?: (ref: string) => string): string {
  if (typeof expression !== 'string' && !Array.isArray(expression)) return rawText(expression);
  try {
    return formatExpression(expression as string | unknown[], label);
  } catch {
    return rawText(expression);
  }
}

/** A saved expression as people read it: fields by their labels (`Unit price × Quantity`). */
export function readableFormula(expression: unknown, scope: FormulaScope): string {
  return formulaText(expression, (ref) => scope.byRef.get(ref)?.label ?? ref);
}

/** A saved expression as the builder edits it: fields as `[Label]`, names it does not know as they are. */
export function builderText(expression: unknown, scope: FormulaScope): string {
  return formulaText(expression, (ref) => {
    const field = scope.byRef.get(ref);
    return field ? `[${field.label}]` : ref;
  });
}

/** What is wrong with the builder's text; `at` is an offset in that text. */
export type FormulaTextFault =
  | { kind: 'syntax'; problem: FormulaProblem; at?: number }
  | { kind: 'bracket'; at: number }
  | { kind: 'unknownField'; name: string }
  | { kind: 'self'; name: string };

export interface FormulaReading {
  /** The expression to save, with model names; empty while there is a fault. */
  expression: string;
  /** The fields it uses, by their saved references, each once. */
  refs: string[];
  fault: FormulaTextFault | null;
}

/**
 * Reads the builder's text: `[Label]` (or `[name]`) becomes the field's reference, the rest is read
 * as typed; then the shared parser checks it, and every name must be a field of the form other
 * than the calculated field itself.
 */
export function readFormulaText(text: string, scope: FormulaScope): FormulaReading {
  const byLabel = new Map([...scope.byRef.values()].map((f) => [f.label, f]));
  let source = '';
  // Where each character of the source came from in the text, so faults point into the text.
  const origin: number[] = [];
  const add = (piece: string, at: number) => {
    source += piece;
    for (let k = 0; k < piece.length; k++) origin.push(at);
  };
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '[') {
      add(text[i]!, i);
      continue;
    }
    const close = text.indexOf(']', i + 1);
    if (close < 0) return { expression: '', refs: [], fault: { kind: 'bracket', at: i } };
    const inner = text.slice(i + 1, close).trim();
    const field = byLabel.get(inner) ?? scope.byRef.get(inner);
    if (!field) return { expression: '', refs: [], fault: { kind: 'unknownField', name: inner } };
    // Spaced, so a field next to a name or number reads as two operands, never as one longer name.
    add(` ${field.ref} `, i);
    i = close;
  }
  origin.push(text.length);

  const fault = formulaFault(source, scope.byRef, scope.self);
  if (fault?.kind === 'syntax') {
    const at = fault.error.at === undefined ? undefined : origin[fault.error.at];
    return { expression: '', refs: [], fault: { kind: 'syntax', problem: fault.error.problem ?? 'item', at } };
  }
  if (fault) return { expression: '', refs: [], fault };
  const saved = (ref: string) => scope.byRef.get(ref)?.ref ?? ref;
  const refs = [...new Set(expressionRefs(parseExpression(source)).map(saved))];
  return { expression: formatExpression(source, saved), refs, fault: null };
}
