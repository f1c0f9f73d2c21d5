import sanitizeHtml from 'sanitize-html';
import { ResultCode } from '@atrium/shared';
import { AppError, fail, notFound } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';
import { countedPage, pageOf } from '../../core/paging.ts';
import { containsAny } from '../../core/sql.ts';
import type { Actor } from '../../core/records.ts';
import { updateVersioned } from '../../core/versioned.ts';
import type { Db, Dialect } from '../../db/index.ts';
import { inTransaction } from '../../db/tx.ts';
import { attachmentFileId, storedAttachments, ticketedAttachments, type FileLinks } from '../file/links.ts';
import { deliver, insertReceiveRows, messagePush } from './pushes.ts';
import type { Services } from '../../core/types.ts';
import { inUnit, type UnitOfWork } from '../../core/unit-of-work.ts';
import { resolveRecipients } from './recipients.ts';
import type { NoticeBody, NoticeListQuery } from './schema.ts';

export const NOTICE = 1;
/** The notice administration menu: who holds it may manage notices. */
export const NOTICE_MENU = 'message.notice';
export const NoticeState = { draft: 0, released: 1, expired: 2 } as const;
const EXCERPT_LENGTH = 100;

/** Rich text of a notice: formatting, links, images and tables from the editor; no scripts or handlers. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: sanitizeHtml.defaults.allowedTags.concat(['img', 'span', 'u', 's', 'del', 'ins', 'sub', 'sup']),
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    '*': ['class', 'style'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d+(\.\d+)?(px|em|rem|%)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
};

export const sanitizeNotice = (html: string) => sanitizeHtml(html, SANITIZE);

/** The plain-text start of a notice for lists. */
export function excerptOf(html: string): string {
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text;
}

/**
 * Attachments are the file module's records as JSON text: an array of objects, nothing else. They
 * are stored with their plain paths: the links (with tickets) a form was given are not kept.
 */
function checkedFiles(files: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(files);
  } catch {
    throw fail('filesInvalid');
  }
  if (!Array.isArray(parsed) || parsed.some((f) => typeof f !== 'object' || f === null || Array.isArray(f)))
    throw fail('filesInvalid');
  return JSON.stringify(storedAttachments(parsed as Record<string, unknown>[]));
}

/** Whether a stored files JSON text lists the attachment `fileId`. */
function carries(files: string | null, fileId: string): boolean {
  try {
    const parsed: unknown = JSON.parse(files ?? '[]');
    return (
      Array.isArray(parsed) &&
      parsed.some(
        (f: unknown) =>
          typeof f === 'object' && f !== null && attachmentFileId(f as Record<string, unknown>) === fileId,
      )
    );
  } catch {
    return false;
  }
}

/**
 * Whether `userId` may fetch the attachment `fileId` as a reader (notice managers may fetch any):
 * they received a released notice carrying it and still have it; or no notice carries it yet (it
 * was just uploaded, and only its uploader was handed a link to it).
 */
export async function noticeFileVisible(db: Db, userId: string, fileId: string): Promise<boolean> {
  // Attachment ids are letters, digits and one dot: nothing LIKE would read as a wildcard.
  const pattern = `%${fileId}%`;
  const received = await db
    .selectFrom('message_receive')
    .innerJoin('message', 'message.id', 'message_receive.message_id')
    .select('message.files')
    .where('message_receive.user_id', '=', userId)
    .where('message.type', '=', NOTICE)
    .where('message.state', '=', NoticeState.released)
    .where('message.files', 'like', pattern)
    .limit(20)
    .execute();
  if (received.some((r) => carries(r.files, fileId))) return true;
  const holders = await db.selectFrom('message').select('files').where('files', 'like', pattern).limit(20).execute();
  return !holders.some((r) => carries(r.files, fileId));
}

/** The columns a notice body sets, checked: expiry in the future, attachments well-formed, HTML clean. */
function noticeColumns(body: NoticeBody, now: number) {
  if (body.expireTime !== null && body.expireTime <= now) throw fail('expireTimePast');
  const html = sanitizeNotice(body.bodyText);
  return {
    title: body.title,
    body_text: html,
    excerpt: excerptOf(html),
    files: checkedFiles(body.files),
    category: body.category,
    urgent: body.urgent,
    expire_time: body.expireTime,
    recipients: JSON.stringify(body.toUserIds),
  };
}

/** Released notices past their expiry show as expired; nothing has to run at the expiry time. */
export const noticeState = (row: { state: number; expire_time: number | null }, now: number) =>
  row.state === NoticeState.released && row.expire_time !== null && row.expire_time <= now
    ? NoticeState.expired
    : row.state;

/** "Real Name/account", as the message lists show who released or created something. */
export const userLabel = (name: string | null, account: string | null) => (account ? `${name ?? ''}/${account}` : '');

function noticeQuery(db: Db) {
  return db
    .selectFrom('message')
    .leftJoin('users as releaser', 'releaser.id', 'message.release_user_id')
    .leftJoin('users as creator', 'creator.id', 'message.created_by')
    .where('message.type', '=', NOTICE);
}

const LIST_COLUMNS = [
  'message.id',
  'message.title',
  'message.category',
  'message.urgent',
  'message.state',
  'message.expire_time',
  'message.release_time',
  'message.created_at',
  'message.updated_at',
  'message.version',
  'releaser.real_name as release_name',
  'releaser.account as release_account',
  'creator.real_name as creator_name',
  'creator.account as creator_account',
] as const;

type ListRow = {
  id: string;
  title: string;
  category: string;
  urgent: number;
  state: number;
  expire_time: number | null;
  release_time: number | null;
  created_at: number;
  updated_at: number | null;
  version: number;
  release_name: string | null;
  release_account: string | null;
  creator_name: string | null;
  creator_account: string | null;
};

