/**
 * Calculated fields: a tokenizer and a recursive-descent parser for the designer's expressions,
 * evaluated over the form values. Never eval: an expression is admin-written text that runs in
 * every browser and on the server.
 *
 * Grammar (+ and - lowest, × ÷ above, parentheses highest):
 *   expr   := term (('+' | '-') term)*
 *   term   := factor (('×' | '*' | '÷' | '/') factor)*
 *   factor := ('+' | '-') factor | number | reference | '(' expr ')'
 * A reference is a field model name, or `table.field` for a sub-table column: inside a row it is
 * that row's value, elsewhere the sum of the column over the rows. A missing or non-numeric value
 * counts as 0; the result is rounded to 2 decimals; NaN (and infinities) give 0; a malformed
 * formula warns and gives 0.
 */
import { roundTo } from '../format.ts';
import type { CollectedField } from './form.ts';
import { holdsValue } from './registry.ts';
import { toNumber } from './validators.ts';

export type CalcOperator = '+' | '-' | '*' | '/';

export type CalcToken =
  | { type: 'number'; value: number }
  | { type: 'operator'; op: CalcOperator }
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'ref'; name: string };

export type CalcNode =
  | { type: 'number'; value: number }
  | { type: 'ref'; name: string }
  | { type: 'negate'; operand: CalcNode }
  | { type: 'binary'; op: CalcOperator; left: CalcNode; right: CalcNode };

/**
 * Why a formula cannot be read: a character that belongs to no token, a list item or expression
 * of no known shape, an end where an operand is due, a '(' without its ')', a ')' without its '(',
 * × or ÷ with nothing before it, two operands without an operator between them.
 */
export type FormulaProblem =
  'character' | 'item' | 'incomplete' | 'unclosed' | 'unopened' | 'noLeftOperand' | 'noOperator';

/** A formula that cannot be read; the message says where, `problem` and `at` say it to a program. */
export class FormulaError extends Error {
  override name = 'FormulaError';
  readonly problem?: FormulaProblem;
  /** For a text formula: the offset in the text where reading stopped (the text's length at its end). */
  readonly at?: number;
  constructor(message: string, problem?: FormulaProblem, at?: number) {
    super(message);
    this.problem = problem;
    this.at = at;
  }
}

const OPERATORS: Record<string, CalcOperator> = { '+': '+', '-': '-', '*': '*', '/': '/', '×': '*', '÷': '/' };

/**
 * An expression as the designer saves it: text (`price × quantity`), or a list of items where each
 * item is an operator, a parenthesis, a number, or a field (a model name, or an object naming one
 * in `__vModel__` / `vModel` / `id`).
 */
export type CalcExpression = string | ReadonlyArray<unknown>;

function refOfItem(item: unknown): string | undefined {
  if (!item || typeof item !== 'object') return undefined;
  const o = item as Record<string, unknown>;
  const name = o.__vModel__ ?? o.vModel ?? o.id;
  return typeof name === 'string' && name ? name : undefined;
}

const NUMBER_RE = /^(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?/;
const REF_RE = /^[A-Za-z_$\u4e00-\u9fa5][\w$\u4e00-\u9fa5]*(\.[A-Za-z_$\u4e00-\u9fa5][\w$\u4e00-\u9fa5]*)?/;

/** Tokenizes text into `out`; with `starts`, records where each token starts in the text. */
function tokenizeText(text: string, out: CalcToken[], starts?: number[]) {
  let i = 0;
  const push = (token: CalcToken) => {
    out.push(token);
    starts?.push(i);
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '(' || ch === '（') {
      push({ type: 'open' });
      i++;
      continue;
    }
    if (ch === ')' || ch === '）') {
      push({ type: 'close' });
      i++;
      continue;
    }
    if (OPERATORS[ch]) {
      push({ type: 'operator', op: OPERATORS[ch] });
      i++;
      continue;
    }
    const rest = text.slice(i);
    const number = NUMBER_RE.exec(rest);
    if (number) {
      push({ type: 'number', value: Number(number[0]) });
      i += number[0].length;
      continue;
    }
    const ref = REF_RE.exec(rest);
    if (ref) {
      push({ type: 'ref', name: ref[0] });
      i += ref[0].length;
      continue;
    }
    // An offset inside one item of a list would mislead: only a whole text has positions.
    throw new FormulaError(`unexpected '${ch}' at ${i}`, 'character', starts ? i : undefined);
  }
}

