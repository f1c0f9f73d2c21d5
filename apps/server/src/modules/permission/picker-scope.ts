import { type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Db, Dialect } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { Authority, AuthorityService } from '../../core/authority.ts';
import { signedIn } from '../../core/access.ts';
import { dataSchemeFilter, type SchemeFieldMap } from '../authorize/data-scheme.ts';
import { provideOrganizePickerScope } from '../organize/picker-scope.ts';

/** The menu whose data schemes say which people a caller may see. */
const USERS_MENU = 'permission.user';

/**
 * The same schemes read on organisations: a rule on the user's organisation becomes a rule on the
 * organisation itself. A scheme ruling on any other user field cannot be read on organisations and
 * so allows none (the kernel treats an unknown field that way), which keeps the pickers closed.
 */
const ORGANIZE_FIELDS: SchemeFieldMap = { organizeId: { column: 'organize.id', kind: 'organize' } };

/**
 * Whether the users' data schemes bind this caller in the pickers: not for administrators, and not
 * for a caller who does not hold the users menu at all. Such a caller manages nobody; the schemes
 * of a menu they cannot open say nothing about them, and their forms still need colleagues and
 * approvers (docs/pickers.md).
 */
function bound(authorities: AuthorityService, authority: Authority): boolean {
  return authority.user.is_administrator !== 1 && authorities.allows(authority, USERS_MENU);
}

export type UsersEb = ExpressionBuilder<Database, 'users'>;
export type UserFilter = (eb: UsersEb) => Expression<SqlBool>;

/** The pickers' view of who a caller may see: a condition on `users` (null: everyone). */
export interface PickerScope {
  users: Expression<SqlBool> | null;
  organizeIds: ReadonlySet<string> | null;
}

export function pickerScopes(db: Db, dialect: Dialect, authorities: AuthorityService) {
  async function organizeIds(authority: Authority): Promise<ReadonlySet<string> | null> {
    if (!bound(authorities, authority)) return null;
    const condition = await dataSchemeFilter(db, dialect, authority, USERS_MENU, ORGANIZE_FIELDS);
    if (!condition) return null;
    const rows = await db.selectFrom('organize').select('organize.id').where(condition).execute();
    return new Set(rows.map((r) => r.id));
  }
  // The organisation pickers (module organize) read the same rule.
  provideOrganizePickerScope(db, organizeIds);

  return {
    async of(request: FastifyRequest): Promise<PickerScope> {
      const { authority } = signedIn(request);
      if (!bound(authorities, authority)) return { users: null, organizeIds: null };
      const [users, orgs] = await Promise.all([
        dataSchemeFilter(db, dialect, authority, USERS_MENU),
        organizeIds(authority),
      ]);
      return { users, organizeIds: orgs };
    },
  };
}

/** A user filter narrowed to the scope. */
export function scoped(filter: UserFilter, scope: PickerScope): UserFilter {
  const users = scope.users;
  return users ? (eb) => eb.and([filter(eb), users]) : filter;
}
