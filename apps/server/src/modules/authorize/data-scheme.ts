import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { SchemeField, SchemeFieldKind, SchemeRule, SchemeVariable } from '@atrium/shared';
import type { Db, Dialect } from '../../db/index.ts';
import { likePattern } from '../../core/sql.ts';
import type { Authority } from '../../core/authority.ts';

/** A field a data scheme may filter on, and the SQL column of the list query it stands for. */
export interface SchemeColumn {
  column: string;
  kind: SchemeFieldKind;
}
export type SchemeFieldMap = Record<string, SchemeColumn>;

/**
 * The fields each menu's list offers to data schemes, by menu enCode. A scheme naming any other
 * field is refused when it is saved, so a rule can never reach a column the list did not offer.
 * A list that applies schemes registers its fields here (next to its own query is fine too).
 */
const registry = new Map<string, SchemeFieldMap>();

export function registerSchemeFields(menuEnCode: string, fields: SchemeFieldMap): void {
  registry.set(menuEnCode, fields);
}

export function schemeFieldsOf(menuEnCode: string): SchemeFieldMap {
  return registry.get(menuEnCode) ?? {};
}

/** The wire form of a field map (for the rule editor and save-time checks). */
export function schemeFieldList(fields: SchemeFieldMap): SchemeField[] {
  return Object.entries(fields).map(([field, c]) => ({ field, kind: c.kind }));
}

/** The positions list (permission.position): columns of `position` and its `organize` in listPositions. */
registerSchemeFields('permission.position', {
  id: { column: 'position.id', kind: 'text' },
  creatorUserId: { column: 'position.created_by', kind: 'user' },
  organizeId: { column: 'position.organize_id', kind: 'organize' },
  enCode: { column: 'position.en_code', kind: 'text' },
  fullName: { column: 'position.full_name', kind: 'text' },
});

/** The users list (permission.user): columns of `users` in listUsers. */
registerSchemeFields('permission.user', {
  id: { column: 'users.id', kind: 'user' },
  creatorUserId: { column: 'users.created_by', kind: 'user' },
  managerId: { column: 'users.manager_id', kind: 'user' },
  organizeId: { column: 'users.organize_id', kind: 'organize' },
  account: { column: 'users.account', kind: 'text' },
  realName: { column: 'users.real_name', kind: 'text' },
  gender: { column: 'users.gender', kind: 'number' },
  enabledMark: { column: 'users.enabled', kind: 'number' },
});

/** How many enabled schemes each menu has, per database and authority revision. */
const schemeCounts = new WeakMap<Db, { revision: number; counts: Map<string, number> }>();

