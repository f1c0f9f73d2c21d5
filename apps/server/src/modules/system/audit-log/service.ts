import type { AuditLogDetail, AuditLogListItem } from '@atrium/shared';
import type { Selectable } from 'kysely';
import type { Db, Dialect } from '../../../db/index.ts';
import type { AuditLogTable } from '../../../db/schema.ts';
import { notFound } from '../../../core/errors.ts';
import { countedPage, pageOf } from '../../../core/paging.ts';
import { containsAny } from '../../../core/sql.ts';
import type { AuditLogListQuery } from './schema.ts';

const LIST_COLUMNS = [
  'id',
  'created_at',
  'user_id',
  'account',
  'real_name',
  'ip',
  'user_agent',
  'method',
  'url',
  'resource',
  'resource_id',
  'action',
  'request_id',
] as const;

type ListRow = Pick<Selectable<AuditLogTable>, (typeof LIST_COLUMNS)[number]>;

function listItemOf(row: ListRow): AuditLogListItem {
  return {
    id: row.id,
    createdAt: Number(row.created_at),
    userId: row.user_id,
    account: row.account,
    realName: row.real_name,
    ip: row.ip,
    userAgent: row.user_agent,
    method: row.method,
    url: row.url,
    resource: row.resource,
    resourceId: row.resource_id,
    action: row.action,
    requestId: row.request_id,
  };
}

/**
 * One page of the trail, newest first. The list leaves the snapshots out: they can be large, and
 * the detail reads them for the one row opened.
 */
export async function listAuditLog(db: Db, dialect: Dialect, query: AuditLogListQuery) {
  let base = db.selectFrom('audit_log');
  if (query.keyword)
    base = base.where((eb) =>
      containsAny(eb, dialect, ['audit_log.account', 'audit_log.real_name', 'audit_log.url'], query.keyword),
    );
  if (query.resource) base = base.where('resource', '=', query.resource);
  if (query.userId) base = base.where('user_id', '=', query.userId);
  if (query.startTime !== undefined) base = base.where('created_at', '>=', query.startTime);
  if (query.endTime !== undefined) base = base.where('created_at', '<=', query.endTime);
  const { total, rows } = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    // Ids are ULIDs of the write time: they break ties of one millisecond in write order.
    base
      .select([...LIST_COLUMNS])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
  );
  return pageOf(rows.map(listItemOf), query, total);
}

const parsed = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

/** One row with its snapshots as JSON values. */
export async function auditLogInfo(db: Db, id: string): Promise<AuditLogDetail> {
  const row = await db.selectFrom('audit_log').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound();
  return { ...listItemOf(row), before: parsed(row.before_json), after: parsed(row.after_json) };
}
