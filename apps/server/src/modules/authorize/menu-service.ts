import {
  MENU_TYPES_WITH_ADDRESS,
  type LinkTarget,
  type MenuInfo,
  type MenuSelectorNode,
  type SystemInfo,
} from '@atrium/shared';
import type { z } from 'zod';
import type { Db } from '../../db/index.ts';
import type { AppSystemTable, MenuTable } from '../../db/schema.ts';
import { inTransaction, type Tx } from '../../db/tx.ts';
import { fail, notFound, type AppError } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import type { Language, MessageKey, MessageParams } from '../../core/messages.ts';
import { createdColumns, toggleEnabled, updatedColumns, type Actor } from '../../core/records.ts';
import { codeGuard } from '../../core/unique-code.ts';
import { updateVersioned } from '../../core/versioned.ts';
import { authorityKeys, bumpAuthorityRevision } from '../../core/authority.ts';
import { nameIn, nameMatches, nameTranslationsJson, parseNameTranslations, type NameTranslations } from './names.ts';
import type { menuBody, menuUpdateBody, systemBody, systemUpdateBody } from './schema.ts';

/** Translates a problem in the caller's language (request.t). */
export type Translate = (key: MessageKey, params?: MessageParams) => string;

/** 400 naming the field, for rules zod cannot express (cross-field and database checks). */
export function badField(t: Translate, field: string, problem: MessageKey, params?: MessageParams): AppError {
  return fail('invalidField', { field, problem: t(problem, params) });
}

// ---------------------------------------------------------------------------------------------
// Systems
// ---------------------------------------------------------------------------------------------

/**
 * A system or menu as the management screens get it: `fullNameI18n` holds the names in the other
 * languages. `fullName` is the zh-CN name in one record's answer (the edit form), the caller's
 * language in lists.
 */
type WithTranslations<T> = T & { fullNameI18n: NameTranslations };

function systemInfo(s: AppSystemTable, menuCount?: number, language?: Language): WithTranslations<SystemInfo> {
  return {
    id: s.id,
    fullName: language ? nameIn(s, language) : s.full_name,
    fullNameI18n: parseNameTranslations(s.full_name_i18n),
    enCode: s.en_code,
    icon: s.icon,
    description: s.description ?? '',
    sortCode: s.sort_code,
    enabledMark: s.enabled,
    version: s.version,
    creatorTime: s.created_at,
    ...(menuCount === undefined ? {} : { menuCount }),
  };
}

