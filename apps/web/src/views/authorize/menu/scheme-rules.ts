import {
  parseSchemeRules,
  SCHEME_VARIABLE_KIND,
  SCHEME_VARIABLES,
  type SchemeField,
  type SchemeOp,
  type SchemeRule,
  type SchemeVariable,
} from '@atrium/shared';

/** One row of the rule editor: the value is text until it is turned into a rule. */
export interface RuleRow {
  key: string;
  field: string;
  op: SchemeOp;
  /** A system variable, or a typed value ('a, b' for in / notIn). */
  mode: 'literal' | 'variable';
  value: string;
}

/** Operators without a value. */
export const NO_VALUE_OPS: readonly SchemeOp[] = ['null', 'notNull'];
/** Operators a list-valued system variable fits. */
export const VARIABLE_OPS: readonly SchemeOp[] = ['=', '<>', 'in', 'notIn'];

let counter = 0;
export const newRowKey = () => `r${++counter}`;

/** The variables that fit a field (by its kind). */
export function variablesFor(field: SchemeField | undefined): SchemeVariable[] {
  if (!field) return [];
  return SCHEME_VARIABLES.filter((v) => SCHEME_VARIABLE_KIND[v] === field.kind);
}

/** Stored rules as editor rows. */
export function rowsOf(conditionJson: string): RuleRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(conditionJson || '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return (parsed as SchemeRule[]).map((r) => {
    const variable = typeof r.value === 'string' && r.value.startsWith('@');
    return {
      key: newRowKey(),
      field: r.field,
      op: r.op,
      mode: variable ? 'variable' : 'literal',
      value: Array.isArray(r.value) ? r.value.join(', ') : r.value === undefined ? '' : String(r.value),
    };
  });
}

function literal(text: string, kind: SchemeField['kind']): string | number {
  const trimmed = text.trim();
  return kind === 'number' && trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/** Editor rows as rules; null when a row is incomplete. */
export function rulesOf(rows: RuleRow[], fields: readonly SchemeField[]): SchemeRule[] | null {
  const rules: SchemeRule[] = [];
  for (const row of rows) {
    const field = fields.find((f) => f.field === row.field);
    if (!field || !row.op) return null;
    if (NO_VALUE_OPS.includes(row.op)) {
      rules.push({ field: row.field, op: row.op });
      continue;
    }
    if (row.value.trim() === '') return null;
    if (row.mode === 'variable') {
      rules.push({ field: row.field, op: row.op, value: row.value });
      continue;
    }
    const value =
      row.op === 'in' || row.op === 'notIn'
        ? row.value
            .split(/[,，]/)
            .map((part) => part.trim())
            .filter(Boolean)
            .map((part) => literal(part, field.kind))
        : literal(row.value, field.kind);
    rules.push({ field: row.field, op: row.op, value });
  }
  return rules;
}

/**
 * The conditionJson to save, or the reason it cannot be saved ('incomplete' row, 'empty' list or
 * the server's own check failing). The server repeats the check; this only saves a round trip.
 */
export function conditionJsonOf(
  rows: RuleRow[],
  fields: readonly SchemeField[],
  allData: boolean,
): { json: string } | { problem: 'incomplete' | 'empty' | 'invalid' } {
  const rules = rulesOf(rows, fields);
  if (!rules) return { problem: 'incomplete' };
  if (!rules.length && !allData) return { problem: 'empty' };
  const json = JSON.stringify(rules);
  const checked = parseSchemeRules(json, fields, allData);
  return 'rules' in checked ? { json } : { problem: 'invalid' };
}
