import { z } from 'zod';
import { ok } from '../../core/http.ts';
import type { App, Services } from '../../core/types.ts';
import { guideRoutes } from './guide-routes.ts';
import { dashboardAnswer } from './schema.ts';
import { replies } from '../../core/response-schema.ts';

const DAY = 86_400_000;
/** Minutes east of UTC; China Standard Time unless the client says otherwise. */
const dashboardQuery = z.object({ tzOffset: z.coerce.number().int().min(-720).max(840).optional().default(480) });

/** The organisation overview behind the 运营大屏 menu entry, and the user guide. */
export async function homeRoutes(app: App, { db, now }: Services) {
  await guideRoutes(app);
  app.get(
    '/api/home/Dashboard',
    {
      schema: {
        querystring: dashboardQuery,
        tags: ['home'],
        summary: 'Organisation counts and sign-ins of the last 7 days',
        response: replies(dashboardAnswer),
      },
      config: { access: { permission: 'workbench.screen' } },
    },
    async (request) => {
      const at = now();
      const count = async (table: 'users' | 'organize' | 'position' | 'role') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('enabled', '=', 1)
              .executeTakeFirstOrThrow()
          ).n,
        );
      // Days are counted in the caller's time zone.
      const zone = request.query.tzOffset * 60_000;
      const today = Math.floor((at + zone) / DAY) * DAY - zone;
      const since = today - 6 * DAY;
      const [userCount, organizeCount, positionCount, roleCount, online, logins] = await Promise.all([
        count('users'),
        count('organize'),
        count('position'),
        count('role'),
        db
          .selectFrom('session')
          .select((eb) => eb.fn.count<number>('user_id').distinct().as('n'))
          .where('expires_at', '>', at)
          .where('ended_at', 'is', null)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('sys_log')
          .select('created_at')
          .where('category', '=', 1)
          .where('abstracts', '=', 'success')
          .where('created_at', '>=', since)
          .execute(),
      ]);
      const signIns = Array.from({ length: 7 }, (_, i) => {
        const start = since + i * DAY;
        const date = new Date(start + zone).toISOString().slice(0, 10);
        return { date, count: logins.filter((l) => l.created_at >= start && l.created_at < start + DAY).length };
      });
      return ok({ userCount, organizeCount, positionCount, roleCount, onlineUserCount: Number(online.n), signIns });
    },
  );
}
