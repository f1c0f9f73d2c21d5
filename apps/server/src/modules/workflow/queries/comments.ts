import type { FlowCommentItem } from '@atrium/shared/workflow';
import type { Db } from '../../../db/index.ts';
import { ResultCode } from '@atrium/shared';
import { AppError, notFound } from '../../../core/errors.ts';
import { newId } from '../../../core/ids.ts';
import { countedPage, pageOf, type PageQuery } from '../../../core/paging.ts';
import type { Actor } from '../../../core/records.ts';
import { storedFileList, ticketedAttachments, type FileLinks } from '../../file/links.ts';
import { personName } from './lists.ts';

/**
 * The discussion thread of an instance. Reading and posting need the right to read the instance
 * (checked by the routes); a comment is withdrawn only by its author and stays as a deleted row.
 */

const parsedList = (text: string): unknown[] => {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value) ? value : [];
};

/** The live comments of an instance, newest first; `isDel` tells the caller which he may delete. */
export async function listComments(db: Db, userId: string, instanceId: string, query: PageQuery, links: FileLinks) {
  const base = db
    .selectFrom('flow_comment as c')
    .leftJoin('users as u', 'u.id', 'c.created_by')
    .where('c.instance_id', '=', instanceId)
    .where('c.deleted', '=', 0);
  const { total, rows } = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    base
      .select(['c.id', 'c.text', 'c.image', 'c.file', 'c.created_by', 'c.created_at', 'u.real_name', 'u.account'])
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id', 'desc'),
  );
  const list: FlowCommentItem[] = rows.map((r) => ({
    id: r.id,
    taskId: instanceId,
    text: r.text,
    image: parsedList(ticketedAttachments(r.image, links)),
    file: parsedList(ticketedAttachments(r.file, links)),
    creatorUserId: r.created_by,
    creatorUserName: personName(r.real_name, r.account),
    creatorTime: r.created_at,
    isDel: r.created_by === userId,
  }));
  return pageOf(list, query, total);
}

export async function addComment(
  db: Db,
  body: { taskId: string; text: string; image: unknown[]; file: unknown[] },
  actor: Actor,
): Promise<string> {
  const id = newId(actor.now);
  await db
    .insertInto('flow_comment')
    .values({
      id,
      instance_id: body.taskId,
      text: body.text,
      image: JSON.stringify(storedFileList(body.image)),
      file: JSON.stringify(storedFileList(body.file)),
      deleted: 0,
      created_at: actor.now,
      created_by: actor.userId,
    })
    .execute();
  return id;
}

/**
 * Withdraws the caller's own comment. Someone else's answers 403 when the caller may read the thread
 * (he sees it there), else 404 like the instance itself.
 */
export async function removeComment(
  db: Db,
  userId: string,
  id: string,
  mayReadInstance: (instanceId: string) => Promise<boolean>,
): Promise<void> {
  const row = await db
    .selectFrom('flow_comment')
    .select(['instance_id', 'created_by'])
    .where('id', '=', id)
    .where('deleted', '=', 0)
    .executeTakeFirst();
  if (!row || !(await mayReadInstance(row.instance_id))) throw notFound();
  if (row.created_by !== userId) throw new AppError(ResultCode.forbidden, 'flowCommentNotYours');
  await db.updateTable('flow_comment').set({ deleted: 1 }).where('id', '=', id).execute();
}
