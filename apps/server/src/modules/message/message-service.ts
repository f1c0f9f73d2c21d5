import { notFound } from '../../core/errors.ts';
import { countedPage, pageOf } from '../../core/paging.ts';
import { containsAny } from '../../core/sql.ts';
import type { Db, Dialect } from '../../db/index.ts';
import { ticketedAttachments, type FileLinks } from '../file/links.ts';
import { userLabel } from './notice-service.ts';
import type { MessageFilter, MessageListQuery } from './schema.ts';

/**
 * The message centre of one user: only rows received by that user are
 * ever visible, so another user's message id answers 404 like a missing one.
 */
function receivedBy(db: Db, dialect: Dialect, userId: string, filter: MessageFilter) {
  let q = db
    .selectFrom('message_receive')
    .innerJoin('message', 'message.id', 'message_receive.message_id')
    .where('message_receive.user_id', '=', userId);
  if (filter.keyword) q = q.where((eb) => containsAny(eb, dialect, ['message.title'], filter.keyword));
  if (filter.type !== undefined) q = q.where('message.type', '=', filter.type);
  if (filter.isRead !== undefined) q = q.where('message_receive.is_read', '=', Number(filter.isRead));
  return q;
}

const ITEM_COLUMNS = [
  'message.id',
  'message.title',
  'message.type',
  'message.flow_type',
  'message.urgent',
  'message.category',
  'message.release_time',
  'message.created_at',
  'message.excerpt',
  'message_receive.is_read',
  'releaser.real_name as release_name',
  'releaser.account as release_account',
] as const;

function item(r: {
  id: string;
  title: string;
  type: number;
  flow_type: number | null;
  urgent: number;
  category: string;
  release_time: number | null;
  created_at: number;
  excerpt: string;
  is_read: number;
  release_name: string | null;
  release_account: string | null;
}) {
  return {
    id: r.id,
    title: r.title,
    type: r.type,
    isRead: r.is_read === 1 ? '1' : '0',
    flowType: r.flow_type,
    urgent: r.urgent,
    category: r.category,
    releaseTime: r.release_time ?? r.created_at,
    releaseUser: userLabel(r.release_name, r.release_account),
    excerpt: r.excerpt,
  };
}

export async function listMessages(db: Db, dialect: Dialect, userId: string, query: MessageListQuery) {
  const base = receivedBy(db, dialect, userId, query);
  const { total, rows } = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    base
      .leftJoin('users as releaser', 'releaser.id', 'message.release_user_id')
      .select(ITEM_COLUMNS)
      .orderBy('message_receive.created_at', query.sort)
      .orderBy('message_receive.id', query.sort),
  );
  return pageOf(rows.map(item), query, total);
}

/**
 * A received message with its body and its attachments linked for the reader (`links`); reading it
 * marks it read (once: a second read changes nothing).
 */
export async function readMessage(db: Db, userId: string, messageId: string, now: number, links: FileLinks) {
  const row = await db
    .selectFrom('message_receive')
    .innerJoin('message', 'message.id', 'message_receive.message_id')
    .leftJoin('users as releaser', 'releaser.id', 'message.release_user_id')
    .select([...ITEM_COLUMNS, 'message.body_text', 'message.files'])
    .where('message_receive.user_id', '=', userId)
    .where('message_receive.message_id', '=', messageId)
    .executeTakeFirst();
  if (!row) throw notFound();
  let changed = false;
  if (row.is_read === 0) {
    const result = await db
      .updateTable('message_receive')
      .set({ is_read: 1, read_time: now })
      .where('user_id', '=', userId)
      .where('message_id', '=', messageId)
      .where('is_read', '=', 0)
      .executeTakeFirst();
    changed = Number(result.numUpdatedRows) > 0;
  }
  return {
    changed,
    detail: { ...item({ ...row, is_read: 1 }), bodyText: row.body_text, files: ticketedAttachments(row.files, links) },
  };
}

/** Marks every unread row of the user that matches the filter read; answers how many changed. */
export async function readAll(db: Db, dialect: Dialect, userId: string, filter: MessageFilter, now: number) {
  const matching = receivedBy(db, dialect, userId, { ...filter, isRead: '0' }).select('message_receive.id');
  const result = await db
    .updateTable('message_receive')
    .set({ is_read: 1, read_time: now })
    .where('id', 'in', matching)
    .where('is_read', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Removes messages from the user's own centre; the message stays for its other recipients. */
export async function removeRecords(db: Db, userId: string, messageIds: readonly string[]) {
  const result = await db
    .deleteFrom('message_receive')
    .where('user_id', '=', userId)
    .where('message_id', 'in', messageIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
