import { sql, type Expression, type SqlBool } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import type { Authority } from './authority.ts';
import { notFound } from './errors.ts';

/**
 * Data scope declared with the route (docs/permissions.md), the way a route declares its
 * permission: `config: { access, scope: { menu, table, idParam } }`.
 * - `menu` names whose data schemes apply: a menu enCode, or a function of the request for
 *   resources known only at run time (an online-form model named by `:modelId`);
 * - `table` is the table of the scoped records (again fixed or from the request); the schemes'
 *   columns are written against it;
 * - `idParam`, on routes about one record, names the path parameter with its id: the access hook
 *   answers 404 before the handler runs when that record is outside the caller's scope (or does
 *   not exist), so detail, update, delete and every action on one record are covered by the
 *   declaration alone.
 * Lists and exports read `request.scope` (null: unrestricted) and add it to their WHERE.
 */
export interface ScopeDeclaration {
  menu: string | ((request: FastifyRequest) => string | Promise<string>);
  table: string | ((request: FastifyRequest) => string | Promise<string>);
  idParam?: string;
}

/** The condition a caller's schemes put on a menu's rows, or null when nothing restricts them. */
export type ScopeFilter = (authority: Authority, menu: string) => Promise<Expression<SqlBool> | null>;

declare module 'fastify' {
  interface FastifyContextConfig {
    scope?: ScopeDeclaration;
  }
  interface FastifyRequest {
    /** The caller's data scope on this route's table: a WHERE condition, or null for all rows. */
    scope: Expression<SqlBool> | null;
  }
}

const resolve = async (value: ScopeDeclaration['menu'], request: FastifyRequest) =>
  typeof value === 'function' ? value(request) : value;

/** A table name from a declaration or a run-time model: letters, digits and underscores only. */
const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Sets request.scope and, on a one-record route, refuses a record outside it with 404. */
export async function applyScope(
  db: Db,
  filter: ScopeFilter,
  request: FastifyRequest,
  authority: Authority,
  declaration: ScopeDeclaration,
): Promise<void> {
  const [menu, table] = await Promise.all([resolve(declaration.menu, request), resolve(declaration.table, request)]);
  if (!TABLE_NAME.test(table)) throw notFound();
  request.scope = await filter(authority, menu);
  if (!declaration.idParam) return;
  const id = (request.params as Record<string, unknown>)[declaration.idParam];
  if (typeof id !== 'string') throw notFound();
  if (!(await recordInScope(db, table, id, request.scope))) throw notFound();
}

/** Whether the record with this id exists in `table` and, under a scope condition, satisfies it. */
export async function recordInScope(
  db: Db,
  table: string,
  id: string,
  scope: Expression<SqlBool> | null,
): Promise<boolean> {
  const found = await sql<{ one: number }>`select 1 as one from ${sql.table(table)} where ${sql.ref(
    `${table}.id`,
  )} = ${id}${scope ? sql` and ${scope}` : sql``}`.execute(db);
  return found.rows.length > 0;
}
