import type { UserDetail } from '@atrium/shared';
import { inUnit, type UnitOfWork } from '../../core/unit-of-work.ts';
import { localizedFrame, type PushHub } from '../../core/push.ts';
import type { Db } from '../../db/index.ts';
import { inTransaction, type Tx } from '../../db/tx.ts';
import { fail, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { hashPassword, md5 } from '../../core/password.ts';
import { toggleEnabled } from '../../core/records.ts';
import { updateVersioned } from '../../core/versioned.ts';
import { insertUsers, newUserRow } from './user-row.ts';
import { deleteUserCredentials, setPasswordHash } from '../../core/credentials.ts';
import { authorityKeys, bumpAuthorityRevision } from '../../core/authority.ts';
import { isDictionaryItem } from '../system/dictionary/data-service.ts';
import type { UserFormInput } from './user-schema.ts';

type RelationType = 'Organize' | 'Position' | 'Role' | 'Group';

/**
 * The password a new user gets when an administrator creates or imports them: the sys_config row
 * `newUserDefaultPassword` when an administrator has set one, else this fallback. Users are asked
 * to change it after their first sign-in.
 */
export const FALLBACK_DEFAULT_PASSWORD = 'atrium123';

export async function defaultPasswordHash(db: Db | Tx): Promise<string> {
  const row = await db
    .selectFrom('sys_config')
    .select('value')
    .where('key', '=', 'newUserDefaultPassword')
    .executeTakeFirst();
  return hashPassword(md5(row?.value || FALLBACK_DEFAULT_PASSWORD));
}

/** Refuses ids that do not exist, naming the field; `currentGrade` may stay even when disabled since. */
async function checkReferences(trx: Tx, form: UserFormInput, selfId?: string, currentGrade?: string | null) {
  const checks: [string, 'organize' | 'position' | 'role' | 'user_group', string[]][] = [
    ['organizeIdList', 'organize', form.organizeIdList],
    ['positionIdList', 'position', form.positionIdList],
    ['roleIdList', 'role', form.roleIdList],
    ['groupIdList', 'user_group', form.groupIdList],
  ];
  for (const [field, table, ids] of checks) {
    const unique = [...new Set(ids)];
    if (!unique.length) continue;
    const found = await trx.selectFrom(table).select('id').where('id', 'in', unique).execute();
    if (found.length !== unique.length) throw fail('referenceMissing', { field });
  }
  if (form.managerId) {
    if (form.managerId === selfId) throw fail('managerSelf');
    const manager = await trx.selectFrom('users').select('id').where('id', '=', form.managerId).executeTakeFirst();
    if (!manager) throw fail('referenceMissing', { field: 'managerId' });
  }
  if (form.gradeId && form.gradeId !== currentGrade) {
    const grade = await trx.selectFrom('job_grade').select('enabled').where('id', '=', form.gradeId).executeTakeFirst();
    if (grade?.enabled !== 1) throw fail('referenceMissing', { field: 'gradeId' });
  }
  // Each field holds an item of the dictionary of the same code.
  for (const field of ['education', 'nation'] as const)
    if (!(await isDictionaryItem(trx, field, form[field]))) throw fail('referenceMissing', { field });
}

async function accountFree(trx: Tx, account: string, selfId?: string) {
  let q = trx.selectFrom('users').select('id').where('account', '=', account);
  if (selfId) q = q.where('id', '!=', selfId);
  if (await q.executeTakeFirst()) throw fail('accountTaken', { account });
}

function relationsOf(form: UserFormInput): [RelationType, string[]][] {
  return [
    ['Organize', [...new Set(form.organizeIdList)]],
    ['Position', [...new Set(form.positionIdList)]],
    ['Role', [...new Set(form.roleIdList)]],
    ['Group', [...new Set(form.groupIdList)]],
  ];
}

/** Replaces the user's memberships; returns whether anything changed. */
async function writeRelations(trx: Tx, userId: string, form: UserFormInput, now: number, by: string) {
  const existing = await trx
    .selectFrom('user_relation')
    .select(['object_type', 'object_id', 'sort_code'])
    .where('user_id', '=', userId)
    .orderBy('sort_code')
    .execute();
  const wanted = relationsOf(form).flatMap(([type, ids]) => ids.map((id, i) => `${type}:${id}:${i}`));
  const had = existing.map((r) => `${r.object_type}:${r.object_id}:${r.sort_code}`);
  const same = wanted.length === had.length && wanted.every((w) => had.includes(w));
  if (same) return false;
  await trx.deleteFrom('user_relation').where('user_id', '=', userId).execute();
  const rows = relationsOf(form).flatMap(([type, ids]) =>
    ids.map((objectId, i) => ({
      id: newId(now),
      user_id: userId,
      object_type: type,
      object_id: objectId,
      sort_code: i,
      created_at: now,
      created_by: by,
    })),
  );
  if (rows.length) await trx.insertInto('user_relation').values(rows).execute();
  return true;
}

/** The major position: the first chosen one, preferring a position of the major organisation. */
async function majorPosition(trx: Tx, form: UserFormInput): Promise<string | null> {
  if (!form.positionIdList.length) return null;
  const rows = await trx
    .selectFrom('position')
    .select(['id', 'organize_id'])
    .where('id', 'in', form.positionIdList)
    .execute();
  const major = form.organizeIdList[0];
  const inMajor = form.positionIdList.find((id) => rows.find((r) => r.id === id)?.organize_id === major);
  return inMajor ?? form.positionIdList[0]!;
}

export async function createUser(db: Db, form: UserFormInput, now: number, by: string): Promise<string> {
  const passwordHash = await defaultPasswordHash(db);
  return inTransaction(db, async (trx) => {
    await accountFree(trx, form.account);
    await checkReferences(trx, form);
    const id = newId(now);
    const system = await trx.selectFrom('app_system').select('id').orderBy('sort_code').executeTakeFirst();
    await insertUsers(trx, [
      newUserRow({
        id,
        account: form.account,
        real_name: form.realName,
        gender: form.gender ?? null,
        mobile_phone: form.mobilePhone,
        email: form.email,
        password_hash: passwordHash,
        manager_id: form.managerId ?? null,
        education: form.education ?? null,
        nation: form.nation ?? null,
        grade_id: form.gradeId ?? null,
        organize_id: form.organizeIdList[0]!,
        position_id: await majorPosition(trx, form),
        system_id: system?.id ?? null,
        enabled: form.enabledMark,
        sort_code: form.sortCode,
        description: form.description ?? null,
        created_at: now,
        created_by: by,
      }),
    ]);
    await writeRelations(trx, id, form, now, by);
    await bumpAuthorityRevision(trx, authorityKeys.user(id));
    return id;
  });
}

export async function updateUser(
  db: Db,
  id: string,
  form: UserFormInput & { version: number },
  now: number,
  by: string,
): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('users')
      .select(['id', 'enabled', 'is_administrator', 'grade_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) throw notFound();
    if (form.enabledMark === 0 && current.enabled === 1) {
      if (id === by) throw fail('userStateSelf');
      if (current.is_administrator === 1) throw fail('userStateAdmin');
    }
    await accountFree(trx, form.account, id);
    await checkReferences(trx, form, id, current.grade_id);
    await updateVersioned(trx, 'users', id, form.version, {
      account: form.account,
      real_name: form.realName,
      gender: form.gender ?? null,
      mobile_phone: form.mobilePhone,
      email: form.email,
      manager_id: form.managerId ?? null,
      education: form.education ?? null,
      nation: form.nation ?? null,
      // A client that does not know grades (the spreadsheet import) leaves the stored one alone.
      ...(form.gradeId !== undefined ? { grade_id: form.gradeId } : {}),
      organize_id: form.organizeIdList[0]!,
      position_id: await majorPosition(trx, form),
      enabled: form.enabledMark,
      sort_code: form.sortCode,
      description: form.description ?? null,
      updated_at: now,
      updated_by: by,
    });
    const changed = await writeRelations(trx, id, form, now, by);
    if (changed || form.enabledMark !== current.enabled) await bumpAuthorityRevision(trx, authorityKeys.user(id));
  });
}

