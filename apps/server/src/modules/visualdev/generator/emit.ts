/**
 * Helpers the templates write code with. Whatever comes from a model (labels, names, codes, option
 * texts) is written as an escaped string literal or, in comments, with anything that could end the
 * comment taken out: an administrator's text can never become code.
 */

/**
 * A single-quoted string literal of any text, the project's quote style: JSON's escaping, with its
 * escaped double quotes freed and single quotes escaped instead. In JSON text a double quote inside
 * a string is always escaped, so `\\"` can only be that escape.
 */
export const lit = (text: string) =>
  `'${JSON.stringify(text)
    .slice(1, -1)
    .replace(/\\"|'/g, (m) => (m === "'" ? "\\'" : '"'))}'`;

/** An object key: bare when it is a plain identifier, quoted otherwise. */
export const prop = (key: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : lit(key));

/** A member access: `.key` for an identifier, `["key"]` otherwise. */
export const member = (key: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `.${key}` : `[${lit(key)}]`);

/** Text safe inside a block or line comment: one line, no comment end. */
export const commentText = (text: string) =>
  text
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/\*\//g, '* /')
    .trim();

/** Joins lines, dropping the ones a template left out (false, null, undefined). */
export const lines = (...parts: Array<string | false | null | undefined>) =>
  parts.filter((p): p is string => typeof p === 'string').join('\n');

/** Indents every non-empty line of a block. */
export const indent = (text: string, by = 2) =>
  text
    .split('\n')
    .map((l) => (l ? ' '.repeat(by) + l : l))
    .join('\n');

/** A number literal that reads back as the same number. */
export const num = (n: number) => (Object.is(n, -0) ? '0' : String(n));
