import { AUTHORIZE_ITEM_TYPES } from '@atrium/shared';
import type { AuditContext } from '../../core/audit.ts';
import type { Db } from '../../db/index.ts';
import type { AuthorizeTable } from '../../db/schema.ts';

type ObjectType = AuthorizeTable['object_type'];
const OBJECT_TYPES: readonly string[] = ['role', 'position', 'user', 'organize'] satisfies ObjectType[];

/** Where each kind of granted item keeps its name. */
const NAME_TABLES = {
  system: 'app_system',
  module: 'menu',
  button: 'menu_element',
  column: 'menu_element',
  form: 'menu_element',
  resource: 'menu_resource',
} as const;

/**
 * An object's grants as the audit trail keeps them (PUT /api/permission/Authority/Data/:objectId):
 * per kind of item, the items it holds as "name (id)", sorted, so that the diff of a save shows
 * which menus, buttons or schemes were given or taken, readably, and the grant version.
 */
export async function grantSnapshot(db: Db, { request, id }: AuditContext): Promise<unknown> {
  const objectType = (request.body as { objectType?: unknown } | undefined)?.objectType;
  if (!id || typeof objectType !== 'string' || !OBJECT_TYPES.includes(objectType)) return null;
  const type = objectType as ObjectType;
  const rows = await db
    .selectFrom('authorize')
    .select(['item_type', 'item_id'])
    .where('object_type', '=', type)
    .where('object_id', '=', id)
    .execute();
  const version = await db
    .selectFrom('authorize_object')
    .select('version')
    .where('object_type', '=', type)
    .where('object_id', '=', id)
    .executeTakeFirst();
  const snapshot: Record<string, unknown> = { objectType: type, objectId: id, version: version?.version ?? 0 };
  for (const itemType of AUTHORIZE_ITEM_TYPES) {
    const ids = rows.filter((r) => r.item_type === itemType).map((r) => r.item_id);
    const table = NAME_TABLES[itemType];
    const names = new Map<string, string>();
    for (let i = 0; i < ids.length; i += 500) {
      const named = await db
        .selectFrom(table as 'menu')
        .select(['id', 'full_name'])
        .where('id', 'in', ids.slice(i, i + 500))
        .execute();
      for (const row of named) names.set(row.id, row.full_name);
    }
    snapshot[itemType] = ids
      .map((itemId) => (names.has(itemId) ? `${names.get(itemId)} (${itemId})` : itemId))
      .sort((a, b) => a.localeCompare(b));
  }
  return snapshot;
}
