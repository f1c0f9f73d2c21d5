import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import type { Authority } from './authority.ts';

/**
 * Column and form grants, enforced by the server (docs/permissions.md). A menu may declare column
 * elements (the list's columns) and form elements (the record form's fields); both are opt-in like
 * data schemes: a field the menu does not declare is never touched, and a menu that declares none
 * is unrestricted. A caller who lacks a declared element
 * - does not get it: list rows (`data.list[*]`) lose the column, a single record (`data`) loses the
 *   form field, before the answer is serialised;
 * - cannot write it: the route keeps the stored value on an update and the empty value on a create
 *   (`keepHiddenFields`), so a client that sends the whole form, hidden fields included, changes
 *   only what the caller may edit.
 * A route opts in with `config: { fields: { menu } }`; `menu` may be a function of the request for
 * forms known only at run time (online forms), as with data scopes.
 */
export interface FieldGrantDeclaration {
  menu: string | ((request: FastifyRequest) => string | Promise<string>);
}

export interface FieldGrants {
  /** Declared columns the caller lacks. */
  hiddenColumns: ReadonlySet<string>;
  /** Declared form fields the caller lacks. */
  hiddenForm: ReadonlySet<string>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    fields?: FieldGrantDeclaration;
  }
  interface FastifyRequest {
    /** What this caller may not see or write on the route's menu; null when the route declares none. */
    fieldGrants: FieldGrants | null;
  }
}

const NONE: FieldGrants = { hiddenColumns: new Set(), hiddenForm: new Set() };

interface Declared {
  menuId: string;
  column: Map<string, string>;
  form: Map<string, string>;
}

/** Each menu's declared column and form elements (id by enCode), per database and authority revision. */
const declaredCache = new WeakMap<Db, { revision: number; menus: Map<string, Declared | null> }>();

async function declaredElements(db: Db, menuEnCode: string, revision: number): Promise<Declared | null> {
  let entry = declaredCache.get(db);
  if (!entry || entry.revision !== revision) declaredCache.set(db, (entry = { revision, menus: new Map() }));
  if (entry.menus.has(menuEnCode)) return entry.menus.get(menuEnCode)!;
  const rows = await db
    .selectFrom('menu_element')
    .innerJoin('menu', 'menu.id', 'menu_element.menu_id')
    .select(['menu.id as menu_id', 'menu_element.id', 'menu_element.kind', 'menu_element.en_code'])
    .where('menu.en_code', '=', menuEnCode)
    .where('menu_element.kind', 'in', ['column', 'form'])
    .where('menu_element.enabled', '=', 1)
    .execute();
  const declared: Declared | null = rows.length
    ? {
        menuId: rows[0]!.menu_id,
        column: new Map(rows.filter((r) => r.kind === 'column').map((r) => [r.en_code, r.id])),
        form: new Map(rows.filter((r) => r.kind === 'form').map((r) => [r.en_code, r.id])),
      }
    : null;
  entry.menus.set(menuEnCode, declared);
  return declared;
}

export async function fieldGrantsOf(db: Db, authority: Authority, menuEnCode: string): Promise<FieldGrants> {
  if (authority.user.is_administrator === 1) return NONE;
  const declared = await declaredElements(db, menuEnCode, authority.revisions.authority);
  if (!declared) return NONE;
  const granted = new Set((authority.elements.get(declared.menuId) ?? []).map((e) => e.id));
  const hidden = (elements: Map<string, string>) =>
    new Set([...elements].filter(([, id]) => !granted.has(id)).map(([code]) => code));
  return { hiddenColumns: hidden(declared.column), hiddenForm: hidden(declared.form) };
}

export async function resolveFieldGrants(
  db: Db,
  request: FastifyRequest,
  authority: Authority,
  declaration: FieldGrantDeclaration,
): Promise<FieldGrants> {
  const menu = typeof declaration.menu === 'function' ? await declaration.menu(request) : declaration.menu;
  return fieldGrantsOf(db, authority, menu);
}

function omit(record: unknown, hidden: ReadonlySet<string>): unknown {
  if (!record || typeof record !== 'object' || Array.isArray(record)) return record;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (!hidden.has(key)) out[key] = value;
  return out;
}

/** The answer without what the caller may not see: columns of list rows, fields of one record. */
export function withoutHiddenFields<T>(payload: T, grants: FieldGrants): T {
  const envelope = payload as { data?: unknown };
  if (!envelope || typeof envelope !== 'object' || envelope.data === undefined) return payload;
  const data = envelope.data as { list?: unknown };
  if (data && typeof data === 'object' && Array.isArray(data.list)) {
    if (!grants.hiddenColumns.size) return payload;
    return { ...envelope, data: { ...data, list: data.list.map((row) => omit(row, grants.hiddenColumns)) } } as T;
  }
  if (!grants.hiddenForm.size) return payload;
  return { ...envelope, data: omit(data, grants.hiddenForm) } as T;
}

/**
 * A body with every field the caller may not edit set back to `stored` (the record as it is, for
 * an update; the empty record, for a create): what the caller sent for it is ignored.
 */
export function keepHiddenFields<T extends object>(body: T, grants: FieldGrants | null, stored: Partial<T>): T {
  if (!grants?.hiddenForm.size) return body;
  const out = { ...body } as Record<string, unknown>;
  for (const field of grants.hiddenForm) {
    if (field in stored) out[field] = stored[field as keyof T];
    else delete out[field];
  }
  return out as T;
}
