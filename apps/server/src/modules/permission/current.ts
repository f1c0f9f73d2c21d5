import type { Db } from '../../db/index.ts';
import { passwordHashOf, setPasswordHash } from '../../core/credentials.ts';
import { inTransaction, lockUserRow } from '../../db/tx.ts';
import { fail, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Language } from '../../core/messages.ts';
import { translate } from '../../core/messages.ts';
import { pageOf } from '../../core/paging.ts';
import { hashPassword, verifyPassword } from '../../core/password.ts';
import { containsAny } from '../../core/sql.ts';
import type { Dialect } from '../../db/index.ts';
import { logText, operationText, outcomesMatching } from '../../core/log-text.ts';
import { nameIn } from '../authorize/names.ts';
import type { Authority } from '../../core/authority.ts';
import { authorityKeys, bumpAuthorityRevision } from '../../core/authority.ts';

/** The signed-in user's own data: what the profile page shows and changes. */

export async function baseInfo(db: Db, authority: Authority) {
  const { user } = authority;
  const [department, position, roles, manager] = await Promise.all([
    user.organize_id
      ? db
          .selectFrom('organize')
          .select(['full_name', 'organize_id_tree'])
          .where('id', '=', user.organize_id)
          .executeTakeFirst()
      : undefined,
    user.position_id
      ? db.selectFrom('position').select('full_name').where('id', '=', user.position_id).executeTakeFirst()
      : undefined,
    authority.roleIds.length
      ? db.selectFrom('role').select('full_name').where('id', 'in', authority.roleIds).orderBy('sort_code').execute()
      : [],
    user.manager_id
      ? db.selectFrom('users').select(['real_name', 'account']).where('id', '=', user.manager_id).executeTakeFirst()
      : undefined,
  ]);
  const companyId = department?.organize_id_tree.split(',')[0];
  const company = companyId
    ? await db.selectFrom('organize').select('full_name').where('id', '=', companyId).executeTakeFirst()
    : undefined;
  return {
    id: user.id,
    account: user.account,
    realName: user.real_name,
    gender: user.gender,
    mobilePhone: user.mobile_phone,
    email: user.email,
    headIcon: user.head_icon,
    description: user.description ?? '',
    organizeName: company?.full_name ?? '',
    departmentName: department?.full_name ?? '',
    positionName: position?.full_name ?? '',
    roleName: roles.map((r) => r.full_name).join(','),
    managerName: manager ? `${manager.real_name}/${manager.account}` : '',
    creatorTime: user.created_at,
    lastLoginTime: user.last_login_time,
    language: user.language,
    theme: user.theme,
  };
}

