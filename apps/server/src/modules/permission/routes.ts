import { z } from 'zod';
import { ok } from '../../core/http.ts';
import { notFound } from '../../core/errors.ts';
import { signedIn } from '../../core/access.ts';
import { pageQuery } from '../../core/paging.ts';
import type { App, Services } from '../../core/types.ts';
import { listUsers } from './users.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

const userListQuery = pageQuery.extend({ organizeId: z.string().max(64).optional() });

export async function permissionRoutes(app: App, { db, dialect, now }: Services) {
  app.get(
    '/api/permission/Users',
    {
      schema: {
        querystring: userListQuery,
        tags: ['permission'],
        summary: 'Users, paged, by keyword and organisation',
      },
      config: { access: { permission: 'permission.user' } },
    },
    async (request) => ok(await listUsers(db, dialect, request.query)),
  );

  app.put(
    '/api/permission/Users/:id/Actions/unlock',
    {
      schema: { params: idParams, tags: ['permission'], summary: 'Lift a sign-in lockout' },
      config: { access: { permission: 'permission.user:btn_edit' } },
    },
    async (request) => {
      const result = await db
        .updateTable('users')
        .set({
          lock_mark: 0,
          unlock_time: null,
          login_error_count: 0,
          updated_at: now(),
          updated_by: signedIn(request).session.userId,
        })
        .where('id', '=', request.params.id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound();
      return ok(undefined, request.t('unlockSuccess'));
    },
  );
}
