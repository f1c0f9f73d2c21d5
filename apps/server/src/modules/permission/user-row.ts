import type { Kysely, Transaction } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

type Required = 'id' | 'account' | 'real_name' | 'created_at';

/** A user to add: the users row and the password hash that goes to the credential store. */
export type NewUser = UsersTable & { password_hash: string };

/** A new user row: the given fields over the defaults of an enabled account that never signed in. */
export function newUserRow(fields: Pick<NewUser, Required | 'password_hash'> & Partial<UsersTable>): NewUser {
  return {
    gender: null,
    head_icon: '',
    mobile_phone: '',
    email: '',
    is_administrator: 0,
    manager_id: null,
    organize_id: null,
    position_id: null,
    system_id: null,
    theme: 'blend',
    language: '',
    lock_mark: 0,
    unlock_time: null,
    login_error_count: 0,
    last_login_time: null,
    last_login_ip: null,
    last_login_place: null,
    prev_login_time: null,
    prev_login_ip: null,
    prev_login_place: null,
    description: null,
    version: 0,
    preferences: '{}',
    education: null,
    nation: null,
    grade_id: null,
    created_by: null,
    updated_at: null,
    updated_by: null,
    enabled: 1,
    sort_code: 0,
    ...fields,
  };
}

/**
 * Adds users with their password hashes: the row to `users`, the hash to `user_credential` (the
 * credential store, which admin-written SQL cannot see). One place, so no writer forgets either half.
 */
export async function insertUsers(db: Kysely<Database> | Transaction<Database>, users: readonly NewUser[]) {
  if (!users.length) return;
  await db
    .insertInto('users')
    .values(users.map(({ password_hash: _hash, ...row }) => row))
    .execute();
  await db
    .insertInto('user_credential')
    .values(users.map((u) => ({ user_id: u.id, password_hash: u.password_hash })))
    .execute();
}
