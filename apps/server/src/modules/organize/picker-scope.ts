import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/index.ts';
import type { OrganizeTable } from '../../db/schema.ts';
import type { Authority } from '../../core/authority.ts';
import { signedIn } from '../../core/access.ts';

/**
 * The organisations a caller may see through the pickers: null when nothing restricts them,
 * else the allowed organisation ids.
 *
 * The rule lives with the users (module `permission`, docs/pickers.md): a picker shows what the
 * caller's data scheme on the users list allows. This module comes first in the module order and
 * cannot import that one, so the users module hands its rule over when its routes register; the
 * registry is keyed by database handle so that every app built in one process keeps its own.
 */
export type OrganizePickerScope = (authority: Authority) => Promise<ReadonlySet<string> | null>;

const providers = new WeakMap<Db, OrganizePickerScope>();

export function provideOrganizePickerScope(db: Db, scope: OrganizePickerScope): void {
  providers.set(db, scope);
}

/** The allowed organisation ids of the caller of a picker route (null: all). */
export async function pickerOrganizeIds(db: Db, request: FastifyRequest): Promise<ReadonlySet<string> | null> {
  const { authority } = signedIn(request);
  if (authority.user.is_administrator === 1) return null;
  const provider = providers.get(db);
  // Without the users module there is no users data scheme, hence nothing to restrict by.
  return provider ? provider(authority) : null;
}

/** Keeps the rows inside the scope (all of them when the scope is null). */
export function inPickerScope<R extends Pick<OrganizeTable, 'id'>>(
  rows: readonly R[],
  allowed: ReadonlySet<string> | null,
): R[] {
  return allowed ? rows.filter((r) => allowed.has(r.id)) : [...rows];
}