export async function updateBaseInfo(
  db: Db,
  userId: string,
  body: { realName: string; gender: 1 | 2 | null; mobilePhone: string; email: string; description: string },
  now: number,
) {
  await db
    .updateTable('users')
    .set((eb) => ({
      real_name: body.realName,
      gender: body.gender,
      mobile_phone: body.mobilePhone,
      email: body.email,
      description: body.description,
      updated_at: now,
      updated_by: userId,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', userId)
    .execute();
}

/** A new password ends the user's other sessions: whoever else held one must sign in again. */
export async function modifyPassword(
  db: Db,
  userId: string,
  keepSessionId: string,
  oldPassword: string,
  password: string,
  now: number,
) {
  if (!(await verifyPassword(await passwordHashOf(db, userId), oldPassword))) throw fail('oldPasswordWrong');
  const hash = await hashPassword(password);
  await inTransaction(db, async (trx) => {
    await trx.updateTable('users').set({ updated_at: now, updated_by: userId }).where('id', '=', userId).execute();
    await setPasswordHash(trx, userId, hash);
    await trx.deleteFrom('session').where('user_id', '=', userId).where('id', '<>', keepSessionId).execute();
  });
}

export async function setHeadIcon(db: Db, userId: string, url: string, now: number) {
  await db
    .updateTable('users')
    .set({ head_icon: url, updated_at: now, updated_by: userId })
    .where('id', '=', userId)
    .execute();
}

export async function setTheme(db: Db, userId: string, theme: string, preferences: object | undefined) {
  await db
    .updateTable('users')
    .set(preferences ? { theme, preferences: JSON.stringify(preferences) } : { theme })
    .where('id', '=', userId)
    .execute();
}

export async function setLanguage(db: Db, userId: string, language: Language) {
  await db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

/** Direct subordinates of `id` ('0' = the caller); only the caller's own reporting tree may be walked. */
export async function subordinates(db: Db, callerId: string, id: string) {
  const target = id === '0' ? callerId : id;
  if (target !== callerId) {
    let cursor: string | null = target;
    const seen = new Set<string>();
    while (cursor && cursor !== callerId && !seen.has(cursor)) {
      seen.add(cursor);
      const row: { manager_id: string | null } | undefined = await db
        .selectFrom('users')
        .select('manager_id')
        .where('id', '=', cursor)
        .executeTakeFirst();
      cursor = row?.manager_id ?? null;
    }
    if (cursor !== callerId) throw notFound();
  }
  const rows = await db
    .selectFrom('users')
    .leftJoin('organize', 'organize.id', 'users.organize_id')
    .leftJoin('position', 'position.id', 'users.position_id')
    .select([
      'users.id',
      'users.real_name',
      'users.account',
      'users.head_icon',
      'organize.full_name as department',
      'position.full_name as position',
      (eb) =>
        eb
          .selectFrom('users as sub')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('sub.manager_id', '=', 'users.id')
          .as('children'),
    ])
    .where('users.manager_id', '=', target)
    .where('users.enabled', '=', 1)
    .orderBy('users.sort_code')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    fullName: `${r.real_name}/${r.account}`,
    headIcon: r.head_icon,
    department: r.department ?? '',
    position: r.position ?? '',
    isLeaf: Number(r.children) === 0,
  }));
}

interface TreeNode {
  id: string;
  fullName: string;
  icon?: string;
  children?: TreeNode[];
}

/** The caller's authorised menus per system, and per menu the buttons, columns, forms and data schemes. */
export function authorizeTree(authority: Authority, language: Language) {
  const menuNodes = (systemId: string, parentId: string): TreeNode[] =>
    authority.menus
      .filter((m) => m.system_id === systemId && m.parent_id === parentId)
      .map((m) => {
        const children = menuNodes(systemId, m.id);
        return { id: m.id, fullName: nameIn(m, language), icon: m.icon, ...(children.length ? { children } : {}) };
      });
  const module = authority.systems.map((s) => ({
    id: s.id,
    fullName: nameIn(s, language),
    icon: s.icon,
    children: menuNodes(s.id, '-1'),
  }));
  const itemsPerMenu = (items: (menuId: string) => { id: string; full_name: string }[]): TreeNode[] =>
    authority.menus
      .map((m) => ({
        id: m.id,
        fullName: nameIn(m, language),
        icon: m.icon,
        children: items(m.id).map((i) => ({ id: i.id, fullName: i.full_name })),
      }))
      .filter((node) => node.children.length > 0);
  const ofKind = (kind: string) => (menuId: string) =>
    (authority.elements.get(menuId) ?? []).filter((e) => e.kind === kind);
  return {
    module,
    button: itemsPerMenu(ofKind('button')),
    column: itemsPerMenu(ofKind('column')),
    form: itemsPerMenu(ofKind('form')),
    resource: itemsPerMenu((menuId) => authority.resources.get(menuId) ?? []),
  };
}

export async function systemLog(
  db: Db,
  dialect: Dialect,
  language: Language,
  userId: string,
  query: {
    category: number;
    keyword: string;
    currentPage: number;
    pageSize: number;
    startTime?: number;
    endTime?: number;
  },
) {
  let base = db.selectFrom('sys_log').where('user_id', '=', userId).where('category', '=', query.category);
  if (query.startTime !== undefined) base = base.where('created_at', '>=', query.startTime);
  if (query.endTime !== undefined) base = base.where('created_at', '<=', query.endTime);
  if (query.keyword) {
    // The keyword finds what the list shows: the address, and the text in the caller's language
    // (made from codes, so the codes whose text matches are looked for).
    const k = query.keyword.toLowerCase();
    const outcomes = query.category === 1 ? outcomesMatching(k, language) : [];
    const routes =
      query.category === 5
        ? (
            await db
              .selectFrom('sys_log')
              .select(['request_method', 'request_url'])
              .distinct()
              .where('user_id', '=', userId)
              .where('category', '=', 5)
              .execute()
          ).filter((r) => operationText(r.request_method, r.request_url, language).toLowerCase().includes(k))
        : [];
    base = base.where((eb) =>
      eb.or([
        containsAny(eb, dialect, ['ip', 'request_url'], query.keyword),
        ...(outcomes.length ? [eb('abstracts', 'in', outcomes)] : []),
        ...routes.map((r) =>
          eb.and([eb('request_method', '=', r.request_method), eb('request_url', '=', r.request_url)]),
        ),
      ]),
    );
  }
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.currentPage - 1) * query.pageSize)
      .execute(),
  ]);
  const placeName = (key: string) =>
    translate(language, key === 'local' ? 'placeLocal' : key === 'lan' ? 'placeLan' : 'placeUnknown');
  const list = rows.map((r) => ({
    id: r.id,
    creatorTime: r.created_at,
    ipAddress: r.ip,
    ipAddressName: placeName(r.place),
    platForm: r.user_agent,
    abstracts: logText(r, language),
    requestURL: r.request_url,
    requestMethod: r.request_method,
    requestDuration: r.duration,
  }));
  return pageOf(list, { currentPage: query.currentPage, pageSize: query.pageSize }, Number(total));
}

