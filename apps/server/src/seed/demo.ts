import type { Db } from '../db/index.ts';
import { inTransaction, type Tx } from '../db/tx.ts';
import { newId } from '../core/ids.ts';
import { hashPassword, md5 } from '../core/password.ts';
import { DEFAULT_SETTINGS, writeSettings } from '../core/settings.ts';
import { insertUsers, newUserRow } from '../modules/permission/user-row.ts';
import { seedMessages } from './messages.ts';
import { seedDictionaries } from './dictionaries.ts';
import { seedPrintTemplates } from './print-templates.ts';
import { seedBillRules } from './bill-rules.ts';
import { seedMessageTemplates } from './message-templates.ts';
import { seedDataInterfaces } from './data-interfaces.ts';
import { DEMO_APPS_MENU, seedDemoModels } from './demo-models.ts';
import { seedPurchase } from './purchase.ts';
import { seedWorkflow } from './workflow.ts';
import { SqliteAdapter } from 'kysely';
import { bumpAuthorityRevision } from '../core/authority.ts';
import {
  ADMIN,
  DEMO_PASSWORD,
  GRADES,
  GROUPS,
  MENUS,
  ORGANIZES,
  POSITIONS,
  POSITION_GRADES,
  ROLE_GRANTS,
  USER_GRANTS,
  ROLES,
  SYSTEMS,
  USERS,
} from './demo-data.ts';
import { MENU_NAMES, SYSTEM_NAMES, translationsJson } from '../db/data/menu-names.ts';

const MARKER = 'seed.demo';

function audit(now: number, sort: number) {
  return { created_at: now, created_by: null, updated_at: null, updated_by: null, enabled: 1, sort_code: sort };
}

/**
 * Fills a new database with the demo organisation. The marker row is written first in the same
 * transaction, so a second start, or two instances starting together, add nothing.
 */
