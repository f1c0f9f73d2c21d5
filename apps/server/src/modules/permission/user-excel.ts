import { CONTROL_CHARS } from '../../core/record-schema.ts';
import {
  IMPORT_MAX_ROWS,
  patterns,
  USER_IMPORT_COLUMNS,
  type ImportPreview,
  type ImportResult,
  type UserImportRow,
} from '@atrium/shared';
import type { Db } from '../../db/index.ts';
import { inTransaction } from '../../db/tx.ts';
import { fail } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { MessageKey, MessageParams } from '../../core/messages.ts';
import { insertUsers, newUserRow } from './user-row.ts';
import { bumpAuthorityRevision } from '../../core/authority.ts';
import { writeSheet } from '../../core/excel-thread.ts';
import type { FileStorage } from '../../core/storage.ts';
import { readSpreadsheetRows, SPREADSHEET_NAME } from '../file/spreadsheet-import.ts';
import { defaultPasswordHash } from './user-service.ts';
import { organizeNames } from './users.ts';

type T = (key: MessageKey, params?: MessageParams) => string;

export const IMPORT_DIR = 'userImport';
export const EXPORT_DIR = 'userExport';
export const FILE_NAME = SPREADSHEET_NAME;

const HEADER_KEYS: Record<keyof UserImportRow, MessageKey> = {
  account: 'userColAccount',
  realName: 'userColRealName',
  gender: 'userColGender',
  mobilePhone: 'userColMobilePhone',
  email: 'userColEmail',
  organize: 'userColOrganize',
  position: 'userColPosition',
  role: 'userColRole',
  description: 'userColDescription',
};

export function headerRow(t: T): ImportPreview['headerRow'] {
  return USER_IMPORT_COLUMNS.map((id) => ({ id, fullName: t(HEADER_KEYS[id]) }));
}

export async function writeUserWorkbook(
  t: T,
  rows: (UserImportRow & { errorsInfo?: string })[],
  withErrors = false,
): Promise<Buffer> {
  const columns = headerRow(t).map((h) => ({ header: h.fullName, key: h.id, width: 18 }));
  if (withErrors) columns.push({ header: t('colErrorsInfo'), key: 'errorsInfo', width: 40 });
  return writeSheet(t('userSheetName'), columns, rows as unknown as Record<string, string>[]);
}

/** Reads the rows of an uploaded user workbook (first sheet, header in row 1, columns in the template's order). */
export async function readUploadedRows(storage: FileStorage, fileName: string): Promise<UserImportRow[]> {
  return readSpreadsheetRows(storage, IMPORT_DIR, fileName, USER_IMPORT_COLUMNS);
}