export async function userOrganizes(db: Db, authority: Authority) {
  const ids = [
    ...new Set([...(authority.user.organize_id ? [authority.user.organize_id] : []), ...authority.organizeIds]),
  ];
  if (!ids.length) return [];
  const rows = await db.selectFrom('organize').select(['id', 'organize_id_tree']).where('id', 'in', ids).execute();
  const pathIds = [...new Set(rows.flatMap((r) => r.organize_id_tree.split(',')))];
  const names = new Map(
    (await db.selectFrom('organize').select(['id', 'full_name']).where('id', 'in', pathIds).execute()).map((o) => [
      o.id,
      o.full_name,
    ]),
  );
  return ids
    .map((id) => rows.find((r) => r.id === id))
    .filter((r) => !!r)
    .map((r) => ({
      id: r.id,
      fullName: r.organize_id_tree
        .split(',')
        .map((p) => names.get(p) ?? '')
        .join('/'),
      isDefault: r.id === authority.user.organize_id,
    }));
}

export async function userPositions(db: Db, authority: Authority) {
  if (!authority.positionIds.length) return [];
  const rows = await db
    .selectFrom('position')
    .innerJoin('organize', 'organize.id', 'position.organize_id')
    .select(['position.id', 'position.full_name', 'organize.full_name as organize_name'])
    .where('position.id', 'in', authority.positionIds)
    .execute();
  return authority.positionIds
    .map((id) => rows.find((r) => r.id === id))
    .filter((r) => !!r)
    .map((r) => ({
      id: r.id,
      fullName: r.full_name,
      organizeName: r.organize_name,
      isDefault: r.id === authority.user.position_id,
    }));
}

/** Switches the user's major organisation, position or current system, among their own only. */
export async function switchMajor(
  db: Db,
  authority: Authority,
  majorType: 'Organize' | 'Position' | 'System',
  majorId: string,
  now: number,
) {
  const owned =
    majorType === 'Organize'
      ? majorId === authority.user.organize_id || authority.organizeIds.includes(majorId)
      : majorType === 'Position'
        ? authority.positionIds.includes(majorId)
        : authority.systems.some((s) => s.id === majorId);
  if (!owned) throw fail('notYours');
  const column = majorType === 'Organize' ? 'organize_id' : majorType === 'Position' ? 'position_id' : 'system_id';
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('users')
      .set({ [column]: majorId, updated_at: now })
      .where('id', '=', authority.user.id)
      .execute();
    // The major organisation decides which organisation grants apply.
    if (majorType === 'Organize') await bumpAuthorityRevision(trx, authorityKeys.user(authority.user.id));
  });
}

export async function listSignImgs(db: Db, userId: string) {
  const rows = await db
    .selectFrom('user_sign_img')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, signImg: r.sign_img, isDefault: r.is_default === 1, creatorTime: r.created_at }));
}

/** The first signature becomes the default; exactly one is the default from then on. */
export async function addSignImg(db: Db, userId: string, signImg: string, isDefault: boolean, now: number) {
  return inTransaction(db, async (trx) => {
    await lockUserRow(trx, userId);
    const existing = await trx.selectFrom('user_sign_img').select('id').where('user_id', '=', userId).execute();
    const makeDefault = isDefault || existing.length === 0;
    if (makeDefault)
      await trx.updateTable('user_sign_img').set({ is_default: 0 }).where('user_id', '=', userId).execute();
    const id = newId(now);
    await trx
      .insertInto('user_sign_img')
      .values({ id, user_id: userId, sign_img: signImg, is_default: makeDefault ? 1 : 0, created_at: now })
      .execute();
    return id;
  });
}

export async function setDefaultSignImg(db: Db, userId: string, id: string) {
  await inTransaction(db, async (trx) => {
    await lockUserRow(trx, userId);
    const row = await trx
      .selectFrom('user_sign_img')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound();
    await trx.updateTable('user_sign_img').set({ is_default: 0 }).where('user_id', '=', userId).execute();
    await trx.updateTable('user_sign_img').set({ is_default: 1 }).where('id', '=', id).execute();
  });
}

export async function deleteSignImg(db: Db, userId: string, id: string) {
  await inTransaction(db, async (trx) => {
    await lockUserRow(trx, userId);
    const row = await trx
      .deleteFrom('user_sign_img')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning('is_default')
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.is_default === 1) {
      const next = await trx
        .selectFrom('user_sign_img')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (next) await trx.updateTable('user_sign_img').set({ is_default: 1 }).where('id', '=', next.id).execute();
    }
  });
}