export async function seedDemo(db: Db, now = Date.now()): Promise<boolean> {
  // Hashing is slow on purpose; do it before the transaction so the write lock is held briefly.
  const adminHash = await hashPassword(md5(ADMIN.password));
  const demoMd5 = md5(DEMO_PASSWORD);
  const userHashes = await Promise.all(USERS.map(() => hashPassword(demoMd5)));

  return inTransaction(db, async (trx) => {
    const claimed = await trx
      .insertInto('sys_config')
      .values({ key: MARKER, value: String(now), updated_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await writeSettings(trx, DEFAULT_SETTINGS, now);
    await seedOrganisation(trx, now, adminHash, userHashes);
    await seedDictionaries(trx, now);
    await seedMessages(trx, now);
    await seedPrintTemplates(trx, now);
    await seedBillRules(trx, now);
    await seedMessageTemplates(trx, now);
    await seedDataInterfaces(trx, now);
    await seedModels(trx, now);
    await seedPurchase(trx, now);
    await seedWorkflow(trx, now);
    await bumpAuthorityRevision(trx);
    return true;
  });
}

async function seedOrganisation(trx: Tx, now: number, adminHash: string, userHashes: string[]) {
  const orgIds = new Map<string, string>();
  const orgTrees = new Map<string, string>();
  for (const [i, o] of ORGANIZES.entries()) {
    const id = newId(now);
    const parentId = o.parent ? orgIds.get(o.parent)! : '-1';
    const tree = o.parent ? `${orgTrees.get(o.parent)},${id}` : id;
    orgIds.set(o.code, id);
    orgTrees.set(o.code, tree);
    await trx
      .insertInto('organize')
      .values({
        id,
        parent_id: parentId,
        category: o.category,
        en_code: o.code,
        full_name: o.name,
        manager_id: null,
        organize_id_tree: tree,
        description: null,
        version: 0,
        ...audit(now, i),
      })
      .execute();
  }
  const gradeIds = new Map<string, string>();
  for (const [i, [code, name, level]] of GRADES.entries()) {
    const id = newId(now);
    gradeIds.set(code, id);
    await trx
      .insertInto('job_grade')
      .values({
        id,
        full_name: name,
        en_code: code,
        grade_level: level,
        description: null,
        version: 0,
        ...audit(now, i),
      })
      .execute();
  }
  const gradeOf = (position: string | undefined) => (position && gradeIds.get(POSITION_GRADES[position] ?? '')) || null;
  const positionIds = new Map<string, string>();
  for (const [i, p] of POSITIONS.entries()) {
    const id = newId(now);
    positionIds.set(p.code, id);
    await trx
      .insertInto('position')
      .values({
        id,
        organize_id: orgIds.get(p.organize)!,
        full_name: p.name,
        en_code: p.code,
        grade_id: gradeOf(p.code),
        description: null,
        version: 0,
        ...audit(now, i),
      })
      .execute();
  }
  const roleIds = new Map<string, string>();
  for (const [i, r] of ROLES.entries()) {
    const id = newId(now);
    roleIds.set(r.code, id);
    await trx
      .insertInto('role')
      .values({
        id,
        full_name: r.name,
        en_code: r.code,
        global_mark: 1,
        organize_id: null,
        description: null,
        version: 0,
        ...audit(now, i),
      })
      .execute();
  }
  const groupIds = new Map<string, string>();
  for (const [i, g] of GROUPS.entries()) {
    const id = newId(now);
    groupIds.set(g.code, id);
    await trx
      .insertInto('user_group')
      .values({ id, full_name: g.name, en_code: g.code, description: null, version: 0, ...audit(now, i) })
      .execute();
  }

  const systemIds = new Map<string, string>();
  for (const [i, s] of SYSTEMS.entries()) {
    const id = newId(now);
    systemIds.set(s.code, id);
    await trx
      .insertInto('app_system')
      .values({
        id,
        full_name: s.name,
        full_name_i18n: translationsJson(SYSTEM_NAMES[s.code]),
        en_code: s.code,
        icon: s.icon,
        description: null,
        version: 0,
        ...audit(now, i),
      })
      .execute();
  }
  const menuIds = new Map<string, string>();
  /** Buttons, columns and form fields by grant code ('menu:btn_add', 'menu:column.account'...). */
  const elementIds = new Map<string, { id: string; kind: 'button' | 'column' | 'form' }>();
  const schemeIds = new Map<string, string>();
  for (const [i, m] of MENUS.entries()) {
    const id = newId(now);
    menuIds.set(m.code, id);
    await trx
      .insertInto('menu')
      .values({
        id,
        system_id: systemIds.get(m.system)!,
        parent_id: m.parent ? menuIds.get(m.parent)! : '-1',
        type: m.type,
        full_name: m.name,
        full_name_i18n: translationsJson(MENU_NAMES[m.code]),
        en_code: m.code,
        icon: m.icon,
        url_address: m.url ?? '',
        link_target: m.linkTarget ?? '_self',
        // Menus with buttons check them: a button the user was not granted is removed from the page.
        property_json: m.buttons ? JSON.stringify({ isJudgePermission: 1 }) : '{}',
        description: null,
        version: 0,
        ...audit(now, i),
      })
      .execute();
    const elements = [
      ...(m.buttons ?? []).map(([code, name]) => ({ kind: 'button' as const, key: code, code, name })),
      ...(m.columns ?? []).map(([code, name]) => ({ kind: 'column' as const, key: `column.${code}`, code, name })),
      ...(m.forms ?? []).map(([code, name]) => ({ kind: 'form' as const, key: `form.${code}`, code, name })),
    ];
    for (const [j, element] of elements.entries()) {
      const elementId = newId(now);
      elementIds.set(`${m.code}:${element.key}`, { id: elementId, kind: element.kind });
      await trx
        .insertInto('menu_element')
        .values({
          id: elementId,
          menu_id: id,
          kind: element.kind,
          full_name: element.name,
          en_code: element.code,
          version: 0,
          ...audit(now, j),
        })
        .execute();
    }
    for (const [j, [code, name, conditionJson, allData]] of (m.schemes ?? []).entries()) {
      const schemeId = newId(now);
      schemeIds.set(`${m.code}#${code}`, schemeId);
      await trx
        .insertInto('menu_resource')
        .values({
          id: schemeId,
          menu_id: id,
          full_name: name,
          en_code: code,
          condition_json: conditionJson,
          match_logic: 'and',
          all_data: allData,
          version: 0,
          ...audit(now, j),
        })
        .execute();
    }
  }

  const adminId = newId(now);
  await insertUsers(trx, [
    newUserRow({
      id: adminId,
      created_at: now,
      account: ADMIN.account,
      real_name: ADMIN.name,
      gender: 1,
      password_hash: adminHash,
      is_administrator: 1,
      organize_id: orgIds.get('demo.office')!,
      system_id: systemIds.get('atrium')!,
    }),
  ]);
  await relate(trx, now, adminId, 'Organize', orgIds.get('demo.office')!, 0);

  const userIds = new Map<string, string>();
  for (const u of USERS) userIds.set(u.account, newId(now));
  for (const [i, u] of USERS.entries()) {
    const id = userIds.get(u.account)!;
    await insertUsers(trx, [
      newUserRow({
        id,
        created_at: now,
        account: u.account,
        real_name: u.name,
        gender: u.gender,
        password_hash: userHashes[i]!,
        organize_id: orgIds.get(u.organize)!,
        system_id: systemIds.get(u.system ?? 'atrium')!,
        position_id: positionIds.get(u.positions[0]!)!,
        grade_id: gradeOf(u.positions[0]),
        manager_id: u.manager ? userIds.get(u.manager)! : null,
        mobile_phone: `138${String(10_000_000 + i * 7919).slice(0, 8)}`,
        email: `${u.account}@demo.atrium.local`,
        sort_code: i + 1,
      }),
    ]);
    await relate(trx, now, id, 'Organize', orgIds.get(u.organize)!, 0);
    for (const [k, p] of u.positions.entries()) await relate(trx, now, id, 'Position', positionIds.get(p)!, k);
    for (const [k, r] of u.roles.entries()) await relate(trx, now, id, 'Role', roleIds.get(r)!, k);
    for (const [k, g] of (u.groups ?? []).entries()) await relate(trx, now, id, 'Group', groupIds.get(g)!, k);
    if (u.heads)
      await trx.updateTable('organize').set({ manager_id: id }).where('id', '=', orgIds.get(u.heads)!).execute();
  }

  const holders: ['role' | 'user', string, string[]][] = [
    ...ROLE_GRANTS.map(([code, codes]): ['role', string, string[]] => ['role', roleIds.get(code)!, codes]),
    ...USER_GRANTS.map(([account, codes]): ['user', string, string[]] => ['user', userIds.get(account)!, codes]),
  ];
  for (const [objectType, objectId, codes] of holders) {
    const menuCodes = codes.filter((c) => !c.includes(':') && !c.includes('#'));
    const systems = new Set(menuCodes.map((c) => MENUS.find((m) => m.code === c)!.system));
    const items: [string, string][] = [
      ...[...systems].map((s): [string, string] => ['system', systemIds.get(s)!]),
      ...menuCodes.map((c): [string, string] => ['module', menuIds.get(c)!]),
      ...codes
        .filter((c) => c.includes(':'))
        .map((c): [string, string] => [elementIds.get(c)!.kind, elementIds.get(c)!.id]),
      ...codes.filter((c) => c.includes('#')).map((c): [string, string] => ['resource', schemeIds.get(c)!]),
    ];
    for (const [itemType, itemId] of items) {
      await trx
        .insertInto('authorize')
        .values({
          id: newId(now),
          item_type: itemType as 'system' | 'module' | 'button' | 'column' | 'form' | 'resource',
          item_id: itemId,
          object_type: objectType,
          object_id: objectId,
          created_at: now,
          created_by: null,
        })
        .execute();
    }
  }
}

async function relate(
  trx: Tx,
  now: number,
  userId: string,
  objectType: 'Organize' | 'Position' | 'Role' | 'Group',
  objectId: string,
  sort: number,
) {
  await trx
    .insertInto('user_relation')
    .values({
      id: newId(now),
      user_id: userId,
      object_type: objectType,
      object_id: objectId,
      sort_code: sort,
      created_at: now,
      created_by: null,
    })
    .execute();
}

/** The demo models, released under the 'Demo applications' directory for every employee. */
async function seedModels(trx: Tx, now: number) {
  const one = async (q: Promise<{ id: string } | undefined>) => (await q)!.id;
  const adminId = await one(
    trx.selectFrom('users').select('id').where('account', '=', ADMIN.account).executeTakeFirst(),
  );
  const systemId = await one(
    trx.selectFrom('app_system').select('id').where('en_code', '=', 'atrium').executeTakeFirst(),
  );
  const menuId = await one(
    trx.selectFrom('menu').select('id').where('en_code', '=', DEMO_APPS_MENU).executeTakeFirst(),
  );
  const users = await trx
    .selectFrom('users')
    .select('id')
    .where('is_administrator', '=', 0)
    .orderBy('sort_code')
    .orderBy('id')
    .limit(5)
    .execute();
  const departments = await trx
    .selectFrom('organize')
    .select('id')
    .where('category', '=', 'department')
    .orderBy('sort_code')
    .limit(3)
    .execute();
  const roles = await trx.selectFrom('role').select('id').where('en_code', '=', 'employee').execute();
  const dialect = trx.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
  await seedDemoModels(trx, dialect, now, {
    adminId,
    systemId,
    menuId,
    users: users.map((u) => u.id),
    departments: departments.map((d) => d.id),
    roles: roles.map((r) => r.id),
  });
  // The entries release made carry their names in every language, as the seeded ones do.
  for (const code of ['demoCustomer', 'demoAsset', 'demoContract'])
    await trx
      .updateTable('menu')
      .set({ full_name_i18n: translationsJson(MENU_NAMES[code]) })
      .where('en_code', '=', code)
      .execute();
}
