import type { GradeInfo, GradeListItem, GradeOption } from '@atrium/shared';
import type { Db, Dialect } from '../../db/index.ts';
import { inTransaction, type Tx } from '../../db/tx.ts';
import { notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { countedPage, pageOf, type PageQuery } from '../../core/paging.ts';
import {
  createdColumns,
  namedRecordFields,
  removeUnreferenced,
  toggleEnabled,
  updatedColumns,
  type Actor,
} from '../../core/records.ts';
import { containsAny } from '../../core/sql.ts';
import { insertWithUniqueCode, writeWithUniqueCode } from '../../core/unique-code.ts';
import { updateVersioned } from '../../core/versioned.ts';
import { badField, countOf, type Translate } from './common.ts';
import type { GradeBody } from './grade-schema.ts';

/** How many positions and users carry a grade, as two subqueries of a grade row. */
function carriers(db: Db | Tx, table: 'position' | 'users', gradeId: string) {
  return db
    .selectFrom(table as 'position')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('grade_id', '=', gradeId)
    .executeTakeFirst()
    .then(countOf);
}

/** One page of grades by keyword (name or code), in sort order then level. */
export async function listGrades(db: Db, dialect: Dialect, query: PageQuery) {
  let base = db.selectFrom('job_grade');
  if (query.keyword)
    base = base.where((eb) => containsAny(eb, dialect, ['job_grade.full_name', 'job_grade.en_code'], query.keyword));
  const { total, rows } = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    base
      .selectAll('job_grade')
      .select((eb) => [
        eb
          .selectFrom('position')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('position.grade_id', '=', 'job_grade.id')
          .as('position_count'),
        eb
          .selectFrom('users')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('users.grade_id', '=', 'job_grade.id')
          .as('user_count'),
      ])
      .orderBy('job_grade.sort_code')
      .orderBy('job_grade.grade_level')
      .orderBy('job_grade.id'),
  );
  const list: GradeListItem[] = rows.map((r) => ({
    ...namedRecordFields(r),
    gradeLevel: r.grade_level,
    creatorTime: r.created_at,
    positionCount: Number(r.position_count ?? 0),
    userCount: Number(r.user_count ?? 0),
  }));
  return pageOf(list, query, total);
}

export async function gradeInfo(db: Db, id: string): Promise<GradeInfo> {
  const r = await db.selectFrom('job_grade').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound();
  return { ...namedRecordFields(r), gradeLevel: r.grade_level, version: r.version };
}

/** Enabled grades for the position and user dialogs' pickers. */
export async function gradeOptions(db: Db): Promise<GradeOption[]> {
  const rows = await db
    .selectFrom('job_grade')
    .select(['id', 'full_name', 'en_code', 'grade_level'])
    .where('enabled', '=', 1)
    .orderBy('sort_code')
    .orderBy('grade_level')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, fullName: r.full_name, enCode: r.en_code, gradeLevel: r.grade_level }));
}

/**
 * 400 naming `gradeId` unless the grade exists and is enabled; positions and users check the grade
 * they are given with it. A grade that was disabled stays on records that already carry it, so a
 * record may keep `keep` (its current grade) when it is saved again.
 */
export async function checkGrade(db: Db | Tx, t: Translate, gradeId: string | null | undefined, keep?: string | null) {
  if (!gradeId || gradeId === keep) return;
  const grade = await db.selectFrom('job_grade').select('enabled').where('id', '=', gradeId).executeTakeFirst();
  if (!grade) throw badField(t, 'gradeId', 'gradeMissing');
  if (grade.enabled !== 1) throw badField(t, 'gradeId', 'gradeDisabled');
}

const columns = (body: GradeBody) => ({
  full_name: body.fullName,
  en_code: body.enCode,
  grade_level: body.gradeLevel,
  description: body.description || null,
  enabled: body.enabledMark,
  sort_code: body.sortCode,
});

export async function createGrade(db: Db, body: GradeBody, actor: Actor): Promise<string> {
  const id = newId(actor.now);
  await inTransaction(db, (trx) =>
    insertWithUniqueCode(trx, 'job_grade', { id, ...columns(body), ...createdColumns(actor) }),
  );
  return id;
}

export async function updateGrade(db: Db, id: string, body: GradeBody & { version: number }, actor: Actor) {
  await inTransaction(db, async (trx) => {
    const current = await trx.selectFrom('job_grade').select('id').where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound();
    await writeWithUniqueCode(trx, 'job_grade', body.enCode, id, () =>
      updateVersioned(trx, 'job_grade', id, body.version, { ...columns(body), ...updatedColumns(actor) }),
    );
  });
}

/** Deletes a grade that no position and no user carries (400 naming what still does). */
export async function removeGrade(db: Db, id: string) {
  await inTransaction(db, (trx) =>
    removeUnreferenced(trx, 'job_grade', id, async () => [
      ['gradeHasPositions', await carriers(trx, 'position', id)],
      ['gradeHasUsers', await carriers(trx, 'users', id)],
    ]),
  );
}

export async function toggleGradeState(db: Db, id: string, actor: Actor): Promise<number> {
  return inTransaction(db, async (trx) => {
    const grade = await trx.selectFrom('job_grade').select(['id', 'enabled']).where('id', '=', id).executeTakeFirst();
    if (!grade) throw notFound();
    return toggleEnabled(trx, 'job_grade', id, grade, actor);
  });
}
