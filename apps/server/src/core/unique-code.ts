import type { Insertable } from 'kysely';
import type { Db } from '../db/index.ts';
import type { Database } from '../db/schema.ts';
import { fail } from './errors.ts';

/** Tables whose records carry a unique `en_code` (organisations, positions, groups, roles, grades, form models). */
export type CodedTable = 'organize' | 'position' | 'user_group' | 'role' | 'job_grade' | 'visualdev_model';

/** A unique-constraint clash on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || e.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/i.test(e.message ?? '');
}

/**
 * Runs a write whose enCode must be unique. The pre-check (assertCodeFree) gives the message in the
 * common case; the database constraint stays the final word, so two concurrent creates cannot both
 * succeed, and the loser still gets codeTaken rather than a server error.
 */
export async function codeGuard<T>(code: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error)) throw fail('codeTaken', { code });
    throw error;
  }
}

/** 400 codeTaken when another record (not `exceptId`, the one being saved) already uses the code. */
export async function assertCodeFree(db: Db, table: CodedTable, code: string, exceptId?: string): Promise<void> {
  let q = db.selectFrom(table).select('id').where('en_code', '=', code);
  if (exceptId) q = q.where('id', '!=', exceptId);
  if (await q.executeTakeFirst()) throw fail('codeTaken', { code });
}

/** The pre-check and the constraint guard around one insert or update of a coded record. */
export async function writeWithUniqueCode<T>(
  db: Db,
  table: CodedTable,
  code: string,
  exceptId: string | undefined,
  write: () => Promise<T>,
): Promise<T> {
  await assertCodeFree(db, table, code, exceptId);
  return codeGuard(code, write);
}

/** Inserts a new coded record, refusing a code that is taken (see writeWithUniqueCode). */
export async function insertWithUniqueCode<T extends CodedTable>(
  db: Db,
  table: T,
  values: Insertable<Database[T]> & { en_code: string },
): Promise<void> {
  await writeWithUniqueCode(db, table, values.en_code, undefined, async () => {
    // Kysely cannot narrow a generic table name; the runtime statement is the plain one below.
    await db
      .insertInto(table as 'organize')
      .values(values as Insertable<Database['organize']>)
      .execute();
  });
}
