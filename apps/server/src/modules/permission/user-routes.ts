import { signedIn } from '../../core/access.ts';
import { recordInScope } from '../../core/data-scope.ts';
import { keepHiddenFields } from '../../core/field-grants.ts';
import { fail, notFound } from '../../core/errors.ts';
import { ok } from '../../core/http.ts';
import type { App, Services } from '../../core/types.ts';
import { dataSchemeFilter } from '../authorize/data-scheme.ts';
import { listUsers } from './users.ts';
import { idParams, resetPasswordForm, userForm, userListQuery, userUpdate } from './user-schema.ts';
import { createUser, deleteUser, getUserInfo, resetPassword, toggleUserState, updateUser } from './user-service.ts';
import { usersAnswer, userDetailAnswer, rolePostAnswer, roleActionsStatePutAnswer } from './schema.ts';
import { replies } from '../../core/response-schema.ts';
import { authorityKey, createAnswerMemo } from '../../core/answer-memo.ts';
import { auditUser } from './user-audit.ts';

const tags = ['permission'];
/** Pages of the users list kept ready, over every caller. */
const USER_PAGES_KEPT = 500;

/** The users list's data schemes (menu permission.user) apply to every route about users. */
export const USERS_SCOPE = { menu: 'permission.user', table: 'users' } as const;
const ONE_USER = { ...USERS_SCOPE, idParam: 'id' } as const;
/** The users list's column grants and the user form's field grants (menu permission.user). */
const USER_FIELDS = { menu: 'permission.user' } as const;
/** What a created user has in the form fields its creator may not fill in. */
const EMPTY_USER_FIELDS = { gender: null, mobilePhone: '', email: '', managerId: null, education: null, nation: null };

/** User management: list, create, read, update, delete, state, password reset and unlock. */
export async function userCrudRoutes(
  app: App,
  { db, dialect, changes, now, push, records, authority: authorities }: Services,
) {
  // A page of the list is kept per caller's grants until users, their memberships, organisations
  // or grades change: paging back and forth, or reloading, costs no query.
  const listAnswers = createAnswerMemo(changes, {
    name: 'users.list',
    tables: ['users', 'user_relation', 'organize', 'job_grade'],
    maxEntries: USER_PAGES_KEPT,
  });
  // A user is a record that record-bound reads (print data) may name: its owner sees it, and so
  // does whoever manages users with it inside their data scheme.
  records.register({
    kind: 'user',
    async maySee(authority, id) {
      const exists = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) return undefined;
      if (id === authority.user.id) return true;
      if (!authorities.allows(authority, 'permission.user')) return false;
      return recordInScope(db, 'users', id, await dataSchemeFilter(db, dialect, authority, 'permission.user'));
    },
  });

  app.get(
    '/api/permission/Users',
    {
      schema: {
        querystring: userListQuery,
        tags,
        summary: 'Users, paged, by keyword and organisation subtree',
        response: replies(usersAnswer),
      },
      config: { access: { permission: 'permission.user' }, scope: USERS_SCOPE, fields: USER_FIELDS },
    },
    (request, reply) =>
      listAnswers.send(
        request,
        reply,
        `${authorityKey(signedIn(request).authority)}|${JSON.stringify(request.query)}`,
        async () => ok(await listUsers(db, dialect, request.query, request.scope)),
      ),
  );

  app.post(
    '/api/permission/Users',
    {
      schema: {
        body: userForm,
        tags,
        summary: 'Create a user with the default password',
        response: replies(rolePostAnswer),
      },
      config: { access: { permission: 'permission.user:btn_add' }, fields: USER_FIELDS, audit: auditUser('create') },
    },
    async (request) => {
      // A field the caller may not edit starts empty, whatever was sent for it.
      const form = keepHiddenFields(request.body, request.fieldGrants, EMPTY_USER_FIELDS);
      const id = await createUser(db, form, now(), signedIn(request).session.userId);
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.get(
    '/api/permission/Users/:id',
    {
      schema: {
        params: idParams,
        tags,
        summary: 'One user with memberships and version',
        response: replies(userDetailAnswer),
      },
      config: { access: { permission: 'permission.user' }, scope: ONE_USER, fields: USER_FIELDS },
    },
    async (request) => ok(await getUserInfo(db, request.params.id)),
  );

  app.put(
    '/api/permission/Users/:id',
    {
      schema: {
        params: idParams,
        body: userUpdate,
        tags,
        summary: 'Update a user (optimistic lock on version)',
        response: replies(),
      },
      config: {
        access: { permission: 'permission.user:btn_edit' },
        audit: auditUser('update'),
        scope: ONE_USER,
        fields: USER_FIELDS,
      },
    },
    async (request) => {
      // A field the caller may not edit keeps its stored value, whatever was sent for it.
      const stored = request.fieldGrants?.hiddenForm.size ? await getUserInfo(db, request.params.id) : {};
      const form = keepHiddenFields(request.body, request.fieldGrants, stored);
      await updateUser(db, request.params.id, form, now(), signedIn(request).session.userId);
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.delete(
    '/api/permission/Users/:id',
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Delete a user (not an administrator, not yourself)',
        response: replies(),
      },
      config: { access: { permission: 'permission.user:btn_remove' }, scope: ONE_USER, audit: auditUser('delete') },
    },
    async (request) => {
      await deleteUser(db, push, request.params.id, signedIn(request).session.userId);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  app.put(
    '/api/permission/Users/:id/Actions/State',
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Toggle enabled/disabled',
        response: replies(roleActionsStatePutAnswer),
      },
      config: { access: { permission: 'permission.user:btn_edit' }, scope: ONE_USER, audit: auditUser('other') },
    },
    async (request) => {
      const enabledMark = await toggleUserState(db, push, request.params.id, now(), signedIn(request).session.userId);
      return ok({ enabledMark }, request.t('updateSuccess'));
    },
  );

  app.post(
    '/api/permission/Users/:id/Actions/ResetPassword',
    {
      schema: {
        params: idParams,
        body: resetPasswordForm,
        tags,
        summary: 'Set a new password (md5 hex, twice)',
        response: replies(),
      },
      config: { access: { permission: 'permission.user:btn_edit' }, scope: ONE_USER, audit: auditUser('other') },
    },
    async (request) => {
      const { userPassword, validatePassword } = request.body;
      if (userPassword !== validatePassword) throw fail('passwordMismatch');
      await resetPassword(db, request.params.id, userPassword, now(), signedIn(request).session.userId);
      return ok(undefined, request.t('resetPasswordSuccess'));
    },
  );

  app.put(
    '/api/permission/Users/:id/Actions/unlock',
    {
      schema: { params: idParams, tags, summary: 'Lift a sign-in lockout', response: replies() },
      config: { access: { permission: 'permission.user:btn_edit' }, scope: ONE_USER, audit: auditUser('other') },
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