/** The tokens of an expression; of a text, `starts` receives where each one starts. */
function tokenize(expression: CalcExpression, starts: number[]): CalcToken[] {
  const tokens: CalcToken[] = [];
  if (typeof expression === 'string') {
    tokenizeText(expression, tokens, starts);
    return tokens;
  }
  if (!Array.isArray(expression)) throw new FormulaError('expression is neither text nor a list', 'item');
  for (const item of expression) {
    const ref = refOfItem(item);
    if (ref) tokens.push({ type: 'ref', name: ref });
    else if (typeof item === 'number') tokens.push({ type: 'number', value: item });
    // A text item is one operator, number or model name; reading it as text covers all three.
    else if (typeof item === 'string') tokenizeText(item, tokens);
    else throw new FormulaError('expression item is neither text, a number nor a field', 'item');
  }
  return tokens;
}

/** The tokens of an expression. Throws FormulaError on a character that belongs to none. */
export function tokenizeExpression(expression: CalcExpression): CalcToken[] {
  return tokenize(expression, []);
}

/** The syntax tree of an expression. Throws FormulaError when it is malformed. */
export function parseExpression(expression: CalcExpression): CalcNode {
  const starts: number[] = [];
  const tokens = tokenize(expression, starts);
  if (tokens.length === 0) return { type: 'number', value: 0 };
  let pos = 0;
  const peek = () => tokens[pos];
  /** The error of the token at `index` (the end of the formula past the last one). */
  const fail = (message: string, problem: FormulaProblem, index: number) =>
    new FormulaError(
      message,
      problem,
      typeof expression === 'string' ? (starts[index] ?? expression.length) : undefined,
    );

  function expr(): CalcNode {
    let left = term();
    for (let t = peek(); t?.type === 'operator' && (t.op === '+' || t.op === '-'); t = peek()) {
      pos++;
      left = { type: 'binary', op: t.op, left, right: term() };
    }
    return left;
  }
  function term(): CalcNode {
    let left = factor();
    for (let t = peek(); t?.type === 'operator' && (t.op === '*' || t.op === '/'); t = peek()) {
      pos++;
      left = { type: 'binary', op: t.op, left, right: factor() };
    }
    return left;
  }
  function factor(): CalcNode {
    const t = peek();
    if (!t) throw fail('the formula ends where a number or field is expected', 'incomplete', pos);
    pos++;
    switch (t.type) {
      case 'number':
        return { type: 'number', value: t.value };
      case 'ref':
        return { type: 'ref', name: t.name };
      case 'open': {
        const inner = expr();
        const next = peek();
        // What stops an inner expression short of its ')' is an operand: an operator is missing.
        if (next?.type !== 'close') throw fail(`missing ')' at token ${pos}`, next ? 'noOperator' : 'unclosed', pos);
        pos++;
        return inner;
      }
      case 'operator':
        if (t.op === '-') return { type: 'negate', operand: factor() };
        if (t.op === '+') return factor();
        throw fail(`operator '${t.op}' at token ${pos - 1} has no left operand`, 'noLeftOperand', pos - 1);
      case 'close':
        throw fail(`unexpected ')' at token ${pos - 1}`, 'unopened', pos - 1);
    }
  }

  const tree = expr();
  if (pos < tokens.length) {
    const problem = tokens[pos]!.type === 'close' ? 'unopened' : 'noOperator';
    throw fail(`unexpected token ${pos}: numbers and operators must alternate`, problem, pos);
  }
  return tree;
}

/** Model names an expression reads, each once, in order of appearance. */
export function expressionRefs(node: CalcNode, out: string[] = []): string[] {
  if (node.type === 'ref') {
    if (!out.includes(node.name)) out.push(node.name);
  } else if (node.type === 'negate') expressionRefs(node.operand, out);
  else if (node.type === 'binary') {
    expressionRefs(node.left, out);
    expressionRefs(node.right, out);
  }
  return out;
}

