import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { MENU_NAMES, translationsJson } from '../data/menu-names.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run against the schema as it was then. */
type Db = Kysely<any>;

/**
 * The audit trail (core/audit.ts, docs/audit.md): one row per administrative change that
 * succeeded, with who made it, from where, through which route, and the resource as it was before
 * and after (secrets removed). Rows are only ever inserted by the audit hooks and deleted by the
 * retention job; the API has no route that changes them.
 * - created_at serves the list (newest first, date ranges) and the pruning of old rows;
 * - (resource, resource_id) serves "the history of this record";
 * - user_id serves "what did this person change".
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('account', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('real_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('method', 'text', (c) => c.notNull())
    // The route pattern (`/api/permission/Users/:id`), not the URL as sent: no query strings,
    // and the same change reads the same whatever record it was about.
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text')
    // create, update, delete or other (a state toggle, a password reset, a release ...).
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('before_json', 'text')
    .addColumn('after_json', 'text')
    .addColumn('request_id', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();
  await db.schema.createIndex('audit_log_resource').on('audit_log').columns(['resource', 'resource_id']).execute();
  await db.schema.createIndex('audit_log_user').on('audit_log').column('user_id').execute();
  await addAuditMenu(db);
}

export const AUDIT_MENU_CODE = 'system.auditLog';

/**
 * A database seeded before this migration gets the trail's menu under its 'system' directory, as
 * a new seed has it (seed/demo-data.ts). A fresh database has no menus yet: the seed writes it.
 * Administrators hold every menu; others are granted it like any menu.
 */
async function addAuditMenu(db: Db): Promise<void> {
  const parent = (await db
    .selectFrom('menu')
    .select(['id', 'system_id'])
    .where('en_code', '=', 'system')
    .executeTakeFirst()) as { id: string; system_id: string } | undefined;
  if (!parent) return;
  const existing = await db.selectFrom('menu').select('id').where('en_code', '=', AUDIT_MENU_CODE).executeTakeFirst();
  if (existing) return;
  const now = Date.now();
  await db
    .insertInto('menu')
    .values({
      // Any unique text serves as a menu id; this layer has no id generator of its own.
      id: `${now.toString(36)}${randomBytes(8).toString('hex')}`.toUpperCase(),
      system_id: parent.system_id,
      parent_id: parent.id,
      type: 2,
      full_name: MENU_NAMES[AUDIT_MENU_CODE]!['zh-CN'],
      full_name_i18n: translationsJson(MENU_NAMES[AUDIT_MENU_CODE]),
      en_code: AUDIT_MENU_CODE,
      icon: 'AuditOutlined',
      url_address: 'system/auditLog',
      link_target: '_self',
      property_json: '{}',
      description: null,
      version: 0,
      created_at: now,
      created_by: null,
      updated_at: null,
      updated_by: null,
      enabled: 1,
      sort_code: 1,
    })
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
