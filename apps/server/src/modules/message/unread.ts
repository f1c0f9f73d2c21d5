import type { Db } from '../../db/index.ts';

export interface UnreadCounts {
  unreadNoticeCount: number;
  unreadMessageCount: number;
  unreadSystemMessageCount: number;
  unreadTotalCount: number;
}

/**
 * Unread message-centre rows of a user by message type (1 notice, 2 flow, 3 system), as
 * `initMessage` and `getUnReadMsgNum` report them. Chat messages are counted apart (unreadNums).
 */
export async function unreadCounts(db: Db, userId: string): Promise<UnreadCounts> {
  const rows = await db
    .selectFrom('message_receive')
    .innerJoin('message', 'message.id', 'message_receive.message_id')
    .select(['message.type', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('message_receive.user_id', '=', userId)
    .where('message_receive.is_read', '=', 0)
    .groupBy('message.type')
    .execute();
  // PostgreSQL answers count() as a string (bigint).
  const count = (type: number) => Number(rows.find((r) => r.type === type)?.n ?? 0);
  const unreadNoticeCount = count(1);
  const unreadMessageCount = count(2);
  const unreadSystemMessageCount = count(3);
  return {
    unreadNoticeCount,
    unreadMessageCount,
    unreadSystemMessageCount,
    unreadTotalCount: unreadNoticeCount + unreadMessageCount + unreadSystemMessageCount,
  };
}