/** What a reference stands for: a number, a numeric text, or anything else (counted as 0). */
export type CalcResolve = (name: string) => unknown;

function evaluate(node: CalcNode, resolve: CalcResolve): number {
  switch (node.type) {
    case 'number':
      return node.value;
    case 'ref':
      return toNumber(resolve(node.name)) ?? 0;
    case 'negate':
      return -evaluate(node.operand, resolve);
    case 'binary': {
      const a = evaluate(node.left, resolve);
      const b = evaluate(node.right, resolve);
      if (node.op === '+') return a + b;
      if (node.op === '-') return a - b;
      if (node.op === '*') return a * b;
      return a / b;
    }
  }
}

/** Rounded to 2 decimals; NaN and infinities (a division by zero) read as 0. */
export function finishResult(value: number): number {
  if (!Number.isFinite(value)) return 0;
  const rounded = roundTo(value, 2);
  // -0 would print as 0 anyway, but keeps equality checks simple.
  return rounded === 0 ? 0 : rounded;
}

export type CalcWarn = (message: string) => void;

// A shared place for formula warnings: the browser console and the server log both read console.
const consoleWarn: CalcWarn = (message) => console.warn(message);

/** A parsed expression, ready to evaluate many times (every keystroke of a source field). */
export interface CompiledExpression {
  /** Null when the formula is malformed; evaluate() then answers 0. */
  tree: CalcNode | null;
  error?: string;
  refs: string[];
  evaluate(resolve: CalcResolve): number;
}

export function compileExpression(expression: CalcExpression, warn: CalcWarn = consoleWarn): CompiledExpression {
  let tree: CalcNode | null = null;
  let error: string | undefined;
  try {
    tree = parseExpression(expression);
  } catch (e) {
    error = e instanceof Error ? e.message : String(e);
  }
  const refs = tree ? expressionRefs(tree) : [];
  let warned = false;
  return {
    tree,
    error,
    refs,
    evaluate(resolve) {
      if (!tree) {
        // One warning per compiled formula, not one per keystroke.
        if (!warned) warn(`calculation formula error: ${error}`);
        warned = true;
        return 0;
      }
      return finishResult(evaluate(tree, resolve));
    },
  };
}

/** Evaluates an expression once (compile it with compileExpression when it runs repeatedly). */
export function evaluateExpression(expression: CalcExpression, resolve: CalcResolve, warn?: CalcWarn): number {
  return compileExpression(expression, warn).evaluate(resolve);
}

/** Values of a form a calculation reads: top-level values, and the current row inside a sub-table. */
export interface CalcScope {
  values: Record<string, unknown>;
  /** The sub-table the calculated field sits in, and the row being computed. */
  table?: string;
  rowIndex?: number;
}

/**
 * The resolver of references over form values: `table.field` sums the column over the rows, or
 * reads the current row when the calculation runs in that table's row; a bare name inside a row
 * reads the row's column first, then the top-level field.
 */
export function scopeResolver(scope: CalcScope): CalcResolve {
  const { values, table, rowIndex } = scope;
  const rowsOf = (name: string): unknown[] => (Array.isArray(values[name]) ? (values[name] as unknown[]) : []);
  const cell = (row: unknown, column: string) =>
    row && typeof row === 'object' ? (row as Record<string, unknown>)[column] : undefined;
  const currentRow = table !== undefined && rowIndex !== undefined ? rowsOf(table)[rowIndex] : undefined;
  return (name) => {
    const dot = name.indexOf('.');
    if (dot > 0) {
      const t = name.slice(0, dot);
      const column = name.slice(dot + 1);
      if (t === table && rowIndex !== undefined) return cell(currentRow, column);
      return rowsOf(t).reduce<number>((sum, row) => sum + (toNumber(cell(row, column)) ?? 0), 0);
    }
    if (currentRow && typeof currentRow === 'object' && Object.hasOwn(currentRow, name)) return cell(currentRow, name);
    if (!Object.hasOwn(values, name)) return undefined;
    return values[name];
  };
}

