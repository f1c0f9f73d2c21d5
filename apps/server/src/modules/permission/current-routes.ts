import { signedIn } from '../../core/access.ts';
import { notFound } from '../../core/errors.ts';
import { ok } from '../../core/http.ts';
import type { App, Services } from '../../core/types.ts';
import { avatarUrl } from '../file/routes.ts';
import * as current from './current.ts';
import {
  avatarParams,
  baseInfoBody,
  idParams,
  majorBody,
  modifyPasswordBody,
  signImgBody,
  systemLanguageBody,
  systemLogQuery,
  systemThemeBody,
} from './current-schema.ts';
import {
  usersCurrentBaseInfoAnswer,
  usersCurrentSubordinateAnswer,
  usersCurrentAuthorizeAnswer,
  usersCurrentSystemLogAnswer,
  usersCurrentGetUserOrganizesAnswer,
  usersCurrentGetUserPositionsAnswer,
  usersCurrentSignImgAnswer,
  rolePostAnswer,
} from './schema.ts';
import { replies } from '../../core/response-schema.ts';

const PREFIX = '/api/permission/Users/Current';
const tags = ['current user'];

/** Calls every signed-in user may make about themselves. */
export async function currentUserRoutes(app: App, { db, dialect, storage, now }: Services) {
  const user = { access: 'user' as const };

  app.get(
    `${PREFIX}/BaseInfo`,
    { schema: { tags, summary: 'My base information', response: replies(usersCurrentBaseInfoAnswer) }, config: user },
    async (request) => ok(await current.baseInfo(db, signedIn(request).authority)),
  );

  app.put(
    `${PREFIX}/BaseInfo`,
    { schema: { body: baseInfoBody, tags, summary: 'Change my base information', response: replies() }, config: user },
    async (request) => {
      await current.updateBaseInfo(db, signedIn(request).session.userId, request.body, now());
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.put(
    `${PREFIX}/Avatar/:name`,
    {
      schema: { params: avatarParams, tags, summary: 'Use an uploaded image as my avatar', response: replies() },
      config: user,
    },
    async (request) => {
      if (!(await storage.stat('userAvatar', request.params.name))) throw notFound();
      await current.setHeadIcon(db, signedIn(request).session.userId, avatarUrl(request.params.name), now());
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.post(
    `${PREFIX}/Actions/ModifyPassword`,
    {
      schema: {
        body: modifyPasswordBody,
        tags,
        summary: 'Change my password (md5 of old and new)',
        response: replies(),
      },
      config: user,
    },
    async (request) => {
      const { session } = signedIn(request);
      await current.modifyPassword(
        db,
        session.userId,
        session.id,
        request.body.oldPassword,
        request.body.password,
        now(),
      );
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.put(
    `${PREFIX}/SystemTheme`,
    {
      schema: { body: systemThemeBody, tags, summary: 'Save my layout and shell settings', response: replies() },
      config: user,
    },
    async (request) => {
      await current.setTheme(db, signedIn(request).session.userId, request.body.theme, request.body.preferences);
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.put(
    `${PREFIX}/SystemLanguage`,
    { schema: { body: systemLanguageBody, tags, summary: 'Save my language', response: replies() }, config: user },
    async (request) => {
      await current.setLanguage(db, signedIn(request).session.userId, request.body.language);
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.get(
    `${PREFIX}/Subordinate/:id`,
    {
      schema: {
        params: idParams,
        tags,
        summary: 'Direct subordinates (0 = mine)',
        response: replies(usersCurrentSubordinateAnswer),
      },
      config: user,
    },
    async (request) => ok(await current.subordinates(db, signedIn(request).session.userId, request.params.id)),
  );

  app.get(
    `${PREFIX}/Authorize`,
    {
      schema: {
        tags,
        summary: 'My authorised menus, buttons, columns, forms and data schemes',
        response: replies(usersCurrentAuthorizeAnswer),
      },
      config: user,
    },
    async (request) => ok(current.authorizeTree(signedIn(request).authority, request.language)),
  );

  app.get(
    `${PREFIX}/SystemLog`,
    {
      schema: {
        querystring: systemLogQuery,
        tags,
        summary: 'My sign-ins (1) or operations (5), paged',
        response: replies(usersCurrentSystemLogAnswer),
      },
      config: user,
    },
    async (request) =>
      ok(await current.systemLog(db, dialect, request.language, signedIn(request).session.userId, request.query)),
  );

  app.get(
    `${PREFIX}/getUserOrganizes`,
    {
      schema: { tags, summary: 'My organisations', response: replies(usersCurrentGetUserOrganizesAnswer) },
      config: user,
    },
    async (request) => ok(await current.userOrganizes(db, signedIn(request).authority)),
  );

  app.get(
    `${PREFIX}/getUserPositions`,
    { schema: { tags, summary: 'My positions', response: replies(usersCurrentGetUserPositionsAnswer) }, config: user },
    async (request) => ok(await current.userPositions(db, signedIn(request).authority)),
  );

  app.put(
    `${PREFIX}/major`,
    {
      schema: {
        body: majorBody,
        tags,
        summary: 'Switch my major organisation, position or system',
        response: replies(),
      },
      config: user,
    },
    async (request) => {
      await current.switchMajor(db, signedIn(request).authority, request.body.majorType, request.body.majorId, now());
      return ok(undefined, request.t('switchSuccess'));
    },
  );

  app.get(
    `${PREFIX}/SignImg`,
    { schema: { tags, summary: 'My signature images', response: replies(usersCurrentSignImgAnswer) }, config: user },
    async (request) => ok(await current.listSignImgs(db, signedIn(request).session.userId)),
  );

  app.post(
    `${PREFIX}/SignImg`,
    {
      schema: { body: signImgBody, tags, summary: 'Add a signature image', response: replies(rolePostAnswer) },
      config: user,
    },
    async (request) => {
      const id = await current.addSignImg(
        db,
        signedIn(request).session.userId,
        request.body.signImg,
        request.body.isDefault,
        now(),
      );
      return ok({ id }, request.t('createSuccess'));
    },
  );

  app.put(
    `${PREFIX}/:id/SignImg`,
    {
      schema: { params: idParams, tags, summary: 'Make a signature image the default', response: replies() },
      config: user,
    },
    async (request) => {
      await current.setDefaultSignImg(db, signedIn(request).session.userId, request.params.id);
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.delete(
    `${PREFIX}/:id/SignImg`,
    { schema: { params: idParams, tags, summary: 'Delete a signature image', response: replies() }, config: user },
    async (request) => {
      await current.deleteSignImg(db, signedIn(request).session.userId, request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );
}
