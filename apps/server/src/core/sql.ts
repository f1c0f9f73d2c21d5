import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Dialect } from '../db/index.ts';

/** Escapes LIKE wildcards so a keyword matches literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive substring match over several columns. SQLite's LIKE already ignores ASCII case;
 * PostgreSQL needs ILIKE. Both get the same escape character.
 */
export function containsAny<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  dialect: Dialect,
  columns: string[],
  keyword: string,
): Expression<SqlBool> {
  const pattern = likePattern(keyword);
  const op = dialect === 'postgres' ? sql`ilike` : sql`like`;
  return eb.or(columns.map((column) => sql<SqlBool>`${sql.ref(column)} ${op} ${pattern} escape '\\'`));
}