export async function getUserInfo(db: Db, id: string): Promise<UserDetail> {
  const user = await db
    .selectFrom('users')
    .leftJoin('users as manager', 'manager.id', 'users.manager_id')
    .selectAll('users')
    .select(['manager.real_name as manager_name', 'manager.account as manager_account'])
    .where('users.id', '=', id)
    .executeTakeFirst();
  if (!user) throw notFound();
  const relations = await db
    .selectFrom('user_relation')
    .select(['object_type', 'object_id'])
    .where('user_id', '=', id)
    .orderBy('sort_code')
    .execute();
  const of = (type: RelationType) => relations.filter((r) => r.object_type === type).map((r) => r.object_id);
  const organizeIdList = of('Organize');
  // The major organisation first, as the form shows it.
  if (user.organize_id && organizeIdList.includes(user.organize_id)) {
    organizeIdList.splice(organizeIdList.indexOf(user.organize_id), 1);
    organizeIdList.unshift(user.organize_id);
  }
  return {
    id: user.id,
    account: user.account,
    realName: user.real_name,
    gender: user.gender,
    mobilePhone: user.mobile_phone,
    email: user.email,
    headIcon: user.head_icon,
    organizeIdList,
    positionIdList: of('Position'),
    roleIdList: of('Role'),
    groupIdList: of('Group'),
    managerId: user.manager_id,
    managerName: user.manager_name ? `${user.manager_name}/${user.manager_account}` : '',
    education: user.education,
    nation: user.nation,
    gradeId: user.grade_id,
    enabledMark: user.enabled,
    lockMark: user.lock_mark,
    isAdministrator: user.is_administrator,
    sortCode: user.sort_code,
    description: user.description ?? '',
    creatorTime: user.created_at,
    version: user.version,
  };
}

