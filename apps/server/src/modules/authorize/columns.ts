import { parseColumnSettings, type ColumnSetting } from '@atrium/shared';
import type { Db } from '../../db/index.ts';
import { forbidden, notFound } from '../../core/errors.ts';
import type { Authority } from '../../core/authority.ts';
import { badField, type Translate } from './menu-service.ts';

/** A user stores column settings only for a menu they can see (administrators: any menu). */
async function checkModule(db: Db, authority: Authority, moduleId: string) {
  const menu = await db.selectFrom('menu').select('id').where('id', '=', moduleId).executeTakeFirst();
  if (!menu) throw notFound();
  if (authority.user.is_administrator !== 1 && !authority.menus.some((m) => m.id === moduleId)) throw forbidden();
}

/** The caller's saved columns of a menu; an empty list means "the list's own default". */
export async function getColumns(db: Db, authority: Authority, moduleId: string): Promise<ColumnSetting[]> {
  await checkModule(db, authority, moduleId);
  const row = await db
    .selectFrom('column_setting')
    .select('field_list')
    .where('user_id', '=', authority.user.id)
    .where('module_id', '=', moduleId)
    .executeTakeFirst();
  return (row && parseColumnSettings(row.field_list)) ?? [];
}

export async function setColumns(
  db: Db,
  t: Translate,
  authority: Authority,
  moduleId: string,
  fieldList: string,
  now: number,
): Promise<ColumnSetting[]> {
  const list = parseColumnSettings(fieldList);
  if (!list) throw badField(t, 'fieldList', 'fieldFormat');
  await checkModule(db, authority, moduleId);
  const text = JSON.stringify(list);
  await db
    .insertInto('column_setting')
    .values({ user_id: authority.user.id, module_id: moduleId, field_list: text, updated_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'module_id']).doUpdateSet({ field_list: text, updated_at: now }))
    .execute();
  return list;
}
