import {
  parseSchemeRules,
  type DataSchemeInfo,
  type MatchLogic,
  type ModuleElementInfo,
  type ModuleElementKind,
} from '@atrium/shared';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import type { MenuElementTable, MenuResourceTable } from '../../db/schema.ts';
import { inTransaction, type Tx } from '../../db/tx.ts';
import { notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { updateVersioned } from '../../core/versioned.ts';
import { bumpAuthorityRevision } from '../../core/authority.ts';
import { schemeFieldList, schemeFieldsOf } from './data-scheme.ts';
import { createdColumns, updatedColumns } from '../../core/records.ts';
import { codeGuard } from '../../core/unique-code.ts';
import { badField, type Translate } from './menu-service.ts';
import type { elementBody, elementUpdateBody, schemeBody, schemeUpdateBody } from './schema.ts';

// ---------------------------------------------------------------------------------------------
// Buttons, list columns and form fields of a menu
// ---------------------------------------------------------------------------------------------

function elementInfo(e: MenuElementTable): ModuleElementInfo {
  return {
    id: e.id,
    moduleId: e.menu_id,
    fullName: e.full_name,
    enCode: e.en_code,
    sortCode: e.sort_code,
    enabledMark: e.enabled,
    version: e.version,
    creatorTime: e.created_at,
  };
}

async function menuExists(db: Db | Tx, moduleId: string): Promise<boolean> {
  return !!(await db.selectFrom('menu').select('id').where('id', '=', moduleId).executeTakeFirst());
}

export async function listElements(db: Db, kind: ModuleElementKind, moduleId: string, keyword: string) {
  if (!(await menuExists(db, moduleId))) throw notFound();
  const rows = await db
    .selectFrom('menu_element')
    .selectAll()
    .where('menu_id', '=', moduleId)
    .where('kind', '=', kind)
    .orderBy('sort_code')
    .orderBy('id')
    .execute();
  const k = keyword.toLowerCase();
  return {
    list: rows
      .filter((r) => !k || r.full_name.toLowerCase().includes(k) || r.en_code.toLowerCase().includes(k))
      .map(elementInfo),
  };
}

export async function getElement(db: Db, kind: ModuleElementKind, id: string) {
  const row = await db
    .selectFrom('menu_element')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', kind)
    .executeTakeFirst();
  if (!row) throw notFound();
  return elementInfo(row);
}

export async function createElement(
  db: Db,
  t: Translate,
  kind: ModuleElementKind,
  body: z.infer<typeof elementBody>,
  userId: string,
  now: number,
) {
  const id = newId(now);
  await codeGuard(body.enCode, () =>
    inTransaction(db, async (trx) => {
      if (!(await menuExists(trx, body.moduleId))) throw badField(t, 'moduleId', 'fieldValue');
      await trx
        .insertInto('menu_element')
        .values({
          id,
          menu_id: body.moduleId,
          kind,
          full_name: body.fullName,
          en_code: body.enCode,
          sort_code: body.sortCode,
          enabled: body.enabledMark,
          ...createdColumns({ userId, now }),
        })
        .execute();
      await bumpAuthorityRevision(trx);
    }),
  );
  return id;
}

export async function updateElement(
  db: Db,
  kind: ModuleElementKind,
  id: string,
  body: z.infer<typeof elementUpdateBody>,
  userId: string,
  now: number,
) {
  await codeGuard(body.enCode, () =>
    inTransaction(db, async (trx) => {
      const row = await trx
        .selectFrom('menu_element')
        .select('id')
        .where('id', '=', id)
        .where('kind', '=', kind)
        .executeTakeFirst();
      if (!row) throw notFound();
      await updateVersioned(trx, 'menu_element', id, body.version, {
        full_name: body.fullName,
        en_code: body.enCode,
        sort_code: body.sortCode,
        enabled: body.enabledMark,
        ...updatedColumns({ userId, now }),
      });
      await bumpAuthorityRevision(trx);
    }),
  );
}

export async function deleteElement(db: Db, kind: ModuleElementKind, id: string) {
  await inTransaction(db, async (trx) => {
    const result = await trx
      .deleteFrom('menu_element')
      .where('id', '=', id)
      .where('kind', '=', kind)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound();
    await trx.deleteFrom('authorize').where('item_type', '=', kind).where('item_id', '=', id).execute();
    await bumpAuthorityRevision(trx);
  });
}

// ---------------------------------------------------------------------------------------------
// Data schemes
// ---------------------------------------------------------------------------------------------

function schemeInfo(r: MenuResourceTable): DataSchemeInfo {
  return {
    id: r.id,
    moduleId: r.menu_id,
    fullName: r.full_name,
    enCode: r.en_code,
    conditionJson: r.condition_json,
    matchLogic: r.match_logic as MatchLogic,
    allData: r.all_data,
    sortCode: r.sort_code,
    enabledMark: r.enabled,
    version: r.version,
    creatorTime: r.created_at,
  };
}

/** The fields a menu's list offers to schemes; none when the list applies no schemes. */
export async function schemeFields(db: Db, moduleId: string) {
  const menu = await db.selectFrom('menu').select('en_code').where('id', '=', moduleId).executeTakeFirst();
  if (!menu) throw notFound();
  return { list: schemeFieldList(schemeFieldsOf(menu.en_code)) };
}

export async function listSchemes(db: Db, moduleId: string, keyword: string) {
  if (!(await menuExists(db, moduleId))) throw notFound();
  const rows = await db
    .selectFrom('menu_resource')
    .selectAll()
    .where('menu_id', '=', moduleId)
    .orderBy('sort_code')
    .orderBy('id')
    .execute();
  const k = keyword.toLowerCase();
  return {
    list: rows
      .filter((r) => !k || r.full_name.toLowerCase().includes(k) || r.en_code.toLowerCase().includes(k))
      .map(schemeInfo),
  };
}

export async function getScheme(db: Db, id: string) {
  const row = await db.selectFrom('menu_resource').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return schemeInfo(row);
}

/** Refuses conditionJson that does not parse or names a field the menu's list does not offer. */
async function checkScheme(
  trx: Tx,
  t: Translate,
  moduleId: string,
  body: { conditionJson: string; allData: number },
): Promise<string> {
  const menu = await trx.selectFrom('menu').select('en_code').where('id', '=', moduleId).executeTakeFirst();
  if (!menu) throw badField(t, 'moduleId', 'fieldValue');
  const result = parseSchemeRules(
    body.conditionJson || '[]',
    schemeFieldList(schemeFieldsOf(menu.en_code)),
    body.allData === 1,
  );
  if ('rules' in result) return JSON.stringify(result.rules);
  const n = 'index' in result ? result.index + 1 : 0;
  const key = {
    json: 'problemSchemeJson',
    notList: 'problemSchemeNotList',
    empty: 'problemSchemeEmpty',
    tooMany: 'problemSchemeTooMany',
    rule: 'problemSchemeRule',
    field: 'problemSchemeField',
    op: 'problemSchemeOp',
    value: 'problemSchemeValue',
    variable: 'problemSchemeVariable',
  } as const;
  throw badField(t, 'conditionJson', key[result.problem], {
    n,
    field: 'field' in result ? result.field : '',
  });
}

export async function createScheme(
  db: Db,
  t: Translate,
  body: z.infer<typeof schemeBody>,
  userId: string,
  now: number,
) {
  const id = newId(now);
  await codeGuard(body.enCode, () =>
    inTransaction(db, async (trx) => {
      const conditionJson = await checkScheme(trx, t, body.moduleId, body);
      await trx
        .insertInto('menu_resource')
        .values({
          id,
          menu_id: body.moduleId,
          full_name: body.fullName,
          en_code: body.enCode,
          condition_json: conditionJson,
          match_logic: body.matchLogic,
          all_data: body.allData,
          sort_code: body.sortCode,
          enabled: body.enabledMark,
          ...createdColumns({ userId, now }),
        })
        .execute();
      await bumpAuthorityRevision(trx);
    }),
  );
  return id;
}

export async function updateScheme(
  db: Db,
  t: Translate,
  id: string,
  body: z.infer<typeof schemeUpdateBody>,
  userId: string,
  now: number,
) {
  await codeGuard(body.enCode, () =>
    inTransaction(db, async (trx) => {
      const row = await trx.selectFrom('menu_resource').select('menu_id').where('id', '=', id).executeTakeFirst();
      if (!row) throw notFound();
      const conditionJson = await checkScheme(trx, t, row.menu_id, body);
      await updateVersioned(trx, 'menu_resource', id, body.version, {
        full_name: body.fullName,
        en_code: body.enCode,
        condition_json: conditionJson,
        match_logic: body.matchLogic,
        all_data: body.allData,
        sort_code: body.sortCode,
        enabled: body.enabledMark,
        ...updatedColumns({ userId, now }),
      });
      await bumpAuthorityRevision(trx);
    }),
  );
}

export async function deleteScheme(db: Db, id: string) {
  await inTransaction(db, async (trx) => {
    const result = await trx.deleteFrom('menu_resource').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound();
    await trx.deleteFrom('authorize').where('item_type', '=', 'resource').where('item_id', '=', id).execute();
    await bumpAuthorityRevision(trx);
  });
}