/**
 * Deletes a user with everything that lets anyone act as them; once committed, the user's open
 * tabs are told in their own language. Joins the caller's unit of work when given one.
 */
export async function deleteUser(
  target: Db | UnitOfWork,
  push: Pick<PushHub, 'toUsers'>,
  id: string,
  by: string,
): Promise<void> {
  await inUnit(target, async ({ trx, afterCommit }) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'is_administrator'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!user) throw notFound();
    if (user.is_administrator === 1) throw fail('userDeleteAdmin');
    if (id === by) throw fail('userDeleteSelf');
    await trx.updateTable('users').set({ manager_id: null }).where('manager_id', '=', id).execute();
    await trx.updateTable('organize').set({ manager_id: null }).where('manager_id', '=', id).execute();
    await trx.deleteFrom('authorize').where('object_type', '=', 'user').where('object_id', '=', id).execute();
    // Signatures and message receipts go with the row (ON DELETE CASCADE); the credential store
    // is another file on SQLite, out of the cascade's reach.
    await trx.deleteFrom('user_relation').where('user_id', '=', id).execute();
    await deleteUserCredentials(trx, id);
    await trx.deleteFrom('users').where('id', '=', id).execute();
    await bumpAuthorityRevision(trx, authorityKeys.user(id));
    afterCommit(() => push.toUsers([id], localizedFrame('logout', 'accountRemoved')));
  });
}

/** Enables or disables a user; a disabled user's sessions end and their open tabs are told once committed. */
export async function toggleUserState(
  target: Db | UnitOfWork,
  push: Pick<PushHub, 'toUsers'>,
  id: string,
  now: number,
  by: string,
): Promise<number> {
  return inUnit(target, async ({ trx, afterCommit }) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'enabled', 'is_administrator'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!user) throw notFound();
    if (id === by) throw fail('userStateSelf');
    if (user.is_administrator === 1 && user.enabled === 1) throw fail('userStateAdmin');
    const enabled = await toggleEnabled(trx, 'users', id, user, { userId: by, now });
    // A disabled user's cached authority must stop answering at once.
    await bumpAuthorityRevision(trx, authorityKeys.user(id));
    if (enabled === 0) {
      await trx.deleteFrom('session').where('user_id', '=', id).execute();
      afterCommit(() => push.toUsers([id], localizedFrame('logout', 'accountDisabled')));
    }
    return enabled;
  });
}

export async function resetPassword(db: Db, id: string, md5hex: string, now: number, by: string): Promise<void> {
  const passwordHash = await hashPassword(md5hex);
  await inTransaction(db, async (trx) => {
    const result = await trx
      .updateTable('users')
      .set({ lock_mark: 0, unlock_time: null, login_error_count: 0, updated_at: now, updated_by: by })
      .where('id', '=', id)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound();
    await setPasswordHash(trx, id, passwordHash);
  });
}