const GENDERS: Record<string, number> = { 男: 1, 女: 2, male: 1, female: 2, m: 1, f: 2, '1': 1, '2': 2 };
const splitNames = (value: string) =>
  value
    .split(/[,，;；、]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Checks every row, reporting each row's problems; the rows that pass are created in one transaction. */
export async function importUsers(
  db: Db,
  rows: UserImportRow[],
  t: T,
  now: number,
  by: string,
): Promise<ImportResult<UserImportRow>> {
  if (rows.length > IMPORT_MAX_ROWS) throw fail('importTooManyRows', { max: IMPORT_MAX_ROWS });
  if (!rows.length) throw fail('importEmpty');
  const [orgs, positions, roles, system] = await Promise.all([
    organizeNames(db),
    db.selectFrom('position').select(['id', 'organize_id', 'full_name', 'en_code']).execute(),
    db.selectFrom('role').select(['id', 'full_name', 'en_code']).execute(),
    db.selectFrom('app_system').select('id').orderBy('sort_code').executeTakeFirst(),
  ]);
  const accounts = rows.map((r) => r.account.trim()).filter(Boolean);
  const taken = new Set(
    accounts.length
      ? (await db.selectFrom('users').select('account').where('account', 'in', accounts).execute()).map(
          (u) => u.account,
        )
      : [],
  );
  const seen = new Map<string, number>();
  for (const a of accounts) seen.set(a, (seen.get(a) ?? 0) + 1);

  const orgList = [...orgs.values()];
  const findOrg = (name: string): { id?: string; error?: string } => {
    const byPath = orgList.filter((o) => o.path === name);
    if (byPath.length === 1) return { id: byPath[0]!.id };
    const byName = orgList.filter((o) => o.fullName === name);
    if (byName.length === 1) return { id: byName[0]!.id };
    if (byName.length > 1) return { error: t('importOrganizeAmbiguous', { name }) };
    return { error: t('importOrganizeMissing', { name }) };
  };

  const good: {
    row: UserImportRow;
    organizeId: string;
    positionIds: string[];
    roleIds: string[];
    gender: number | null;
  }[] = [];
  const failResult: (UserImportRow & { errorsInfo: string })[] = [];
  for (const raw of rows) {
    const row = Object.fromEntries(
      USER_IMPORT_COLUMNS.map((k) => [k, String(raw[k] ?? '').trim()]),
    ) as unknown as UserImportRow;
    const errors: string[] = [];
    if (!row.account) errors.push(t('importAccountRequired'));
    else if (!patterns.account.test(row.account) || row.account.length > 50) errors.push(t('importAccountFormat'));
    else if ((seen.get(row.account) ?? 0) > 1) errors.push(t('importAccountDuplicate'));
    else if (taken.has(row.account)) errors.push(t('importAccountTaken'));
    if (!row.realName) errors.push(t('importRealNameRequired'));
    else if (row.realName.length > 50) errors.push(t('importTooLong', { field: t('userColRealName') }));
    else if (CONTROL_CHARS.test(row.realName)) errors.push(t('importControlChars', { field: t('userColRealName') }));
    let gender: number | null = null;
    if (row.gender) {
      gender = GENDERS[row.gender.toLowerCase()] ?? null;
      if (gender === null) errors.push(t('importGender'));
    }
    if (row.mobilePhone && !patterns.mobile.test(row.mobilePhone)) errors.push(t('importMobile'));
    if (row.email && (!patterns.email.test(row.email) || row.email.length > 100)) errors.push(t('importEmail'));
    if (row.description.length > 500) errors.push(t('importTooLong', { field: t('userColDescription') }));
    let organizeId = '';
    if (!row.organize) errors.push(t('importOrganizeRequired'));
    else {
      const found = findOrg(row.organize);
      if (found.error) errors.push(found.error);
      else organizeId = found.id!;
    }
    const positionIds: string[] = [];
    for (const name of splitNames(row.position)) {
      const match =
        positions.find((p) => p.organize_id === organizeId && p.full_name === name) ??
        positions.find((p) => p.en_code === name) ??
        (positions.filter((p) => p.full_name === name).length === 1
          ? positions.find((p) => p.full_name === name)
          : undefined);
      if (match) positionIds.push(match.id);
      else errors.push(t('importPositionMissing', { name }));
    }
    const roleIds: string[] = [];
    for (const name of splitNames(row.role)) {
      const match = roles.find((r) => r.full_name === name) ?? roles.find((r) => r.en_code === name);
      if (match) roleIds.push(match.id);
      else errors.push(t('importRoleMissing', { name }));
    }
    if (errors.length) failResult.push({ ...row, errorsInfo: errors.join('; ') });
    else good.push({ row, organizeId, positionIds: [...new Set(positionIds)], roleIds: [...new Set(roleIds)], gender });
  }

  if (good.length) {
    const passwordHash = await defaultPasswordHash(db);
    await inTransaction(db, async (trx) => {
      for (const g of good) {
        const id = newId(now);
        await insertUsers(trx, [
          newUserRow({
            id,
            account: g.row.account,
            real_name: g.row.realName,
            gender: g.gender,
            mobile_phone: g.row.mobilePhone,
            email: g.row.email,
            password_hash: passwordHash,
            organize_id: g.organizeId,
            position_id: g.positionIds[0] ?? null,
            system_id: system?.id ?? null,
            description: g.row.description || null,
            created_at: now,
            created_by: by,
          }),
        ]);
        const relation = (type: 'Organize' | 'Position' | 'Role', objectId: string, i: number) => ({
          id: newId(now),
          user_id: id,
          object_type: type,
          object_id: objectId,
          sort_code: i,
          created_at: now,
          created_by: by,
        });
        await trx
          .insertInto('user_relation')
          .values([
            relation('Organize', g.organizeId, 0),
            ...g.positionIds.map((p, i) => relation('Position', p, i)),
            ...g.roleIds.map((r, i) => relation('Role', r, i)),
          ])
          .execute();
      }
      await bumpAuthorityRevision(trx);
    });
  }
  return { resultType: failResult.length ? 1 : 0, snum: good.length, fnum: failResult.length, failResult };
}

/** The rows of an export: users with their major organisation path, position and role names. */
export async function exportRows(db: Db, userIds: string[], t: T): Promise<UserImportRow[]> {
  if (!userIds.length) return [];
  const orgs = await organizeNames(db);
  const users: {
    id: string;
    account: string;
    real_name: string;
    gender: number | null;
    mobile_phone: string;
    email: string;
    organize_id: string | null;
    description: string | null;
  }[] = [];
  const relations: { user_id: string; object_type: string; name: string }[] = [];
  // Chunked so that the IN lists stay within the parameter limits of both databases.
  for (let i = 0; i < userIds.length; i += 500) {
    const chunk = userIds.slice(i, i + 500);
    users.push(
      ...(await db
        .selectFrom('users')
        .select(['id', 'account', 'real_name', 'gender', 'mobile_phone', 'email', 'organize_id', 'description'])
        .where('id', 'in', chunk)
        .execute()),
    );
    relations.push(
      ...(await db
        .selectFrom('user_relation')
        .innerJoin('position', 'position.id', 'user_relation.object_id')
        .select(['user_relation.user_id', 'user_relation.object_type', 'position.full_name as name'])
        .where('user_relation.object_type', '=', 'Position')
        .where('user_relation.user_id', 'in', chunk)
        .orderBy('user_relation.sort_code')
        .execute()),
      ...(await db
        .selectFrom('user_relation')
        .innerJoin('role', 'role.id', 'user_relation.object_id')
        .select(['user_relation.user_id', 'user_relation.object_type', 'role.full_name as name'])
        .where('user_relation.object_type', '=', 'Role')
        .where('user_relation.user_id', 'in', chunk)
        .orderBy('user_relation.sort_code')
        .execute()),
    );
  }
  const byId = new Map(users.map((u) => [u.id, u]));
  const grouped = new Map<string, string[]>();
  for (const r of relations) {
    const key = `${r.user_id}:${r.object_type}`;
    grouped.set(key, [...(grouped.get(key) ?? []), r.name]);
  }
  const names = (userId: string, type: string) => (grouped.get(`${userId}:${type}`) ?? []).join(',');
  return userIds.flatMap((id) => {
    const u = byId.get(id);
    if (!u) return [];
    return [
      {
        account: u.account,
        realName: u.real_name,
        gender: u.gender === 1 ? t('genderMale') : u.gender === 2 ? t('genderFemale') : '',
        mobilePhone: u.mobile_phone,
        email: u.email,
        organize: u.organize_id ? (orgs.get(u.organize_id)?.path ?? '') : '',
        position: names(id, 'Position'),
        role: names(id, 'Role'),
        description: u.description ?? '',
      },
    ];
  });
}