export async function listSystems(db: Db, keyword: string, language: Language) {
  const [systems, counts] = await Promise.all([
    db.selectFrom('app_system').selectAll().orderBy('sort_code').orderBy('id').execute(),
    db
      .selectFrom('menu')
      .select(['system_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('system_id')
      .execute(),
  ]);
  const n = new Map(counts.map((c) => [c.system_id, Number(c.n)]));
  const k = keyword.toLowerCase();
  return {
    list: systems.filter((s) => !k || nameMatches(s, k)).map((s) => systemInfo(s, n.get(s.id) ?? 0, language)),
  };
}

export async function getSystem(db: Db | Tx, id: string): Promise<WithTranslations<SystemInfo>> {
  const row = await db.selectFrom('app_system').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return systemInfo(row);
}

export async function createSystem(db: Db, body: z.infer<typeof systemBody>, userId: string, now: number) {
  const id = newId(now);
  await codeGuard(body.enCode, () =>
    inTransaction(db, async (trx) => {
      await trx
        .insertInto('app_system')
        .values({
          id,
          full_name: body.fullName,
          full_name_i18n: nameTranslationsJson(body.fullNameI18n),
          en_code: body.enCode,
          icon: body.icon,
          description: body.description,
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

export async function updateSystem(
  db: Db,
  id: string,
  body: z.infer<typeof systemUpdateBody>,
  userId: string,
  now: number,
) {
  await codeGuard(body.enCode, () =>
    inTransaction(db, async (trx) => {
      await updateVersioned(trx, 'app_system', id, body.version, {
        full_name: body.fullName,
        // A client that does not know translations leaves them as they were.
        ...(body.fullNameI18n ? { full_name_i18n: nameTranslationsJson(body.fullNameI18n) } : {}),
        en_code: body.enCode,
        icon: body.icon,
        description: body.description,
        sort_code: body.sortCode,
        enabled: body.enabledMark,
        ...updatedColumns({ userId, now }),
      });
      await bumpAuthorityRevision(trx);
    }),
  );
}

/** Flips enabled; the row's version moves on so an open edit form of it gets 409. */
function toggleEntry(db: Db, table: 'app_system' | 'menu', id: string, actor: Actor) {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom(table as 'menu')
      .select('enabled')
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    const enabled = await toggleEnabled(trx, table, id, row, actor);
    await bumpAuthorityRevision(trx);
    return enabled;
  });
}

export const toggleSystem = (db: Db, id: string, userId: string, now: number) =>
  toggleEntry(db, 'app_system', id, { userId, now });

export async function deleteSystem(db: Db, id: string) {
  await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('app_system').select('id').where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    const systems = await trx
      .selectFrom('app_system')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(systems.n) <= 1) throw fail('systemLast');
    const menus = await trx
      .selectFrom('menu')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('system_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(menus.n) > 0) throw fail('systemHasMenus');
    await trx.deleteFrom('authorize').where('item_type', '=', 'system').where('item_id', '=', id).execute();
    // Users whose current system this was fall back to their first authorised one.
    await trx.updateTable('users').set({ system_id: null }).where('system_id', '=', id).execute();
    await trx.deleteFrom('app_system').where('id', '=', id).execute();
    await bumpAuthorityRevision(trx);
  });
}

// ---------------------------------------------------------------------------------------------
// Menus
// ---------------------------------------------------------------------------------------------

export function menuInfo(m: MenuTable, language?: Language): WithTranslations<MenuInfo> {
  return {
    id: m.id,
    systemId: m.system_id,
    parentId: m.parent_id,
    type: m.type,
    fullName: language ? nameIn(m, language) : m.full_name,
    fullNameI18n: parseNameTranslations(m.full_name_i18n),
    enCode: m.en_code,
    icon: m.icon,
    urlAddress: m.url_address,
    linkTarget: m.link_target as LinkTarget,
    propertyJson: m.property_json,
    description: m.description ?? '',
    sortCode: m.sort_code,
    enabledMark: m.enabled,
    version: m.version,
    creatorTime: m.created_at,
  };
}

/** Nests rows under their parents; rows whose parent is missing become roots. */
export function toTree<T extends { id: string; parentId: string; children?: T[]; hasChildren?: boolean }>(
  rows: T[],
): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const roots: T[] = [];
  for (const r of rows) {
    const parent = byId.get(r.parentId);
    if (parent && parent !== r) (parent.children ??= []).push(r);
    else roots.push(r);
  }
  for (const r of rows) r.hasChildren = (r.children?.length ?? 0) > 0;
  return roots;
}

function systemMenus(db: Db | Tx, systemId?: string) {
  let q = db.selectFrom('menu').selectAll().orderBy('sort_code').orderBy('id');
  if (systemId) q = q.where('system_id', '=', systemId);
  return q.execute();
}

/** The menu tree of a system; a keyword keeps matching menus and the path down to them. */
export async function listMenus(db: Db, systemId: string | undefined, keyword: string, language: Language) {
  const rows = await systemMenus(db, systemId);
  let kept = rows;
  if (keyword) {
    const k = keyword.toLowerCase();
    const byId = new Map(rows.map((r) => [r.id, r]));
    const keep = new Set<string>();
    for (const r of rows) {
      if (!nameMatches(r, k)) continue;
      let cursor: MenuTable | undefined = r;
      while (cursor && !keep.has(cursor.id)) {
        keep.add(cursor.id);
        cursor = byId.get(cursor.parent_id);
      }
    }
    kept = rows.filter((r) => keep.has(r.id));
  }
  return { list: toTree(kept.map((r): MenuInfo => menuInfo(r, language))) };
}

/** Ids of a menu and everything below it. */
function subtreeIds(rows: Pick<MenuTable, 'id' | 'parent_id'>[], rootId: string): Set<string> {
  const ids = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows)
      if (!ids.has(r.id) && ids.has(r.parent_id)) {
        ids.add(r.id);
        grew = true;
      }
  }
  return ids;
}

/** Parent picker: the system's menus without `id` and its subtree ('0' = a new menu). */
export async function menuSelector(db: Db, id: string, systemId: string | undefined, t: Translate, language: Language) {
  let system = systemId;
  if (id !== '0') {
    const menu = await db.selectFrom('menu').select('system_id').where('id', '=', id).executeTakeFirst();
    if (!menu) throw notFound();
    system ??= menu.system_id;
  }
  if (!system) throw badField(t, 'systemId', 'fieldRequired');
  const rows = await systemMenus(db, system);
  const excluded = id === '0' ? new Set<string>() : subtreeIds(rows, id);
  const nodes = rows
    .filter((r) => !excluded.has(r.id))
    .map((r): MenuSelectorNode => ({
      id: r.id,
      parentId: r.parent_id,
      fullName: nameIn(r, language),
      type: r.type,
      icon: r.icon,
    }));
  return { list: toTree(nodes) };
}

export async function getMenu(db: Db | Tx, id: string): Promise<WithTranslations<MenuInfo>> {
  const row = await db.selectFrom('menu').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return menuInfo(row);
}

type MenuFields = Omit<z.infer<typeof menuBody>, 'systemId'>;

/** Checks of one menu's fields that need more than one field or the database; 400 naming the field. */
async function checkMenu(trx: Tx, t: Translate, systemId: string, body: MenuFields, selfId: string | null) {
  let property: unknown;
  try {
    property = JSON.parse(body.propertyJson || '{}');
  } catch {
    property = null;
  }
  if (typeof property !== 'object' || property === null || Array.isArray(property))
    throw badField(t, 'propertyJson', 'problemJsonObject');
  if (MENU_TYPES_WITH_ADDRESS.includes(body.type) && !body.urlAddress) throw badField(t, 'urlAddress', 'fieldRequired');
  if (body.type === 7 && !/^(https?:\/\/|\/)/i.test(body.urlAddress)) throw badField(t, 'urlAddress', 'fieldFormat');
  if (body.type === 2 && /^[a-z][a-z0-9+.-]*:/i.test(body.urlAddress)) throw badField(t, 'urlAddress', 'fieldFormat');
  if (body.parentId !== '-1') {
    const rows = await trx.selectFrom('menu').select(['id', 'parent_id', 'system_id']).execute();
    const parent = rows.find((r) => r.id === body.parentId);
    const invalid =
      !parent || parent.system_id !== systemId || (selfId !== null && subtreeIds(rows, selfId).has(body.parentId));
    if (invalid) throw badField(t, 'parentId', 'problemParent');
  }
}

export async function createMenu(db: Db, t: Translate, body: z.infer<typeof menuBody>, userId: string, now: number) {
  const id = newId(now);
  await codeGuard(body.enCode, () =>
    inTransaction(db, async (trx) => {
      const system = await trx.selectFrom('app_system').select('id').where('id', '=', body.systemId).executeTakeFirst();
      if (!system) throw badField(t, 'systemId', 'fieldValue');
      await checkMenu(trx, t, body.systemId, body, null);
      await trx
        .insertInto('menu')
        .values({
          id,
          system_id: body.systemId,
          parent_id: body.parentId,
          type: body.type,
          full_name: body.fullName,
          full_name_i18n: nameTranslationsJson(body.fullNameI18n),
          en_code: body.enCode,
          icon: body.icon,
          url_address: body.urlAddress,
          link_target: body.linkTarget,
          property_json: body.propertyJson || '{}',
          description: body.description,
          sort_code: body.sortCode,
          enabled: body.enabledMark,
          ...createdColumns({ userId, now }),
        })
        .execute();
      // Only users who see this system recompute their authority.
      await bumpAuthorityRevision(trx, ...authorityKeys.menus(body.systemId));
    }),
  );
  return id;
}

export async function updateMenu(
  db: Db,
  t: Translate,
  id: string,
  body: z.infer<typeof menuUpdateBody>,
  userId: string,
  now: number,
) {
  await codeGuard(body.enCode, () =>
    inTransaction(db, async (trx) => {
      const current = await trx.selectFrom('menu').select('system_id').where('id', '=', id).executeTakeFirst();
      if (!current) throw notFound();
      await checkMenu(trx, t, current.system_id, body, id);
      await updateVersioned(trx, 'menu', id, body.version, {
        parent_id: body.parentId,
        type: body.type,
        full_name: body.fullName,
        ...(body.fullNameI18n ? { full_name_i18n: nameTranslationsJson(body.fullNameI18n) } : {}),
        en_code: body.enCode,
        icon: body.icon,
        url_address: body.urlAddress,
        link_target: body.linkTarget,
        property_json: body.propertyJson || '{}',
        description: body.description,
        sort_code: body.sortCode,
        enabled: body.enabledMark,
        ...updatedColumns({ userId, now }),
      });
      await bumpAuthorityRevision(trx, ...authorityKeys.menus(current.system_id));
    }),
  );
}

export const toggleMenu = (db: Db, id: string, userId: string, now: number) =>
  toggleEntry(db, 'menu', id, { userId, now });

/** Deletes a menu without sub-menus, with its elements, data schemes, grants and column settings. */
export async function deleteMenu(db: Db, id: string) {
  await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('menu').select('id').where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    const child = await trx.selectFrom('menu').select('id').where('parent_id', '=', id).executeTakeFirst();
    if (child) throw fail('menuHasChildren');
    const elements = await trx.selectFrom('menu_element').select('id').where('menu_id', '=', id).execute();
    const resources = await trx.selectFrom('menu_resource').select('id').where('menu_id', '=', id).execute();
    const itemIds = [id, ...elements.map((e) => e.id), ...resources.map((r) => r.id)];
    await trx
      .deleteFrom('authorize')
      .where('item_id', 'in', itemIds)
      .where('item_type', 'in', ['module', 'button', 'column', 'form', 'resource'])
      .execute();
    await trx.deleteFrom('column_setting').where('module_id', '=', id).execute();
    await trx.deleteFrom('menu_element').where('menu_id', '=', id).execute();
    await trx.deleteFrom('menu_resource').where('menu_id', '=', id).execute();
    await trx.deleteFrom('menu').where('id', '=', id).execute();
    await bumpAuthorityRevision(trx);
  });
}
