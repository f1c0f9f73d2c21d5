import { fail } from '../../../core/errors.ts';
import type { SqlValue } from '../../../core/read-only-sql.ts';
import type { ParamList, RequestParameter } from './schema.ts';

const INTEGER = /^-?\d{1,15}$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** The declared type's value of a text, or undefined when the text does not fit the type. */
function typed(type: RequestParameter['dataType'], text: string): SqlValue | undefined {
  switch (type) {
    case 'int':
    case 'bigint':
      return INTEGER.test(text) ? Number(text) : undefined;
    case 'decimal':
      return DECIMAL.test(text) ? Number(text) : undefined;
    case 'datetime': {
      // Times are epoch milliseconds in the database; a date text is read as such a time.
      if (INTEGER.test(text)) return Number(text);
      const ms = Date.parse(text);
      return Number.isNaN(ms) ? undefined : ms;
    }
    default:
      return text;
  }
}

const textOf = (value: unknown): string | undefined =>
  value === undefined || value === null
    ? undefined
    : typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);

/**
 * The values of the declared parameters for one call: the caller's value (paramList `value`, or
 * `defaultValue` as form widgets send it), else the declared default. Only declared parameters
 * are taken; each is typed per its dataType and bound, never spliced. A required one left empty
 * or a value of the wrong type answers 400 naming the parameter.
 */
export function resolveParameters(declared: RequestParameter[], given: ParamList): Record<string, SqlValue> {
  const supplied = new Map<string, unknown>();
  for (const item of given) supplied.set(item.field, item.value !== undefined ? item.value : item.defaultValue);
  const values: Record<string, SqlValue> = {};
  for (const p of declared) {
    const text = textOf(supplied.get(p.field)) ?? '';
    const chosen = text !== '' ? text : p.defaultValue;
    if (chosen === '') {
      if (p.required) throw fail('interfaceParamRequired', { field: p.field });
      values[p.field] = null;
      continue;
    }
    const value = typed(p.dataType, chosen);
    if (value === undefined) throw fail('interfaceParamType', { field: p.field, type: p.dataType });
    values[p.field] = value;
  }
  return values;
}
