import type { UsersTable } from '../schema.ts';

type Required = 'id' | 'account' | 'real_name' | 'password_hash' | 'created_at';

/** A new user row: the given fields over the defaults of an enabled account that never signed in. */
export function newUserRow(fields: Pick<UsersTable, Required> & Partial<UsersTable>): UsersTable {
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
    created_by: null,
    updated_at: null,
    updated_by: null,
    enabled: 1,
    sort_code: 0,
    ...fields,
  };
}
