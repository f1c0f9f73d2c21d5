import type {
  ChatContentType,
  ChatMessage,
  ReceiveMessageFrame,
  SendMessageEchoFrame,
  StoredChatImage,
  UnreadNum,
} from '@atrium/shared';
import { newId } from '../../core/ids.ts';
import { countedPage, pageOf } from '../../core/paging.ts';
import { containsAny } from '../../core/sql.ts';
import type { FileStorage } from '../../core/storage.ts';
import type { Services } from '../../core/types.ts';
import type { Db, Dialect } from '../../db/index.ts';
import { inTransaction } from '../../db/tx.ts';
import { storeChatMessage } from './chat-writer.ts';
import { fileLinks, IM_CATEGORY, IM_NAME, imImageUrl, type FileLinks } from '../file/links.ts';

/** Longest chat text accepted (after trimming). */
export const MAX_CHAT_TEXT = 5000;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Chat text is stored HTML-escaped, so a client rendering it as HTML shows it literally. */
export function escapeChatText(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

// ---------------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------------

export type OutgoingContent =
  | { messageType: 'text'; text: string }
  | { messageType: 'image'; image: { name: string; width: number; height: number } };

/** What a stored message becomes on the wire: the echo for the sender and the frame for the recipient. */
export interface SentChat {
  echo: SendMessageEchoFrame;
  received: ReceiveMessageFrame;
}

/**
 * The stored form of an outgoing message, or null when there is nothing to store: empty text after
 * trimming, or an image that was not uploaded through the IM upload.
 */
export async function storedContent(
  storage: FileStorage,
  content: OutgoingContent,
): Promise<{ content: string; type: ChatContentType } | null> {
  if (content.messageType === 'text') {
    const text = content.text.trim();
    if (!text || text.length > MAX_CHAT_TEXT) return null;
    return { content: escapeChatText(text), type: 'text' };
  }
  const { name, width, height } = content.image;
  if (!IM_NAME.test(name) || !(await storage.stat(IM_CATEGORY, name))) return null;
  const stored: StoredChatImage = { name, path: imImageUrl(name), width, height };
  return { content: JSON.stringify(stored), type: 'image' };
}

/** The stored name of an image message's content, when it is one. */
function imageName(content: string): string | null {
  try {
    const parsed = JSON.parse(content) as Partial<StoredChatImage> | null;
    return typeof parsed?.name === 'string' && IM_NAME.test(parsed.name) ? parsed.name : null;
  } catch {
    return null;
  }
}

/**
 * Stored content as answered to one user: an image's path gains that user's ticket (docs/files.md);
 * everything else is answered as stored.
 */
export function answeredContent(type: string, content: string, links: FileLinks): string {
  if (type !== 'image') return content;
  const name = imageName(content);
  if (!name) return content;
  const stored = JSON.parse(content) as StoredChatImage;
  return JSON.stringify({ ...stored, path: links.chatImage(name) });
}

/**
 * Whether `userId` may fetch the chat image `name`: they sent or received a message holding it and
 * have not deleted their copy; or no message holds it yet (it was just uploaded, and only its
 * uploader was handed a link to it).
 */
export async function chatImageVisible(db: Db, userId: string, name: string): Promise<boolean> {
  // Names are letters, digits and one dot: nothing LIKE would read as a wildcard.
  const holding = db
    .selectFrom('im_content')
    .select('content')
    .where('content_type', '=', 'image')
    .where('content', 'like', `%${name}%`)
    .limit(20);
  const holds = (rows: { content: string }[]) => rows.some((r) => imageName(r.content) === name);
  const mine = await holding
    .where((eb) =>
      eb.or([
        eb.and([eb('send_user_id', '=', userId), eb('send_deleted', '=', 0)]),
        eb.and([eb('receive_user_id', '=', userId), eb('receive_deleted', '=', 0)]),
      ]),
    )
    .execute();
  if (holds(mine)) return true;
  return !holds(await holding.execute());
}

interface Party {
  id: string;
  account: string;
  real_name: string;
  head_icon: string;
}

/**
 * Stores one chat message and both sides' conversation entries (chat-writer.ts). Answers the
 * frames to push after commit, or null when the message is not stored (empty, bad image, unknown or
 * disabled recipient, or the sender writing to themselves).
 */
export async function sendChat(
  services: Pick<Services, 'db' | 'now' | 'storage' | 'secrets'>,
  senderId: string,
  toUserId: string,
  content: OutgoingContent,
): Promise<SentChat | null> {
  if (toUserId === senderId) return null;
  const stored = await storedContent(services.storage, content);
  if (!stored) return null;
  const parties = await services.db
    .selectFrom('users')
    .select(['id', 'account', 'real_name', 'head_icon'])
    .where('id', 'in', [senderId, toUserId])
    .where('enabled', '=', 1)
    .execute();
  const sender = parties.find((p) => p.id === senderId);
  const recipient = parties.find((p) => p.id === toUserId);
  if (!sender || !recipient) return null;

  const now = services.now();
  await storeChatMessage(services.db, {
    id: newId(now),
    send_user_id: senderId,
    receive_user_id: toUserId,
    send_time: now,
    receive_time: null,
    content: stored.content,
    content_type: stored.type,
    state: 0,
    send_deleted: 0,
    receive_deleted: 0,
  });
  // Each side gets the content with its own link to an image.
  return chatFrames(sender, recipient, stored.type, now, (userId) =>
    answeredContent(stored.type, stored.content, fileLinks(services, userId)),
  );
}

function chatFrames(
  sender: Party,
  recipient: Party,
  type: ChatContentType,
  time: number,
  contentFor: (userId: string) => string,
): SentChat {
  return {
    echo: {
      method: 'sendMessage',
      userId: sender.id,
      toUserId: recipient.id,
      dateTime: time,
      latestDate: time,
      headIcon: sender.head_icon,
      realName: sender.real_name,
      account: sender.account,
      toAccount: recipient.account,
      toRealName: recipient.real_name,
      toHeadIcon: recipient.head_icon,
      messageType: type,
      toMessage: contentFor(sender.id),
    },
    received: {
      method: 'receiveMessage',
      formUserId: sender.id,
      userId: recipient.id,
      dateTime: time,
      latestDate: time,
      headIcon: sender.head_icon,
      realName: sender.real_name,
      account: sender.account,
      messageType: type,
      formMessage: contentFor(recipient.id),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

export interface HistoryQuery {
  currentPage: number;
  pageSize: number;
  sord: 'asc' | 'desc';
  keyword: string;
}

/**
 * One page of the conversation between `me` and `other` as `me` still has it, by send time; images
 * come with links for `me` (`links`).
 */
export async function chatHistory(
  db: Db,
  dialect: Dialect,
  me: string,
  other: string,
  query: HistoryQuery,
  links: FileLinks,
) {
  let base = db
    .selectFrom('im_content')
    .where((eb) =>
      eb.or([
        eb.and([eb('send_user_id', '=', me), eb('receive_user_id', '=', other), eb('send_deleted', '=', 0)]),
        eb.and([eb('send_user_id', '=', other), eb('receive_user_id', '=', me), eb('receive_deleted', '=', 0)]),
      ]),
    );
  if (query.keyword)
    base = base
      .where('content_type', '=', 'text')
      .where((eb) => containsAny(eb, dialect, ['content'], escapeChatText(query.keyword)));
  const { total, rows } = await countedPage(
    query,
    base.select((eb) => eb.fn.countAll<number>().as('total')),
    base
      .select([
        'id',
        'send_user_id',
        'send_time',
        'receive_user_id',
        'receive_time',
        'content',
        'content_type',
        'state',
      ])
      .orderBy('send_time', query.sord)
      .orderBy('id', query.sord),
  );
  const list: ChatMessage[] = rows.map((r) => ({
    id: r.id,
    sendUserId: r.send_user_id,
    sendTime: r.send_time,
    receiveUserId: r.receive_user_id,
    receiveTime: r.receive_time,
    content: answeredContent(r.content_type, r.content, links),
    contentType: r.content_type as ChatContentType,
    state: r.state,
  }));
  return pageOf(list, query, total);
}

/** Marks what `other` sent to `me` read; answers how many messages changed. */
export async function markChatRead(db: Db, me: string, other: string, now: number): Promise<number> {
  const result = await db
    .updateTable('im_content')
    .set({ state: 1, receive_time: now })
    .where('receive_user_id', '=', me)
    .where('send_user_id', '=', other)
    .where('state', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Unread chat of a user per sender, with the latest message of each conversation (initMessage); an
 * image comes with a link for the user (`links`).
 */
export async function unreadChats(db: Db, userId: string, links: FileLinks): Promise<UnreadNum[]> {
  const rows = await db
    .selectFrom('im_content')
    .leftJoin('im_reply', (join) =>
      join.on('im_reply.user_id', '=', userId).onRef('im_reply.other_user_id', '=', 'im_content.send_user_id'),
    )
    .select((eb) => [
      'im_content.send_user_id',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.max('im_reply.latest_message').as('latest_message'),
      eb.fn.max('im_reply.latest_type').as('latest_type'),
      eb.fn.max('im_reply.latest_time').as('latest_time'),
    ])
    .where('im_content.receive_user_id', '=', userId)
    .where('im_content.state', '=', 0)
    .where('im_content.receive_deleted', '=', 0)
    .groupBy('im_content.send_user_id')
    .execute();
  return rows.map((r) => ({
    sendUserId: r.send_user_id,
    // PostgreSQL answers count() as a string (bigint).
    unreadNum: Number(r.n),
    defaultMessage: answeredContent(r.latest_type ?? 'text', r.latest_message ?? '', links),
    defaultMessageType: r.latest_type ?? 'text',
    defaultMessageTime: Number(r.latest_time ?? 0),
  }));
}

/** The conversation list: newest first, with unread counts; images linked for `me`. */
export async function conversations(db: Db, me: string, links: FileLinks) {
  const [rows, unread] = await Promise.all([
    db
      .selectFrom('im_reply')
      .innerJoin('users', 'users.id', 'im_reply.other_user_id')
      .select([
        'users.id',
        'users.real_name',
        'users.account',
        'users.head_icon',
        'im_reply.latest_message',
        'im_reply.latest_type',
        'im_reply.latest_time',
      ])
      .where('im_reply.user_id', '=', me)
      .where('im_reply.hidden', '=', 0)
      .orderBy('im_reply.latest_time', 'desc')
      .execute(),
    unreadChats(db, me, links),
  ]);
  const unreadOf = new Map(unread.map((u) => [u.sendUserId, u.unreadNum]));
  return rows.map((r) => ({
    id: r.id,
    realName: r.real_name,
    account: r.account,
    headIcon: r.head_icon,
    unreadMessage: unreadOf.get(r.id) ?? 0,
    latestMessage: answeredContent(r.latest_type, r.latest_message, links),
    messageType: r.latest_type,
    latestDate: r.latest_time,
  }));
}

/**
 * Deletes the caller's copy of a conversation: their sent and received messages are hidden from
 * them only, unread ones count as read, and the entry keeps no latest message.
 */
export async function deleteChatRecord(db: Db, me: string, other: string, now: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('im_content')
      .set({ send_deleted: 1 })
      .where('send_user_id', '=', me)
      .where('receive_user_id', '=', other)
      .execute();
    await trx
      .updateTable('im_content')
      .set((eb) => ({
        receive_deleted: 1,
        state: 1,
        receive_time: eb.fn.coalesce('receive_time', eb.val(now)),
      }))
      .where('send_user_id', '=', other)
      .where('receive_user_id', '=', me)
      .execute();
    await trx
      .updateTable('im_reply')
      .set({ latest_message: '', latest_type: 'text' })
      .where('user_id', '=', me)
      .where('other_user_id', '=', other)
      .execute();
  });
}

/** Drops a conversation from the caller's list until the next message. */
export async function removeConversation(db: Db, me: string, other: string): Promise<void> {
  await db
    .updateTable('im_reply')
    .set({ hidden: 1 })
    .where('user_id', '=', me)
    .where('other_user_id', '=', other)
    .execute();
}
