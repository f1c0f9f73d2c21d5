import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { UserListItem, UserOption } from '@atrium/shared';
import type { Db, Dialect } from '../../db/index.ts';
import type { Tx } from '../../db/tx.ts';
import { offsetOf, pageOf, type PageQuery } from '../../core/paging.ts';
import { searchIndex } from '../../core/search-index.ts';

export type { UserListItem };

/**
 * The users keyword search (account, name or mobile, case-insensitively) through the search index
 * (docs/search.md), so a search over 10 000 users reads only the matches; migration 015 builds it.
 * Changing the columns needs a migration that drops and re-creates it.
 */
export const userSearch = searchIndex({ table: 'users', columns: ['account', 'real_name', 'mobile_phone'] });

/** Users whose account, name or mobile contains the keyword, as a condition (see userSearch). */
export function userKeyword(
  _eb: ExpressionBuilder<Database, 'users'>,
  dialect: Dialect,
  keyword: string,
): Expression<SqlBool> {
  return userSearch.matches(dialect, keyword);
}

/** Ids of an organisation and everything under it, as a subquery (organize_id_tree is the id path). */
export function subtreeIds(db: Db | Tx, organizeId: string) {
  return db
    .selectFrom('organize as sub')
    .innerJoin('organize as top', (j) => j.onTrue())
    .select('sub.id')
    .where('top.id', '=', organizeId)
    .where((eb) =>
      eb.or([
        eb('sub.id', '=', organizeId),
        eb('sub.organize_id_tree', 'like', sql<string>`${sql.ref('top.organize_id_tree')} || ',%'`),
      ]),
    );
}

/** Users who belong to an organisation or any organisation under it, as a subquery of user ids. */
export function membersOfSubtree(db: Db | Tx, organizeId: string) {
  return db
    .selectFrom('user_relation')
    .select('user_relation.user_id')
    .where('user_relation.object_type', '=', 'Organize')
    .where('user_relation.object_id', 'in', subtreeIds(db, organizeId));
}

/**
 * One page of users, optionally limited to an organisation and its subtree and filtered by account,
 * name or mobile: one count and one page query.
 */
export async function listUsers(
  db: Db,
  dialect: Dialect,
  query: PageQuery & { organizeId?: string },
  /** The caller's data scheme on permission.user (authorize/data-scheme.ts); null = unrestricted. */
  scope: Expression<SqlBool> | null = null,
) {
  let base = db
    .selectFrom('users')
    .leftJoin('organize', 'organize.id', 'users.organize_id')
    .leftJoin('job_grade', 'job_grade.id', 'users.grade_id');
  if (scope) base = base.where(scope);
  const found = query.keyword ? await userSearch.lookup(db, dialect, query.keyword) : null;
  if (found) base = base.where(found.condition);
  if (query.organizeId) base = base.where('users.id', 'in', membersOfSubtree(db, query.organizeId));
  // A keyword the index finds in few rows: the page carries the count of every match (a window over
  // the candidates), so the keyword is looked up once, not twice.
  const counted = found?.bounded === true;
  const rows = await base
    .select([
      'users.id',
      'users.account',
      'users.real_name',
      'users.gender',
      'users.mobile_phone',
      'users.email',
      'users.organize_id',
      'organize.full_name as organize_name',
      'users.grade_id',
      'job_grade.full_name as grade_name',
      'users.enabled',
      'users.lock_mark',
      'users.is_administrator',
      'users.sort_code',
      'users.created_at',
    ])
    .$if(counted, (q) => q.select(sql<number>`count(*) over ()`.as('total')))
    .orderBy('users.sort_code')
    .orderBy('users.id')
    .limit(query.pageSize)
    .offset(offsetOf(query))
    .execute();
  // A first page that is not full already tells the total, and so does a window count: the count
  // (a second scan) is skipped. A page past the end has no row to carry it.
  const total =
    query.currentPage === 1 && rows.length < query.pageSize
      ? rows.length
      : counted && rows.length
        ? rows[0]!.total!
        : Number((await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow()).total);
  const list: UserListItem[] = rows.map((r) => ({
    id: r.id,
    account: r.account,
    realName: r.real_name,
    gender: r.gender,
    mobilePhone: r.mobile_phone,
    email: r.email,
    organizeId: r.organize_id,
    organizeName: r.organize_name ?? '',
    gradeId: r.grade_id,
    gradeName: r.grade_name ?? '',
    enabledMark: r.enabled,
    lockMark: r.lock_mark,
    isAdministrator: r.is_administrator,
    sortCode: r.sort_code,
    creatorTime: r.created_at,
  }));
  return pageOf(list, query, Number(total));
}

export interface OrganizeName {
  id: string;
  parentId: string;
  category: 'company' | 'department';
  fullName: string;
  tree: string[];
  /** Names from the top, joined with '/'. */
  path: string;
  sortCode: number;
}

/** Every organisation with its name path; the table is small (one row per department). */
export async function organizeNames(db: Db | Tx): Promise<Map<string, OrganizeName>> {
  const rows = await db
    .selectFrom('organize')
    .select(['id', 'parent_id', 'category', 'full_name', 'organize_id_tree', 'sort_code'])
    .orderBy('sort_code')
    .orderBy('id')
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const map = new Map<string, OrganizeName>();
  for (const r of rows) {
    const tree = r.organize_id_tree.split(',').filter(Boolean);
    map.set(r.id, {
      id: r.id,
      parentId: r.parent_id,
      category: r.category,
      fullName: r.full_name,
      tree,
      path: tree.map((id) => byId.get(id)?.full_name ?? '').join('/'),
      sortCode: r.sort_code,
    });
  }
  return map;
}

export const userOptionColumns = [
  'users.id',
  'users.account',
  'users.real_name',
  'users.head_icon',
  'users.organize_id',
] as const;

export function toUserOption(
  r: { id: string; account: string; real_name: string; head_icon: string; organize_id: string | null },
  orgs: Map<string, OrganizeName>,
): UserOption {
  return {
    id: r.id,
    fullName: `${r.real_name}/${r.account}`,
    account: r.account,
    realName: r.real_name,
    headIcon: r.head_icon,
    organize: r.organize_id ? (orgs.get(r.organize_id)?.path ?? '') : '',
    type: 'user',
    isLeaf: true,
  };
}
