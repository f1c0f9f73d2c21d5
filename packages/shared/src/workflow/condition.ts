/**
 * The condition interpreter: branch rules are data (field, operator, value), read here by a small
 * evaluator of our own. Nothing is ever compiled to code, so a rule an administrator writes can
 * compare values and nothing more. The designer's preview and the engine call the same functions.
 */
import type {
  ConditionBranch,
  ConditionGroup,
  ConditionNode,
  ConditionOp,
  ConditionRule,
  ConditionWhen,
} from './types.ts';

export interface ConditionContext {
  formData: Record<string, unknown>;
  /** System variables by name without the leading `@` (`initiatorDept`, `initiatorRoles` ...). */
  system: Record<string, unknown>;
  /** Whether a value (a user, department ...) lies inside an organisation; `belongsTo` is false without it. */
  belongsTo?: (value: unknown, orgId: string) => boolean;
}

export const CONDITION_OPS: readonly ConditionOp[] = [
  '==',
  '<>',
  '>',
  '>=',
  '<',
  '<=',
  'like',
  'notLike',
  'in',
  'notIn',
  'between',
  'isEmpty',
  'notEmpty',
  'belongsTo',
];

/** Operators that compare with nothing on the right. */
export const UNARY_CONDITION_OPS: readonly ConditionOp[] = ['isEmpty', 'notEmpty'];

export function isConditionOp(op: unknown): op is ConditionOp {
  return typeof op === 'string' && (CONDITION_OPS as readonly string[]).includes(op);
}

/**
 * The system variables the engine fills for a condition (names as rules write them). The designer
 * offers them beside the form fields; any other `@name` is read from the context as well.
 */
export const FLOW_SYSTEM_VARIABLES = [
  '@initiator',
  '@initiatorDept',
  '@initiatorRoles',
  '@initiatorPositions',
  '@flowUrgent',
  '@launchTime',
] as const;

export function isSystemVariable(name: string): boolean {
  return name.startsWith('@');
}

/** Reads `a.b.c` from an object: the whole key first (vModels may hold dots), then step by step. */
export function readPath(data: Record<string, unknown>, path: string): unknown {
  if (Object.hasOwn(data, path)) return data[path];
  let value: unknown = data;
  for (const step of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, step)) return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/** The value a rule operand names: a system variable (`@name`) or a form field path. */
export function readOperand(name: string, ctx: ConditionContext): unknown {
  if (isSystemVariable(name)) {
    const bare = name.slice(1);
    return Object.hasOwn(ctx.system, bare) ? ctx.system[bare] : ctx.system[name];
  }
  return readPath(ctx.formData, name);
}

const NUMERIC = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?$/i;
const DATE_TEXT = /^\d{4}-\d{1,2}-\d{1,2}(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?$/;

function asNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  if (typeof value === 'string' && NUMERIC.test(value.trim())) return Number(value.trim());
  return null;
}

/** A date written as text, in epoch milliseconds (local time, as the form's date pickers mean it). */
function asDateMs(value: unknown): number | null {
  if (typeof value !== 'string' || !DATE_TEXT.test(value.trim())) return null;
  const [date = '', time = '00:00'] = value.trim().split(/[ T]/);
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm, ss] = time.split(':').map(Number);
  const ms = new Date(y ?? 0, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0, ss ?? 0).getTime();
  return Number.isNaN(ms) ? null : ms;
}

function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return String(value.getTime());
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * Both sides as numbers when both read as numbers; a date text against a number (a date field holds
 * epoch ms) reads as epoch ms; otherwise null and the caller compares text.
 */
function numericPair(left: unknown, right: unknown): [number, number] | null {
  const l = asNumber(left);
  const r = asNumber(right);
  if (l !== null && r !== null) return [l, r];
  const ld = l ?? asDateMs(left);
  const rd = r ?? asDateMs(right);
  return ld !== null && rd !== null ? [ld, rd] : null;
}

/** Sign of left minus right, or null when either side is empty (nothing is greater than nothing). */
function order(left: unknown, right: unknown): number | null {
  if (isEmptyValue(left) || isEmptyValue(right)) return null;
  const pair = numericPair(left, right);
  if (pair) return Math.sign(pair[0] - pair[1]);
  const l = asText(left);
  const r = asText(right);
  return l === r ? 0 : l < r ? -1 : 1;
}

function same(left: unknown, right: unknown): boolean {
  if (isEmptyValue(left) && isEmptyValue(right)) return true;
  const pair = numericPair(left, right);
  return pair ? pair[0] === pair[1] : asText(left) === asText(right);
}

/** A list operand: an array, or text split on commas (half- or full-width). */
function asList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isEmptyValue(value)) return [];
  if (typeof value === 'string') {
    return value
      .split(/[,，]/)
      .map((part) => part.trim())
      .filter((part) => part !== '');
  }
  return [value];
}

const contains = (list: unknown[], value: unknown): boolean => list.some((item) => same(item, value));

