import type { Db, Dialect } from '../../db/index.ts';
import { offsetOf, pageOf, type PageQuery } from '../../core/paging.ts';
import { containsAny } from '../../core/sql.ts';

export interface UserListItem {
  id: string;
  account: string;
  realName: string;
  gender: number | null;
  mobilePhone: string;
  email: string;
  organizeId: string | null;
  organizeName: string;
  enabledMark: number;
  lockMark: number;
  sortCode: number;
  creatorTime: number;
}

/** One page of users, optionally limited to an organisation and filtered by account or name. */
export async function listUsers(db: Db, dialect: Dialect, query: PageQuery & { organizeId?: string }) {
  let base = db.selectFrom('users').leftJoin('organize', 'organize.id', 'users.organize_id');
  if (query.keyword)
    base = base.where((eb) =>
      containsAny(eb, dialect, ['users.account', 'users.real_name', 'users.mobile_phone'], query.keyword),
    );
  if (query.organizeId) base = base.where('users.organize_id', '=', query.organizeId);
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .select([
        'users.id',
        'users.account',
        'users.real_name',
        'users.gender',
        'users.mobile_phone',
        'users.email',
        'users.organize_id',
        'organize.full_name as organize_name',
        'users.enabled',
        'users.lock_mark',
        'users.sort_code',
        'users.created_at',
      ])
      .orderBy('users.sort_code')
      .orderBy('users.id')
      .limit(query.pageSize)
      .offset(offsetOf(query))
      .execute(),
  ]);
  const list: UserListItem[] = rows.map((r) => ({
    id: r.id,
    account: r.account,
    realName: r.real_name,
    gender: r.gender,
    mobilePhone: r.mobile_phone,
    email: r.email,
    organizeId: r.organize_id,
    organizeName: r.organize_name ?? '',
    enabledMark: r.enabled,
    lockMark: r.lock_mark,
    sortCode: r.sort_code,
    creatorTime: r.created_at,
  }));
  return pageOf(list, query, Number(total));
}