function listItem(r: ListRow, now: number) {
  return {
    id: r.id,
    title: r.title,
    category: r.category,
    urgent: r.urgent,
    state: noticeState(r, now),
    expireTime: r.expire_time,
    releaseTime: r.release_time,
    releaseUser: userLabel(r.release_name, r.release_account),
    creatorTime: r.created_at,
    creatorUser: userLabel(r.creator_name, r.creator_account),
    lastModifyTime: r.updated_at,
    version: r.version,
  };
}

/** The notice administration list: paged, newest first, by title keyword and state. */
export async function listNotices(db: Db, dialect: Dialect, query: NoticeListQuery, now: number) {
  let base = noticeQuery(db);
  if (query.keyword) base = base.where((eb) => containsAny(eb, dialect, ['message.title'], query.keyword));
  if (query.state === NoticeState.draft) base = base.where('message.state', '=', NoticeState.draft);
  else if (query.state === NoticeState.released)
    base = base
      .where('message.state', '=', NoticeState.released)
      .where((eb) => eb.or([eb('message.expire_time', 'is', null), eb('message.expire_time', '>', now)]));
  else if (query.state === NoticeState.expired)
    base = base.where('message.state', '=', NoticeState.released).where('message.expire_time', '<=', now);
  const { total, rows } = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    base.select(LIST_COLUMNS).orderBy('message.created_at', query.sort).orderBy('message.id', query.sort),
  );
  return pageOf(
    rows.map((r) => listItem(r, now)),
    query,
    total,
  );
}

/** One notice for its form, its attachments linked for the caller (`links`). */
export async function noticeInfo(db: Db, id: string, now: number, links: FileLinks) {
  const row = await noticeQuery(db)
    .select([...LIST_COLUMNS, 'message.body_text', 'message.files', 'message.recipients'])
    .where('message.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return {
    ...listItem(row, now),
    bodyText: row.body_text,
    files: ticketedAttachments(row.files, links),
    toUserIds: JSON.parse(row.recipients) as string[],
  };
}

export async function createNotice(db: Db, body: NoticeBody, actor: Actor): Promise<string> {
  const id = newId(actor.now);
  await db
    .insertInto('message')
    .values({
      id,
      type: NOTICE,
      state: NoticeState.draft,
      ...noticeColumns(body, actor.now),
      flow_type: null,
      release_time: null,
      release_user_id: null,
      created_at: actor.now,
      created_by: actor.userId,
      updated_at: null,
      updated_by: null,
      version: 0,
    })
    .execute();
  return id;
}

/** Saves a draft; a released notice is what its recipients read, so it no longer changes. */
export async function updateNotice(db: Db, id: string, body: NoticeBody & { version: number }, actor: Actor) {
  const columns = noticeColumns(body, actor.now);
  await inTransaction(db, async (trx) => {
    const row = await trx
      .selectFrom('message')
      .select(['state'])
      .where('id', '=', id)
      .where('type', '=', NOTICE)
      .executeTakeFirst();
    if (!row) throw notFound();
    if (row.state !== NoticeState.draft) throw fail('noticeNotDraft');
    await updateVersioned(trx, 'message', id, body.version, {
      ...columns,
      updated_at: actor.now,
      updated_by: actor.userId,
    });
  });
}

/**
 * Deletes a notice with the receive rows made by its release; answers the users who had it unread,
 * whose counts change.
 */
export async function removeNotice(db: Db, id: string): Promise<string[]> {
  return inTransaction(db, async (trx) => {
    const unread = await trx
      .selectFrom('message_receive')
      .select('user_id')
      .where('message_id', '=', id)
      .where('is_read', '=', 0)
      .execute();
    const result = await trx.deleteFrom('message').where('id', '=', id).where('type', '=', NOTICE).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound();
    return unread.map((r) => r.user_id);
  });
}

/**
 * Releases drafts in one transaction: each gets one receive row per recipient. The draft-to-released
 * step is a conditional update, so two admins releasing at once release once; the loser gets 409
 * and nothing of its request stays. Answers the pushes to send after commit.
 */
export async function releaseNotices(
  services: Pick<Services, 'db' | 'push'>,
  ids: readonly string[],
  actor: Actor,
  target: Db | UnitOfWork = services.db,
): Promise<void> {
  return inUnit(target, async ({ trx, afterCommit }) => {
    for (const id of ids) {
      const row = await trx
        .selectFrom('message')
        .select(['title', 'state', 'expire_time', 'recipients'])
        .where('id', '=', id)
        .where('type', '=', NOTICE)
        .executeTakeFirst();
      if (!row) throw notFound();
      if (row.state !== NoticeState.draft)
        throw new AppError(ResultCode.conflict, 'noticeAlreadyReleased', { title: row.title });
      if (row.expire_time !== null && row.expire_time <= actor.now) throw fail('noticeExpired', { title: row.title });
      const userIds = await resolveRecipients(trx, JSON.parse(row.recipients) as string[]);
      if (!userIds.length) throw fail('noticeNoRecipients', { title: row.title });
      const claimed = await trx
        .updateTable('message')
        .set((eb) => ({
          state: NoticeState.released,
          release_time: actor.now,
          release_user_id: actor.userId,
          updated_at: actor.now,
          updated_by: actor.userId,
          version: eb('version', '+', 1),
        }))
        .where('id', '=', id)
        .where('state', '=', NoticeState.draft)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1)
        throw new AppError(ResultCode.conflict, 'noticeAlreadyReleased', { title: row.title });
      await insertReceiveRows(trx, id, userIds, actor.now);
      const push = messagePush({ type: NOTICE, title: row.title, time: actor.now, senderId: actor.userId }, userIds);
      afterCommit(() => deliver(services, [push]));
    }
  });
}
