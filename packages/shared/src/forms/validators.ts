/**
 * The building blocks of field validation: emptiness, required, regular-expression rules, numeric
 * range and precision, count limits. Each answers the first problem as a text, or undefined.
 */
import { patterns, type PatternName } from '../patterns.ts';
import type { FormField, FormTranslate, RegRule } from './types.ts';

/** Empty for a required check: undefined, null, blank text, or an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0 || value.every((v) => v === null || v === undefined || v === '');
  if (typeof value === 'number') return Number.isNaN(value);
  return false;
}

/** The label a message names a field by. */
export function fieldLabel(field: FormField): string {
  return field.__config__.label || field.__vModel__ || field.__config__.jnpfKey;
}

/** How the field is filled in, which decides the wording of its required message. */
export type RequiredStyle = 'input' | 'select' | 'upload';

const REQUIRED_KEYS: Record<RequiredStyle, string> = {
  input: 'requiredInput',
  select: 'requiredSelect',
  upload: 'requiredUpload',
};

export function checkRequired(
  value: unknown,
  field: FormField,
  style: RequiredStyle,
  t: FormTranslate,
): string | undefined {
  if (!field.__config__.required || !isEmptyValue(value)) return undefined;
  // Sub-table cells carry the short wording of the table: '<label> cannot be empty'.
  const key = field.__config__.isSubTable ? 'cannotBeEmpty' : REQUIRED_KEYS[style];
  return t(key, { label: fieldLabel(field) });
}

/** Named patterns a rule may reference as `@mobile`, `@email` ... instead of writing the regex. */
function namedPattern(pattern: string): PatternName | undefined {
  if (!pattern.startsWith('@')) return undefined;
  const name = pattern.slice(1);
  return Object.hasOwn(patterns, name) ? (name as PatternName) : undefined;
}

const compiled = new Map<string, RegExp | null>();

/**
 * The regular expression of a rule: `/source/flags` or bare source. Null when it does not compile:
 * the designer refuses such a rule, and a user cannot fix it, so at run time it is skipped.
 */
export function compileRule(pattern: string): RegExp | null {
  let re = compiled.get(pattern);
  if (re !== undefined) return re;
  const literal = /^\/(.*)\/([a-z]*)$/s.exec(pattern);
  try {
    // The g and y flags make test() stateful between calls; a rule must not depend on the last call.
    re = literal ? new RegExp(literal[1]!, literal[2]!.replace(/[gy]/g, '')) : new RegExp(pattern);
  } catch {
    re = null;
  }
  if (compiled.size > 500) compiled.clear();
  compiled.set(pattern, re);
  return re;
}

/** The message of the first rule a text fails. Empty values pass: emptiness is the required check's. */
export function checkRegList(value: unknown, rules: RegRule[] | undefined, field: FormField, t: FormTranslate) {
  if (!rules?.length || isEmptyValue(value)) return undefined;
  const texts = Array.isArray(value) ? value.map(String) : [String(value)];
  for (const rule of rules) {
    if (!rule || typeof rule.pattern !== 'string') continue;
    const named = namedPattern(rule.pattern);
    const test = named ? patterns[named].test : (text: string) => compileRule(rule.pattern)?.test(text) ?? true;
    if (texts.every(test)) continue;
    if (rule.message) return rule.message;
    return named ? t(`pattern.${named}`) : t('invalidPattern', { label: fieldLabel(field) });
  }
  return undefined;
}

/** A number from a number or numeric text; undefined when it is neither. */
export function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value.replace(/,/g, ''));
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** Decimal places a number is written with (1.250 -> 2, 1e-7 -> 7). */
export function decimalPlaces(n: number): number {
  const [mantissa, exponent] = String(n).toLowerCase().split('e');
  const fraction = mantissa!.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}

export interface NumberRules {
  min?: unknown;
  max?: unknown;
  precision?: unknown;
}

/** Range and precision of a number already known to be finite. */
export function checkNumber(n: number, rules: NumberRules, field: FormField, t: FormTranslate) {
  const label = fieldLabel(field);
  const min = toNumber(rules.min);
  const max = toNumber(rules.max);
  const precision = toNumber(rules.precision);
  if (min !== undefined && n < min) return t('numMin', { label, min });
  if (max !== undefined && n > max) return t('numMax', { label, max });
  if (precision !== undefined && precision >= 0 && decimalPlaces(n) > precision)
    return t('numPrecision', { label, precision });
  return undefined;
}

/** A count of chosen items against min and max. */
export function checkCount(count: number, min: unknown, max: unknown, field: FormField, t: FormTranslate) {
  const label = fieldLabel(field);
  const lo = toNumber(min);
  const hi = toNumber(max);
  // 0 means no limit, as the designer writes it.
  if (hi && count > hi) return t('countMax', { label, max: hi });
  if (lo && count > 0 && count < lo) return t('countMin', { label, min: lo });
  return undefined;
}

/** Length of a text against maxlength (characters, not UTF-16 units). */
export function checkMaxLength(text: string, maxlength: unknown, field: FormField, t: FormTranslate) {
  const max = toNumber(maxlength);
  if (max && [...text].length > max) return t('maxLength', { label: fieldLabel(field), max });
  return undefined;
}