function like(left: unknown, right: unknown): boolean {
  return asText(left).toLowerCase().includes(asText(right).toLowerCase());
}

/** A scalar left against the right side; arrays on the left are spread by `evaluateRule`. */
function compareScalar(op: ConditionOp, left: unknown, right: unknown, ctx: ConditionContext): boolean {
  switch (op) {
    case '==':
      return Array.isArray(right) ? contains(right, left) : same(left, right);
    case '<>':
      return Array.isArray(right) ? !contains(right, left) : !same(left, right);
    case '>':
      return (order(left, right) ?? 0) > 0;
    case '>=': {
      const o = order(left, right);
      return o !== null && o >= 0;
    }
    case '<':
      return (order(left, right) ?? 0) < 0;
    case '<=': {
      const o = order(left, right);
      return o !== null && o <= 0;
    }
    case 'like':
      return like(left, right);
    case 'notLike':
      return !like(left, right);
    case 'in':
      return contains(asList(right), left);
    case 'notIn':
      return !contains(asList(right), left);
    case 'between': {
      const [min, max] = asList(right);
      if (isEmptyValue(left) || (isEmptyValue(min) && isEmptyValue(max))) return false;
      const aboveMin = isEmptyValue(min) || (order(left, min) ?? -1) >= 0;
      const belowMax = isEmptyValue(max) || (order(left, max) ?? 1) <= 0;
      return aboveMin && belowMax;
    }
    case 'isEmpty':
      return isEmptyValue(left);
    case 'notEmpty':
      return !isEmptyValue(left);
    case 'belongsTo': {
      const check = ctx.belongsTo;
      if (!check || isEmptyValue(left)) return false;
      return asList(right).some((orgId) => check(left, String(orgId)));
    }
  }
}

/**
 * One rule. An array on the left (a multi-select, the initiator's roles) reads as a set: `==`
 * "contains", `<>` "does not contain", `in` "intersects", `notIn` "shares nothing", `isEmpty` /
 * `notEmpty` the set itself, `notLike` "no item contains"; any other operator holds when one item
 * satisfies it.
 */
export function evaluateRule(rule: ConditionRule, ctx: ConditionContext): boolean {
  const op = rule.op;
  if (!isConditionOp(op)) return false;
  const left = readOperand(rule.left, ctx);
  const right = rule.rightIsField && typeof rule.right === 'string' ? readOperand(rule.right, ctx) : rule.right;
  if (!Array.isArray(left) || op === 'isEmpty' || op === 'notEmpty') return compareScalar(op, left, right, ctx);
  switch (op) {
    case '==':
      return Array.isArray(right) ? right.every((r) => contains(left, r)) : contains(left, right);
    case '<>':
      return Array.isArray(right) ? !right.every((r) => contains(left, r)) : !contains(left, right);
    case 'in':
      return asList(right).some((r) => contains(left, r));
    case 'notIn':
      return !asList(right).some((r) => contains(left, r));
    case 'notLike':
      return !left.some((item) => like(item, right));
    default:
      return left.some((item) => compareScalar(op, item, right, ctx));
  }
}

function evaluateGroup(group: ConditionGroup, ctx: ConditionContext): boolean {
  return group.logic === 'or'
    ? group.rules.some((rule) => evaluateRule(rule, ctx))
    : group.rules.every((rule) => evaluateRule(rule, ctx));
}

/** A branch's condition: groups without rules are ignored, and no rule at all holds. */
export function evaluateWhen(when: ConditionWhen | undefined, ctx: ConditionContext): boolean {
  const groups = (when?.groups ?? []).filter((group) => group.rules.length > 0);
  if (groups.length === 0) return true;
  return when?.logic === 'or'
    ? groups.some((group) => evaluateGroup(group, ctx))
    : groups.every((group) => evaluateGroup(group, ctx));
}

/** The branches by priority, ascending; equal priorities keep the designer's order. */
export function branchesByPriority(branches: readonly ConditionBranch[]): ConditionBranch[] {
  return branches
    .map((branch, index) => ({ branch, index }))
    .sort((a, b) => a.branch.priority - b.branch.priority || a.index - b.index)
    .map(({ branch }) => branch);
}

/**
 * The branches a condition group takes. exclusive: the first matching non-default branch by
 * priority, else the default; inclusive: every matching non-default branch, else the default;
 * chooser: none, since a person picks them.
 */
export function matchBranches(node: ConditionNode, ctx: ConditionContext): ConditionBranch[] {
  const mode = node.properties.mode;
  if (mode === 'chooser') return [];
  const ordered = branchesByPriority(node.conditionNodes);
  const fallback = ordered.filter((branch) => branch.isDefault).slice(0, 1);
  const candidates = ordered.filter((branch) => !branch.isDefault);
  if (mode === 'inclusive') {
    const matched = candidates.filter((branch) => evaluateWhen(branch.when, ctx));
    return matched.length > 0 ? matched : fallback;
  }
  const first = candidates.find((branch) => evaluateWhen(branch.when, ctx));
  return first ? [first] : fallback;
}
