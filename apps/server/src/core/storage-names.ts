/**
 * The names every file store accepts (core/storage.ts, core/s3-storage.ts): generated names are
 * letters, digits, dots, dashes and underscores; anything else is a bug upstream. Checked the same
 * way by each store, so a name that is a file in one is an object in the other.
 */
export const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** A category or name checked to be one the server generated: never a path, never `..`. */
export function checkedPart(part: string): string {
  if (!SAFE_NAME.test(part) || part.includes('..')) throw new Error(`unsafe storage name: ${JSON.stringify(part)}`);
  return part;
}
