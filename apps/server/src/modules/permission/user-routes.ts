import { signedIn } from '../../core/access.ts';
import { fail, forbidden, notFound } from '../../core/errors.ts';
import { ok } from '../../core/http.ts';
import type { App, Services } from '../../core/types.ts';
import { dataSchemeFilter } from '../authorize/data-scheme.ts';
import type { FastifyRequest } from 'fastify';
import { listUsers } from './users.ts';
import { idParams, resetPasswordForm, userForm, userListQuery, userUpdate } from './user-schema.ts';
import { createUser, deleteUser, getUserInfo, resetPassword, toggleUserState, updateUser } from './user-service.ts';

const tags = ['permission'];

/** User management: list, create, read, update, delete, state, password reset and unlock. */
export async function userCrudRoutes(app: App, { db, dialect, now }: Services) {
  const schemeOf = (request: FastifyRequest) =>
    dataSchemeFilter(db, dialect, signedIn(request).authority, 'permission.user');

  /** A user outside the caller's data scheme (for example another department for HR) is refused. */
  const inScope = async (request: FastifyRequest, id: string) => {
    const exists = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw notFound();
    const scheme = await schemeOf(request);
    if (!scheme) return;
    const visible = await db.selectFrom('users').select('id').where('id', '=', id).where(scheme).executeTakeFirst();
    if (!visible) throw forbidden();
  };

  app.get(
    '/api/permission/Users',
    {
      schema: { querystring: userListQuery, tags, summary: 'Users, paged, by keyword and organisation subtree' },
      config: { access: { permission: 'permission.user' } },
    },
    async (request) => ok(await listUsers(db, dialect, request.query, await schemeOf(request))),
  );

  app.post(
    '/api/permission/Users',
    {
      schema: { body: userForm, tags, summary: 'Create a user with the default password' },
      config: { access: { permission: 'permission.user:btn_add' } },
    },
    async (request) => {
      const id = await createUser(db, request.body, now(), signedIn(request).session.userId);
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.get(
    '/api/permission/Users/:id',
    {
      schema: { params: idParams, tags, summary: 'One user with memberships and version' },
      config: { access: { permission: 'permission.user' } },
    },
    async (request) => {
      await inScope(request, request.params.id);
      return ok(await getUserInfo(db, request.params.id));
    },
  );

  app.put(
    '/api/permission/Users/:id',
    {
      schema: { params: idParams, body: userUpdate, tags, summary: 'Update a user (optimistic lock on version)' },
      config: { access: { permission: 'permission.user:btn_edit' } },
    },
    async (request) => {
      await inScope(request, request.params.id);
      await updateUser(db, request.params.id, request.body, now(), signedIn(request).session.userId);
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.delete(
    '/api/permission/Users/:id',
    {
      schema: { params: idParams, tags, summary: 'Delete a user (not an administrator, not yourself)' },
      config: { access: { permission: 'permission.user:btn_remove' } },
    },
    async (request) => {
      await inScope(request, request.params.id);
      await deleteUser(db, request.params.id, signedIn(request).session.userId);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  app.put(
    '/api/permission/Users/:id/Actions/State',
    {
      schema: { params: idParams, tags, summary: 'Toggle enabled/disabled' },
      config: { access: { permission: 'permission.user:btn_edit' } },
    },
    async (request) => {
      await inScope(request, request.params.id);
      const enabledMark = await toggleUserState(db, request.params.id, now(), signedIn(request).session.userId);
      return ok({ enabledMark }, request.t('updateSuccess'));
    },
  );

  app.post(
    '/api/permission/Users/:id/Actions/ResetPassword',
    {
      schema: { params: idParams, body: resetPasswordForm, tags, summary: 'Set a new password (md5 hex, twice)' },
      config: { access: { permission: 'permission.user:btn_edit' } },
    },
    async (request) => {
      const { userPassword, validatePassword } = request.body;
      if (userPassword !== validatePassword) throw fail('passwordMismatch');
      await inScope(request, request.params.id);
      await resetPassword(db, request.params.id, userPassword, now(), signedIn(request).session.userId);
      return ok(undefined, request.t('resetPasswordSuccess'));
    },
  );

  app.put(
    '/api/permission/Users/:id/Actions/unlock',
    {
      schema: { params: idParams, tags, summary: 'Lift a sign-in lockout' },
      config: { access: { permission: 'permission.user:btn_edit' } },
    },
    async (request) => {
      await inScope(request, request.params.id);
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
