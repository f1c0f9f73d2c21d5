import type { ModuleElementKind } from '@atrium/shared';
import type { Tx } from '../../db/tx.ts';
import { bumpAuthorityRevision, authorityKeys } from '../../core/authority.ts';
import { badField } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { createdColumns, updatedColumns, type Actor } from '../../core/records.ts';

/** The menu entry of a released online form, and what it lets grants name one by one. */
export interface ModuleMenu {
  /** The entry release made before, if any: it is updated rather than made again. */
  menuId: string | null;
  systemId: string;
  /** '-1' for the top level, else a menu of the same system. */
  parentId: string;
  fullName: string;
  enCode: string;
  icon: string;
  /** Stored in propertyJson.moduleId: the web opens the model's page by it. */
  modelId: string;
  /** [enCode, name] of the buttons, list columns and form fields, in order. */
  elements: Record<Extract<ModuleElementKind, 'button' | 'column' | 'form'>, [string, string][]>;
}

/** Type 3: the entry opens an online form. */
const ONLINE_FORM = 3;
/** The in-app address of an online form's page: the web routes it to its online-form view. */
export const onlineFormAddress = (enCode: string) => `onlineForm/${enCode}`;

/**
 * Creates or updates the type 3 menu entry of an online form in the caller's transaction, with its
 * buttons, columns and form fields as elements that can be granted at once. Elements keep their ids
 * (and so their grants) across releases; those no longer in the design go, with their grants.
 * Answers the menu's id.
 */
export async function saveModuleMenu(trx: Tx, menu: ModuleMenu, actor: Actor): Promise<string> {
  const system = await trx.selectFrom('app_system').select('id').where('id', '=', menu.systemId).executeTakeFirst();
  if (!system) throw badField('pcSystemId', 'fieldValue');
  if (menu.parentId !== '-1') {
    const parent = await trx
      .selectFrom('menu')
      .select(['id', 'system_id'])
      .where('id', '=', menu.parentId)
      .executeTakeFirst();
    if (!parent || parent.system_id !== menu.systemId || parent.id === menu.menuId)
      throw badField('pcModuleParentId', 'fieldValue');
  }
  const current = menu.menuId
    ? await trx.selectFrom('menu').select(['id', 'system_id']).where('id', '=', menu.menuId).executeTakeFirst()
    : undefined;
  const clash = await trx
    .selectFrom('menu')
    .select('id')
    .where('en_code', '=', menu.enCode)
    .$if(!!current, (q) => q.where('id', '<>', current!.id))
    .executeTakeFirst();
  if (clash) throw badField('enCode', 'codeTaken', { code: menu.enCode });
  const property = JSON.stringify({ moduleId: menu.modelId });
  let menuId: string;
  if (current) {
    menuId = current.id;
    await trx
      .updateTable('menu')
      .set({
        system_id: menu.systemId,
        parent_id: menu.parentId,
        full_name: menu.fullName,
        en_code: menu.enCode,
        type: ONLINE_FORM,
        url_address: onlineFormAddress(menu.enCode),
        property_json: property,
        version: (eb) => eb('version', '+', 1),
        ...updatedColumns(actor),
      })
      .where('id', '=', menuId)
      .execute();
    if (current.system_id !== menu.systemId)
      await bumpAuthorityRevision(trx, ...authorityKeys.menus(current.system_id));
  } else {
    menuId = newId(actor.now);
    // A new entry comes after its siblings.
    const last = await trx
      .selectFrom('menu')
      .select((eb) => eb.fn.max('sort_code').as('sort'))
      .where('parent_id', '=', menu.parentId)
      .where('system_id', '=', menu.systemId)
      .executeTakeFirst();
    await trx
      .insertInto('menu')
      .values({
        id: menuId,
        system_id: menu.systemId,
        parent_id: menu.parentId,
        type: ONLINE_FORM,
        full_name: menu.fullName,
        full_name_i18n: '{}',
        en_code: menu.enCode,
        icon: menu.icon,
        url_address: onlineFormAddress(menu.enCode),
        link_target: '_self',
        property_json: property,
        description: null,
        sort_code: Number(last?.sort ?? -1) + 1,
        enabled: 1,
        ...createdColumns(actor),
      })
      .execute();
  }
  for (const [kind, wanted] of Object.entries(menu.elements) as [ModuleElementKind, [string, string][]][]) {
    const existing = await trx
      .selectFrom('menu_element')
      .select(['id', 'en_code', 'full_name', 'sort_code'])
      .where('menu_id', '=', menuId)
      .where('kind', '=', kind)
      .execute();
    const byCode = new Map(existing.map((e) => [e.en_code, e]));
    const keep = new Set<string>();
    for (const [index, [code, name]] of wanted.entries()) {
      const had = byCode.get(code);
      if (had) {
        keep.add(had.id);
        if (had.full_name !== name || had.sort_code !== index)
          await trx
            .updateTable('menu_element')
            .set({ full_name: name, sort_code: index, ...updatedColumns(actor) })
            .where('id', '=', had.id)
            .execute();
        continue;
      }
      await trx
        .insertInto('menu_element')
        .values({
          id: newId(actor.now),
          menu_id: menuId,
          kind,
          full_name: name,
          en_code: code,
          sort_code: index,
          enabled: 1,
          ...createdColumns(actor),
        })
        .execute();
    }
    const gone = existing.filter((e) => !keep.has(e.id)).map((e) => e.id);
    if (gone.length) {
      await trx.deleteFrom('authorize').where('item_type', '=', kind).where('item_id', 'in', gone).execute();
      await trx.deleteFrom('menu_element').where('id', 'in', gone).execute();
    }
  }
  await bumpAuthorityRevision(trx, ...authorityKeys.menus(menu.systemId));
  return menuId;
}
