import { signedIn } from '../../core/access.ts';
import { ok } from '../../core/http.ts';
import type { App, Services } from '../../core/types.ts';
import { unreadCounts } from './unread.ts';

export async function messageRoutes(app: App, { db }: Services) {
  app.get(
    '/api/message/getUnReadMsgNum',
    {
      schema: { tags: ['message'], summary: 'Unread message counts of the caller by type' },
      config: { access: 'user' },
    },
    async (request) => ok(await unreadCounts(db, signedIn(request).session.userId)),
  );
}
