import type { Db, Dialect } from '../../db/index.ts';
import { inTransaction } from '../../db/tx.ts';
import { notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { countedPage, pageOf } from '../../core/paging.ts';
import { containsAny } from '../../core/sql.ts';
import type { FeedbackBody, FeedbackItem, FeedbackListQuery } from './schema.ts';

/** Screenshots live in their own file category (docs/files.md). */
export const FEEDBACK_CATEGORY = 'feedback';
/** The stored path of a screenshot (no ticket). */
export const feedbackImageUrl = (name: string) => `/api/file/Image/${FEEDBACK_CATEGORY}/${name}`;

/** The menu of the administrators' feedback list; its buttons handle and delete. */
export const FEEDBACK_MENU = 'message.feedback';

export async function createFeedback(db: Db, userId: string, body: FeedbackBody, now: number): Promise<string> {
  const id = newId(now);
  await db
    .insertInto('feedback')
    .values({
      id,
      user_id: userId,
      content: body.content,
      contact: body.contact,
      screenshot: body.screenshot,
      status: 0,
      handled_by: null,
      handled_at: null,
      created_at: now,
    })
    .execute();
  return id;
}

/**
 * One page of feedback, newest first: every user's for the administrators' list, only `ownerId`'s
 * for the writer's own list. `link` turns a stored screenshot name into a link for the caller.
 */
export async function listFeedback(
  db: Db,
  dialect: Dialect,
  query: FeedbackListQuery,
  link: (url: string, name: string) => string,
  ownerId?: string,
) {
  let base = db
    .selectFrom('feedback')
    .leftJoin('users as writer', 'writer.id', 'feedback.user_id')
    .leftJoin('users as handler', 'handler.id', 'feedback.handled_by');
  if (ownerId) base = base.where('feedback.user_id', '=', ownerId);
  if (query.status) base = base.where('feedback.status', '=', Number(query.status));
  if (query.keyword)
    base = base.where((eb) =>
      containsAny(eb, dialect, ['feedback.content', 'writer.real_name', 'writer.account'], query.keyword),
    );
  const { total, rows } = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    base
      .selectAll('feedback')
      .select([
        'writer.real_name as writer_name',
        'writer.account as writer_account',
        'handler.real_name as handler_name',
      ])
      .orderBy('feedback.created_at', 'desc')
      .orderBy('feedback.id', 'desc'),
  );
  const list: FeedbackItem[] = rows.map((r) => ({
    id: r.id,
    content: r.content,
    contact: r.contact,
    screenshotUrl: r.screenshot ? link(feedbackImageUrl(r.screenshot), r.screenshot) : null,
    status: r.status,
    creatorTime: r.created_at,
    handledTime: r.handled_at,
    userName: r.writer_name ? `${r.writer_name}/${r.writer_account}` : '',
    handledBy: r.handler_name ?? '',
  }));
  return pageOf(list, query, total);
}

/** Marks feedback handled by `by` (idempotent: handling it twice keeps the first handler). */
export async function handleFeedback(db: Db, id: string, by: string, now: number) {
  await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('feedback').select('status').where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    await trx
      .updateTable('feedback')
      .set({ status: 1, handled_by: by, handled_at: now })
      .where('id', '=', id)
      .where('status', '=', 0)
      .execute();
  });
}

/** Deletes feedback; answers its screenshot name so the caller can remove the file. */
export async function removeFeedback(db: Db, id: string): Promise<string | null> {
  const row = await db.deleteFrom('feedback').where('id', '=', id).returning('screenshot').executeTakeFirst();
  if (!row) throw notFound();
  return row.screenshot;
}

/** Whether a screenshot belongs to feedback written by `userId`. */
export async function writesScreenshot(db: Db, userId: string, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('feedback')
    .select('id')
    .where('screenshot', '=', name)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return !!row;
}

/** Whether any feedback carries the screenshot yet. */
export async function screenshotUsed(db: Db, name: string): Promise<boolean> {
  return !!(await db.selectFrom('feedback').select('id').where('screenshot', '=', name).executeTakeFirst());
}
