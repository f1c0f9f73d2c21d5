import type { InitMessageFrame, MessagePushFrame } from '@atrium/shared';
import { newId } from '../../core/ids.ts';
import type { Services } from '../../core/types.ts';
import type { Tx } from '../../db/tx.ts';
import { fileLinks } from '../file/links.ts';
import { unreadChats } from './chat-service.ts';
import { unreadCounts } from './unread.ts';

type PushServices = Pick<Services, 'db' | 'push' | 'secrets' | 'now'>;

/**
 * The caller's full unread picture: message-centre counts by type, unread chat per sender, and who
 * is online. It answers OnConnection and is pushed again whenever the user's read state changes, so
 * every tab (and a client back from a reconnect) replaces its counts with exact ones.
 */
export async function initMessageFor(services: PushServices, userId: string): Promise<InitMessageFrame> {
  const [onlineUsers, counts, unreadNums] = await Promise.all([
    services.push.onlineUserIds(),
    unreadCounts(services.db, userId),
    unreadChats(services.db, userId, fileLinks(services, userId)),
  ]);
  return { method: 'initMessage', onlineUsers, unreadNums, ...counts, userId };
}

/** Pushes fresh counts to every socket of the user (after a read or delete made in one tab). */
export async function pushCounts(services: PushServices, userId: string): Promise<void> {
  const frame = await initMessageFor(services, userId);
  await services.push.toUsers([userId], { ...frame });
}

const RECEIVE_CHUNK = 500;

/** One unread receive row per user, in batches (a notice to everyone may reach 10 000 users). */
export async function insertReceiveRows(trx: Tx, messageId: string, userIds: readonly string[], now: number) {
  for (let i = 0; i < userIds.length; i += RECEIVE_CHUNK) {
    await trx
      .insertInto('message_receive')
      .values(
        userIds.slice(i, i + RECEIVE_CHUNK).map((userId) => ({
          id: newId(now),
          message_id: messageId,
          user_id: userId,
          is_read: 0,
          read_time: null,
          created_at: now,
        })),
      )
      .execute();
  }
}

/** A message-centre arrival, to push after the commit that stored it. */
export interface PendingPush {
  userIds: string[];
  frame: MessagePushFrame;
}

export function messagePush(
  input: { type: number; title: string; time: number; senderId: string | null },
  userIds: string[],
): PendingPush {
  return {
    userIds,
    frame: {
      method: 'messagePush',
      unreadNoticeCount: 1,
      messageType: input.type,
      userId: input.senderId ?? '',
      // One frame serves every recipient; it names the recipient only when there is one.
      toUserId: userIds.length === 1 ? userIds[0]! : '',
      title: input.title,
      messageDefaultTime: input.time,
    },
  };
}

/** Sends pending pushes; a failure is logged by the hub and never undoes what was committed. */
export async function deliver(services: Pick<Services, 'push'>, pending: readonly PendingPush[]): Promise<void> {
  for (const p of pending) if (p.userIds.length) await services.push.toUsers(p.userIds, { ...p.frame });
}
