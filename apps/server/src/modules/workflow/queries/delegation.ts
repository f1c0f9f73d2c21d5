import type { FlowDelegateItem } from '@atrium/shared/workflow';
import type { Selectable } from 'kysely';
import type { Db, Dialect } from '../../../db/index.ts';
import type { FlowDelegationTable } from '../../../db/schema.ts';
import { badField, notFound } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { countedPage, pageOf, type PageQuery } from '../../../core/paging.ts';
import { createdColumns, updatedColumns, type Actor } from '../../../core/records.ts';
import { containsAny } from '../../../core/sql.ts';
import { personName } from './lists.ts';
import type { DelegateBody } from './schema.ts';

/**
 * Out-of-office delegation (docs/workflow.md, "Delegation"): a user hands his approvals (type 0) or
 * his launching (type 1) of some or every template to someone else for a period. Each user sees and
 * manages only his own; another user's delegation answers 404, as if it did not exist.
 */

type DelegationRow = Selectable<FlowDelegationTable>;

const templateIdsOf = (text: string) => text.split(',').filter((id) => id !== '');

async function itemsOf(db: Db, rows: DelegationRow[]): Promise<FlowDelegateItem[]> {
  const userIds = [...new Set(rows.flatMap((r) => [r.user_id, r.to_user_id]))];
  const templateIds = [...new Set(rows.flatMap((r) => templateIdsOf(r.template_ids)))];
  const users = new Map(
    userIds.length
      ? (await db.selectFrom('users').select(['id', 'real_name', 'account']).where('id', 'in', userIds).execute()).map(
          (u) => [u.id, personName(u.real_name, u.account)],
        )
      : [],
  );
  const templates = new Map(
    templateIds.length
      ? (await db.selectFrom('flow_template').select(['id', 'full_name']).where('id', 'in', templateIds).execute()).map(
          (t) => [t.id, t.full_name],
        )
      : [],
  );
  return rows.map((r) => {
    const ids = templateIdsOf(r.template_ids);
    return {
      id: r.id,
      userId: r.user_id,
      userName: users.get(r.user_id) ?? '',
      toUserId: r.to_user_id,
      toUserName: users.get(r.to_user_id) ?? '',
      type: r.kind,
      flowId: ids.length ? ids.join(',') : null,
      flowName: ids.length ? ids.map((id) => templates.get(id) ?? id).join(',') : null,
      startTime: r.start_at,
      endTime: r.end_at,
      description: r.description,
      enabled: r.enabled,
    };
  });
}

/** The caller's delegations, newest first; the keyword searches the delegate's name and the note. */
export async function listDelegations(db: Db, dialect: Dialect, userId: string, query: PageQuery & { type?: number }) {
  let base = db
    .selectFrom('flow_delegation as d')
    .innerJoin('users as to', 'to.id', 'd.to_user_id')
    .where('d.user_id', '=', userId);
  if (query.type !== undefined) base = base.where('d.kind', '=', query.type);
  if (query.keyword)
    base = base.where((eb) => containsAny(eb, dialect, ['to.real_name', 'to.account', 'd.description'], query.keyword));
  const { total, rows } = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    base.selectAll('d').orderBy('d.start_at', 'desc').orderBy('d.id', 'desc'),
  );
  return pageOf(await itemsOf(db, rows), query, total);
}

/**
 * The users who hand the caller their launching (type 1) or approvals (type 0) now: enabled
 * delegations in effect, covering the template when one is named (a version names its template),
 * from users still enabled. The launch screen offers them as "launch for".
 */
export async function delegatorsOf(
  db: Db,
  toUserId: string,
  query: { type?: number; flowId?: string },
  now: number,
): Promise<{ id: string; fullName: string }[]> {
  const version = query.flowId
    ? await db
        .selectFrom('flow_template_version')
        .select('template_id')
        .where('id', '=', query.flowId)
        .executeTakeFirst()
    : undefined;
  const templateId = version?.template_id ?? query.flowId;
  const rows = await db
    .selectFrom('flow_delegation as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .select(['u.id', 'u.real_name', 'u.account', 'd.template_ids'])
    .where('d.to_user_id', '=', toUserId)
    .where('d.kind', '=', query.type ?? 1)
    .where('d.enabled', '=', 1)
    .where('d.start_at', '<=', now)
    .where('d.end_at', '>=', now)
    .where('u.enabled', '=', 1)
    .orderBy('u.account')
    .execute();
  const covering = rows.filter(
    (r) => !templateId || !templateIdsOf(r.template_ids).length || templateIdsOf(r.template_ids).includes(templateId),
  );
  const seen = new Set<string>();
  return covering
    .filter((r) => !seen.has(r.id) && seen.add(r.id))
    .map((r) => ({ id: r.id, fullName: personName(r.real_name, r.account) }));
}

async function ownRow(db: Db, userId: string, id: string): Promise<DelegationRow> {
  const row = await db
    .selectFrom('flow_delegation')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

export async function delegationInfo(db: Db, userId: string, id: string): Promise<FlowDelegateItem> {
  return (await itemsOf(db, [await ownRow(db, userId, id)]))[0]!;
}

/** Checks a delegation: to someone else who may sign in, over a real period, of templates that exist. */
async function checked(db: Db, userId: string, body: DelegateBody) {
  if (body.toUserId === userId) throw badField('toUserId', 'flowDelegateSelf');
  const to = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', body.toUserId)
    .where('enabled', '=', 1)
    .executeTakeFirst();
  if (!to) throw badField('toUserId', 'flowDelegateUserUnknown');
  if (body.endTime <= body.startTime) throw badField('endTime', 'flowDelegateTimeOrder');
  const templateIds = [...new Set(templateIdsOf(body.flowId ?? ''))];
  if (templateIds.length) {
    const found = await db.selectFrom('flow_template').select('id').where('id', 'in', templateIds).execute();
    if (found.length !== templateIds.length) throw badField('flowId', 'flowDelegateFlowUnknown');
  }
  return {
    to_user_id: body.toUserId,
    kind: body.type,
    template_ids: templateIds.join(','),
    start_at: body.startTime,
    end_at: body.endTime,
    description: body.description ?? null,
    enabled: body.enabledMark,
  };
}

export async function createDelegation(db: Db, body: DelegateBody, actor: Actor): Promise<string> {
  const values = await checked(db, actor.userId, body);
  const id = newId(actor.now);
  await db
    .insertInto('flow_delegation')
    .values({ id, user_id: actor.userId, ...values, ...createdColumns(actor) })
    .execute();
  return id;
}

export async function updateDelegation(db: Db, id: string, body: DelegateBody, actor: Actor): Promise<void> {
  await ownRow(db, actor.userId, id);
  const values = await checked(db, actor.userId, body);
  await db
    .updateTable('flow_delegation')
    .set((eb) => ({ ...values, ...updatedColumns(actor), version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('user_id', '=', actor.userId)
    .execute();
}

export async function removeDelegation(db: Db, userId: string, id: string): Promise<void> {
  const result = await db
    .deleteFrom('flow_delegation')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw notFound();
}
