import type { Migration } from 'kysely';
import * as foundation from './001-foundation.ts';
import * as shell from './002-shell.ts';
import * as authorize from './003-authorize.ts';
import * as usersAdmin from './004-users-admin.ts';

/** Every migration in order; the names are recorded in the database and must never change. */
export const migrations: Record<string, Migration> = {
  '001-foundation': foundation,
  '002-shell': shell,
  '003-authorize': authorize,
  '004-users-admin': usersAdmin,
};
