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

/** A formula that cannot be read; the message says where. */
export class FormulaError extends Error {
  override name = 'FormulaError';
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

function tokenizeText(text: string, out: CalcToken[]) {
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '(' || ch === '（') {
      out.push({ type: 'open' });
      i++;
      continue;
    }
    if (ch === ')' || ch === '）') {
      out.push({ type: 'close' });
      i++;
      continue;
    }
    if (OPERATORS[ch]) {
      out.push({ type: 'operator', op: OPERATORS[ch] });
      i++;
      continue;
    }
    const rest = text.slice(i);
    const number = NUMBER_RE.exec(rest);
    if (number) {
      out.push({ type: 'number', value: Number(number[0]) });
      i += number[0].length;
      continue;
    }
    const ref = REF_RE.exec(rest);
    if (ref) {
      out.push({ type: 'ref', name: ref[0] });
      i += ref[0].length;
      continue;
    }
    throw new FormulaError(`unexpected '${ch}' at ${i}`);
  }
}

/** The tokens of an expression. Throws FormulaError on a character that belongs to none. */
export function tokenizeExpression(expression: CalcExpression): CalcToken[] {
  const tokens: CalcToken[] = [];
  if (typeof expression === 'string') {
    tokenizeText(expression, tokens);
    return tokens;
  }
  if (!Array.isArray(expression)) throw new FormulaError('expression is neither text nor a list');
  for (const item of expression) {
    const ref = refOfItem(item);
    if (ref) tokens.push({ type: 'ref', name: ref });
    else if (typeof item === 'number') tokens.push({ type: 'number', value: item });
    // A text item is one operator, number or model name; reading it as text covers all three.
    else if (typeof item === 'string') tokenizeText(item, tokens);
    else throw new FormulaError('expression item is neither text, a number nor a field');
  }
  return tokens;
}

/** The syntax tree of an expression. Throws FormulaError when it is malformed. */
export function parseExpression(expression: CalcExpression): CalcNode {
  const tokens = tokenizeExpression(expression);
  if (tokens.length === 0) return { type: 'number', value: 0 };
  let pos = 0;
  const peek = () => tokens[pos];

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
    if (!t) throw new FormulaError('the formula ends where a number or field is expected');
    pos++;
    switch (t.type) {
      case 'number':
        return { type: 'number', value: t.value };
      case 'ref':
        return { type: 'ref', name: t.name };
      case 'open': {
        const inner = expr();
        if (peek()?.type !== 'close') throw new FormulaError(`missing ')' at token ${pos}`);
        pos++;
        return inner;
      }
      case 'operator':
        if (t.op === '-') return { type: 'negate', operand: factor() };
        if (t.op === '+') return factor();
        throw new FormulaError(`operator '${t.op}' at token ${pos - 1} has no left operand`);
      case 'close':
        throw new FormulaError(`unexpected ')' at token ${pos - 1}`);
    }
  }

  const tree = expr();
  if (pos < tokens.length) throw new FormulaError(`unexpected token ${pos}: numbers and operators must alternate`);
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
