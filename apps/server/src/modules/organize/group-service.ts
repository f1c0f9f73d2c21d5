import type { GroupInfo, GroupListItem, PickerTreeNode } from '@atrium/shared';
import type { Db, Dialect } from '../../db/index.ts';
import { inTransaction } from '../../db/tx.ts';
import { notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { countedPage, pageOf, type PageQuery } from '../../core/paging.ts';
import {
  createdColumns,
  namedRecordFields,
  removeUnreferenced,
  updatedColumns,
  type Actor,
} from '../../core/records.ts';
import { containsAny } from '../../core/sql.ts';
import { insertWithUniqueCode, writeWithUniqueCode } from '../../core/unique-code.ts';
import { updateVersioned } from '../../core/versioned.ts';
import { bumpAuthorityRevision } from '../../core/authority.ts';
import { countOf, matchesKeyword } from './common.ts';
import type { GroupBody } from './schema.ts';

export const GROUP_ICON = 'icon-ym icon-ym-generator-group1';

async function memberCounts(db: Db, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('user_relation')
    .select(['object_id', (eb) => eb.fn.countAll().as('n')])
    .where('object_type', '=', 'Group')
    .where('object_id', 'in', ids)
    .groupBy('object_id')
    .execute();
  return new Map(rows.map((r) => [r.object_id, countOf(r)]));
}

export async function listGroups(db: Db, dialect: Dialect, query: PageQuery) {
  let base = db.selectFrom('user_group');
  if (query.keyword) base = base.where((eb) => containsAny(eb, dialect, ['full_name', 'en_code'], query.keyword));
  const { total, rows } = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    base.selectAll().orderBy('sort_code').orderBy('created_at').orderBy('id'),
  );
  const counts = await memberCounts(
    db,
    rows.map((r) => r.id),
  );
  const list: GroupListItem[] = rows.map((r) => ({
    ...namedRecordFields(r),
    creatorTime: r.created_at,
    memberCount: counts.get(r.id) ?? 0,
  }));
  return pageOf(list, query, total);
}

export async function groupInfo(db: Db, id: string): Promise<GroupInfo> {
  const r = await db.selectFrom('user_group').selectAll().where('id', '=', id).executeTakeFirst();
  if (!r) throw notFound();
  return { ...namedRecordFields(r), version: r.version };
}

/** Enabled groups as picker nodes (type 'group'). */
export async function groupSelector(db: Db, keyword: string): Promise<PickerTreeNode[]> {
  const rows = await db
    .selectFrom('user_group')
    .selectAll()
    .where('enabled', '=', 1)
    .orderBy('sort_code')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const needle = keyword.trim().toLowerCase();
  return rows
    .filter((r) => !needle || matchesKeyword(r, needle))
    .map((r) => ({
      id: r.id,
      parentId: '0',
      fullName: r.full_name,
      enCode: r.en_code,
      type: 'group',
      isLeaf: true,
      hasChildren: false,
      icon: GROUP_ICON,
      organize: '',
      organizeIds: [],
      lastFullName: r.full_name,
      sortCode: r.sort_code,
    }));
}

/** The columns a group form writes. */
const columns = (body: GroupBody) => ({
  full_name: body.fullName,
  en_code: body.enCode,
  description: body.description || null,
  enabled: body.enabledMark,
  sort_code: body.sortCode,
});

export async function createGroup(db: Db, body: GroupBody, actor: Actor) {
  return inTransaction(db, async (trx) => {
    const id = newId(actor.now);
    await insertWithUniqueCode(trx, 'user_group', { id, ...columns(body), ...createdColumns(actor) });
    return id;
  });
}

export async function updateGroup(db: Db, id: string, body: GroupBody & { version: number }, actor: Actor) {
  await inTransaction(db, async (trx) => {
    const current = await trx.selectFrom('user_group').selectAll().where('id', '=', id).executeTakeFirst();
    if (!current) throw notFound();
    await writeWithUniqueCode(trx, 'user_group', body.enCode, id, () =>
      updateVersioned(trx, 'user_group', id, body.version, { ...columns(body), ...updatedColumns(actor) }),
    );
    // Group membership feeds CurrentUser (groupIds); a rename or disable refreshes cached authority.
    if (body.fullName !== current.full_name || body.enabledMark !== current.enabled) await bumpAuthorityRevision(trx);
  });
}

export async function removeGroup(db: Db, id: string) {
  await inTransaction(db, (trx) =>
    removeUnreferenced(trx, 'user_group', id, async () => [
      ['groupHasMembers', (await memberCounts(trx, [id])).get(id) ?? 0],
    ]),
  );
}