async function menuHasSchemes(db: Db, menuEnCode: string, revision: number): Promise<boolean> {
  let entry = schemeCounts.get(db);
  if (!entry || entry.revision !== revision) {
    entry = { revision, counts: new Map() };
    schemeCounts.set(db, entry);
  }
  let count = entry.counts.get(menuEnCode);
  if (count === undefined) {
    const row = await db
      .selectFrom('menu_resource')
      .innerJoin('menu', 'menu.id', 'menu_resource.menu_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('menu.en_code', '=', menuEnCode)
      .where('menu_resource.enabled', '=', 1)
      .executeTakeFirstOrThrow();
    count = Number(row.n);
    entry.counts.set(menuEnCode, count);
  }
  return count > 0;
}

const NOTHING = sql<SqlBool>`1 = 0`;

const COMPARISONS = { '=': '=', '<>': '<>', '>': '>', '>=': '>=', '<': '<', '<=': '<=' } as const;

function orgIdsOf(authority: Authority): string[] {
  const { user, organizeIds } = authority;
  return [...new Set([...(user.organize_id ? [user.organize_id] : []), ...organizeIds])];
}

/** A variable as SQL producing the set of ids it stands for (a list or a sub-query). */
function variableSet(authority: Authority, variable: SchemeVariable): RawBuilder<unknown> | null {
  switch (variable) {
    case '@userId':
      return sql`(${authority.user.id})`;
    case '@organizeId': {
      const ids = orgIdsOf(authority);
      return ids.length ? sql`(${sql.join(ids)})` : null;
    }
    case '@organizationAndSuborganization': {
      // organize_id_tree is the path of ids from the top: an organisation and everything below it
      // have a path equal to it or starting with it and a comma.
      const trees = orgIdsOf(authority)
        .map((id) => authority.names.organizes.get(id)?.tree)
        .filter((t): t is string => !!t);
      if (!trees.length) return null;
      const matches = trees.map(
        (tree) =>
          sql`(scheme_org.organize_id_tree = ${tree} or scheme_org.organize_id_tree like ${likePattern(tree).slice(1, -1) + ',%'} escape '\\')`,
      );
      return sql`(select scheme_org.id from organize as scheme_org where ${sql.join(matches, sql` or `)})`;
    }
    case '@userAndSubordinates':
      // Everyone who reports to the caller at any depth; UNION (not ALL) stops on a cycle.
      return sql`(with recursive scheme_sub(id) as (select users.id from users where users.id = ${authority.user.id} union select u.id from users as u inner join scheme_sub on u.manager_id = scheme_sub.id) select scheme_sub.id from scheme_sub)`;
  }
}

function ruleSql(rule: SchemeRule, column: SchemeColumn, authority: Authority, dialect: Dialect): RawBuilder<SqlBool> {
  const ref = sql.ref(column.column);
  const { op, value } = rule;
  if (op === 'null') return sql<SqlBool>`${ref} is null`;
  if (op === 'notNull') return sql<SqlBool>`${ref} is not null`;
  if (typeof value === 'string' && value.startsWith('@')) {
    const set = variableSet(authority, value as SchemeVariable);
    const negate = op === '<>' || op === 'notIn';
    // No organisation means the caller's set is empty: "in" matches nothing, "not in" everything.
    if (!set) return negate ? sql<SqlBool>`1 = 1` : NOTHING;
    return negate ? sql<SqlBool>`(${ref} is null or ${ref} not in ${set})` : sql<SqlBool>`${ref} in ${set}`;
  }
  switch (op) {
    case 'in':
      return sql<SqlBool>`${ref} in (${sql.join(value as (string | number)[])})`;
    case 'notIn':
      return sql<SqlBool>`(${ref} is null or ${ref} not in (${sql.join(value as (string | number)[])}))`;
    case 'like':
    case 'notLike': {
      const like = dialect === 'postgres' ? sql`ilike` : sql`like`;
      const match = sql<SqlBool>`${ref} ${like} ${likePattern(String(value))} escape '\\'`;
      return op === 'like' ? match : sql<SqlBool>`(${ref} is null or not (${match}))`;
    }
    case '<>':
      return sql<SqlBool>`(${ref} is null or ${ref} <> ${value})`;
    default:
      return sql<SqlBool>`${ref} ${sql.raw(COMPARISONS[op])} ${value}`;
  }
}

/** The SQL condition of one scheme's rules (already checked at save time; re-checked here). */
export function schemeSql(
  rules: SchemeRule[],
  matchLogic: string,
  fields: SchemeFieldMap,
  authority: Authority,
  dialect: Dialect,
): RawBuilder<SqlBool> {
  const parts: RawBuilder<SqlBool>[] = [];
  for (const rule of rules) {
    const column = fields[rule.field];
    // A field the list no longer offers cannot widen what the scheme shows: the scheme matches nothing.
    if (!column) return NOTHING;
    parts.push(ruleSql(rule, column, authority, dialect));
  }
  if (!parts.length) return NOTHING;
  return sql<SqlBool>`(${sql.join(parts, matchLogic === 'or' ? sql` or ` : sql` and `)})`;
}

function parseRules(text: string): SchemeRule[] | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as SchemeRule[]) : null;
  } catch {
    return null;
  }
}

/**
 * The rows of a menu's list the caller may see, as a condition for the list query's WHERE, or
 * null when the caller is not restricted. Rules:
 * - administrators are never restricted;
 * - a menu without any enabled data scheme is unrestricted (schemes are opt-in per menu);
 * - on a menu that has schemes, the caller sees the union (OR) of the schemes granted to them
 *   (directly or through a role, position or organisation); a granted scheme with allData = 1
 *   lifts the restriction; a caller granted none of the menu's schemes sees no rows at all, so
 *   adding the first scheme to a menu is a deliberate act that needs its grants.
 * Values are bound parameters; column names come only from the field map, never from the scheme.
 */
export async function dataSchemeFilter(
  db: Db,
  dialect: Dialect,
  authority: Authority,
  menuEnCode: string,
  fields: SchemeFieldMap = schemeFieldsOf(menuEnCode),
): Promise<Expression<SqlBool> | null> {
  if (authority.user.is_administrator === 1) return null;
  if (!(await menuHasSchemes(db, menuEnCode, authority.revisions.authority))) return null;
  const menu = authority.menus.find((m) => m.en_code === menuEnCode);
  const schemes = menu ? (authority.resources.get(menu.id) ?? []) : [];
  if (schemes.some((s) => s.all_data === 1)) return null;
  const parts = schemes.map((s) => {
    const rules = parseRules(s.condition_json);
    return rules ? schemeSql(rules, s.match_logic, fields, authority, dialect) : NOTHING;
  });
  if (!parts.length) return NOTHING;
  return parts.length === 1 ? parts[0]! : sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}
