import { signedIn } from '../../core/access.ts';
import { ok } from '../../core/http.ts';
import type { App, Services } from '../../core/types.ts';

export async function messageRoutes(app: App, { db }: Services) {
  app.get(
    '/api/message/getUnReadMsgNum',
    {
      schema: { tags: ['message'], summary: 'Unread message counts of the caller by type' },
      config: { access: 'user' },
    },
    async (request) => {
      const rows = await db
        .selectFrom('message_receive')
        .innerJoin('message', 'message.id', 'message_receive.message_id')
        .select(['message.type', (eb) => eb.fn.countAll<number>().as('n')])
        .where('message_receive.user_id', '=', signedIn(request).session.userId)
        .where('message_receive.is_read', '=', 0)
        .groupBy('message.type')
        .execute();
      const count = (type: number) => Number(rows.find((r) => r.type === type)?.n ?? 0);
      const unreadNoticeCount = count(1);
      const unreadMessageCount = count(2);
      const unreadSystemMessageCount = count(3);
      return ok({
        unreadMessageCount,
        unreadNoticeCount,
        unreadSystemMessageCount,
        unreadTotalCount: unreadNoticeCount + unreadMessageCount + unreadSystemMessageCount,
      });
    },
  );
}