const OPERATOR_TEXT: Record<CalcOperator, string> = { '+': '+', '-': '-', '*': '×', '/': '÷' };

/**
 * An expression as people read it: tokens spaced, × and ÷ for products and quotients, each
 * reference written by `label` (its model name by default). A list of items comes out as the text
 * the runtime reads the same. Throws FormulaError on what cannot be tokenized.
 */
export function formatExpression(expression: CalcExpression, label: (name: string) => string = (name) => name): string {
  let text = '';
  let previous: CalcToken | undefined;
  let afterSign = false;
  for (const token of tokenizeExpression(expression)) {
    // A sign starts an operand: it follows nothing, an operator or a '(', and hugs what it signs.
    const sign = token.type === 'operator' && (!previous || previous.type === 'operator' || previous.type === 'open');
    const tight = !previous || previous.type === 'open' || token.type === 'close' || afterSign;
    if (!tight) text += ' ';
    if (token.type === 'number') text += String(token.value);
    else if (token.type === 'ref') text += label(token.name);
    else if (token.type === 'operator') text += OPERATOR_TEXT[token.op];
    else text += token.type === 'open' ? '(' : ')';
    afterSign = sign;
    previous = token;
  }
  return text;
}

/**
 * The references a calculated field may use where it sits, each with the field it names: every
 * data field of the main form by its model name, every sub-table column as `table.column`, and,
 * for a field inside a sub-table, that table's columns by their bare names too (a row reads its
 * own column first). A sub-table itself holds rows, no number, and is no reference.
 */
export function formulaScope(fields: readonly CollectedField[], table?: string): Map<string, CollectedField> {
  const scope = new Map<string, CollectedField>();
  const own: CollectedField[] = [];
  for (const entry of fields) {
    const name = entry.field.__vModel__;
    if (!name || entry.field.__config__.jnpfKey === 'table' || !holdsValue(entry.field)) continue;
    if (entry.table === undefined) scope.set(name, entry);
    else {
      scope.set(`${entry.table}.${name}`, entry);
      if (entry.table === table) own.push(entry);
    }
  }
  for (const entry of own) scope.set(entry.field.__vModel__!, entry);
  return scope;
}

/** The references that name a calculated field itself: its name, and `table.name` for a column. */
export function selfReferences(name: string | undefined, table?: string): string[] {
  if (!name) return [];
  return table === undefined ? [name] : [`${table}.${name}`, name];
}

/** What keeps a formula from working where it sits. */
export type FormulaFault =
  { kind: 'syntax'; error: FormulaError } | { kind: 'unknownField'; name: string } | { kind: 'self'; name: string };

/**
 * The first fault of a formula: it does not parse, it uses its own field (a circle of one), or it
 * names something `scope` does not hold. Null when it works.
 */
export function formulaFault(
  expression: CalcExpression,
  scope: { has(name: string): boolean },
  self: readonly string[] = [],
): FormulaFault | null {
  let tree: CalcNode;
  try {
    tree = parseExpression(expression);
  } catch (error) {
    if (error instanceof FormulaError) return { kind: 'syntax', error };
    throw error;
  }
  for (const name of expressionRefs(tree)) {
    if (self.includes(name)) return { kind: 'self', name };
    if (!scope.has(name)) return { kind: 'unknownField', name };
  }
  return null;
}

/** Every calculated field of a form (`collectFields`) whose formula does not work, with its fault. */
export function formulaFaults(fields: readonly CollectedField[]): Array<CollectedField & { fault: FormulaFault }> {
  const out: Array<CollectedField & { fault: FormulaFault }> = [];
  const scopes = new Map<string | undefined, Map<string, CollectedField>>();
  for (const entry of fields) {
    if (entry.field.__config__.jnpfKey !== 'calculate') continue;
    const scope = scopes.get(entry.table) ?? formulaScope(fields, entry.table);
    scopes.set(entry.table, scope);
    const expression = (entry.field.expression as CalcExpression | undefined) ?? [];
    const fault = formulaFault(expression, scope, selfReferences(entry.field.__vModel__, entry.table));
    if (fault) out.push({ ...entry, fault });
  }
  return out;
}
