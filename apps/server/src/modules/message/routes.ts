import type { FastifyRequest } from 'fastify';
import { signedIn } from '../../core/access.ts';
import { ok } from '../../core/http.ts';
import type { App, Services } from '../../core/types.ts';
import { fileLinks } from '../file/links.ts';
import { conversations, deleteChatRecord, removeConversation } from './chat-service.ts';
import { listMessages, readAll, readMessage, removeRecords } from './message-service.ts';
import {
  createNotice,
  listNotices,
  NOTICE_MENU,
  noticeInfo,
  releaseNotices,
  removeNotice,
  updateNotice,
} from './notice-service.ts';
import { pushCounts } from './pushes.ts';
import {
  idParams,
  messageFilter,
  messageListQuery,
  noticeBody,
  noticeListQuery,
  noticeUpdateBody,
  recordBody,
  releaseBody,
  rootAnswer,
  unreadCountsSchema,
  readInfoAnswer,
  noticeAnswer,
  rootPostAnswer,
  rootAnswer2,
  imreplyAnswer,
} from './schema.ts';
import { unreadCounts } from './unread.ts';
import { registerMessages } from '../../core/messages.ts';
import { messageMessages } from './messages.ts';
import { replies } from '../../core/response-schema.ts';

const tags = ['message'];
const BASE = '/api/message';
const user = { access: 'user' as const };
const notice = (button?: string) => ({
  access: { permission: button ? `${NOTICE_MENU}:${button}` : NOTICE_MENU },
});

/**
 * The message centre (every signed-in user, their own rows only), the notice administration
 * (menu message.notice) and the chat conversation list. Live chat itself runs
 * over the socket (modules/socket/chat-handlers.ts).
 */
export async function messageRoutes(app: App, services: Services) {
  registerMessages(messageMessages);
  const { db, dialect, now } = services;
  const me = (request: FastifyRequest) => signedIn(request).session.userId;
  const actor = (request: FastifyRequest) => ({ userId: me(request), now: now() });
  /** Links to private files for the caller, fresh with every answer (docs/files.md). */
  const links = (request: FastifyRequest) => fileLinks(services, me(request));
  /** The caller's other tabs follow a read or delete made here. */
  const syncCounts = (userId: string) =>
    pushCounts(services, userId).catch((err: unknown) => app.log.warn({ err }, 'message counts push failed'));

  // ---------------------------------------------------------------------------------------------
  // Message centre
  // ---------------------------------------------------------------------------------------------

  app.get(
    BASE,
    {
      schema: {
        querystring: messageListQuery,
        tags,
        summary: "The caller's messages, paged, by keyword, type and read state",
        response: replies(rootAnswer),
      },
      config: user,
    },
    async (request) => ok(await listMessages(db, dialect, me(request), request.query)),
  );

  app.get(
    `${BASE}/getUnReadMsgNum`,
    {
      schema: { tags, summary: 'Unread message counts of the caller by type', response: replies(unreadCountsSchema) },
      config: user,
    },
    async (request) => ok(await unreadCounts(db, me(request))),
  );

  app.get(
    `${BASE}/ReadInfo/:id`,
    {
      schema: {
        params: idParams,
        tags,
        summary: "One of the caller's messages with its body; marks it read",
        response: replies(readInfoAnswer),
      },
      config: user,
    },
    async (request) => {
      const userId = me(request);
      const { changed, detail } = await readMessage(db, userId, request.params.id, now(), links(request));
      if (changed) await syncCounts(userId);
      return ok(detail);
    },
  );

  app.post(
    `${BASE}/Actions/ReadAll`,
    {
      schema: {
        body: messageFilter,
        tags,
        summary: "Marks the caller's matching messages read",
        response: replies(unreadCountsSchema),
      },
      config: user,
    },
    async (request) => {
      const userId = me(request);
      if (await readAll(db, dialect, userId, request.body, now())) await syncCounts(userId);
      return ok(await unreadCounts(db, userId), request.t('readAllSuccess'));
    },
  );

  app.delete(
    `${BASE}/Record`,
    {
      schema: {
        body: recordBody,
        tags,
        summary: "Removes messages from the caller's message centre",
        response: replies(),
      },
      config: user,
    },
    async (request) => {
      const userId = me(request);
      if (await removeRecords(db, userId, request.body.ids)) await syncCounts(userId);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Notice administration
  // ---------------------------------------------------------------------------------------------

  app.get(
    `${BASE}/Notice`,
    {
      schema: {
        querystring: noticeListQuery,
        tags,
        summary: 'Notices for administration, paged, by keyword and state',
        response: replies(noticeAnswer),
      },
      config: notice(),
    },
    async (request) => ok(await listNotices(db, dialect, request.query, now())),
  );

  app.post(
    BASE,
    {
      schema: { body: noticeBody, tags, summary: 'Create a notice (a draft)', response: replies(rootPostAnswer) },
      config: notice('btn_add'),
    },
    async (request) => ok({ id: await createNotice(db, request.body, actor(request)) }, request.t('createSuccess')),
  );

  app.post(
    `${BASE}/Actions/Release`,
    {
      schema: {
        body: releaseBody,
        tags,
        summary: 'Release drafts: one receive row per recipient, pushed live',
        response: replies(),
      },
      config: notice('btn_release'),
    },
    async (request) => {
      await releaseNotices(services, request.body, actor(request));
      return ok(undefined, request.t('releaseSuccess'));
    },
  );

  app.get(
    `${BASE}/:id`,
    {
      schema: { params: idParams, tags, summary: 'One notice for its form', response: replies(rootAnswer2) },
      config: notice(),
    },
    async (request) => ok(await noticeInfo(db, request.params.id, now(), links(request))),
  );

  app.put(
    `${BASE}/:id`,
    {
      schema: {
        params: idParams,
        body: noticeUpdateBody,
        tags,
        summary: 'Save a draft notice (with version)',
        response: replies(),
      },
      config: notice('btn_edit'),
    },
    async (request) => {
      await updateNotice(db, request.params.id, request.body, actor(request));
      return ok(undefined, request.t('updateSuccess'));
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: { params: idParams, tags, summary: 'Delete a notice and its receive rows', response: replies() },
      config: notice('btn_remove'),
    },
    async (request) => {
      const affected = await removeNotice(db, request.params.id);
      // Bells showing it as unread drop it at once; users offline get exact counts when they connect.
      const online = new Set(await services.push.onlineUserIds());
      for (const userId of affected) if (online.has(userId)) await syncCounts(userId);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  // ---------------------------------------------------------------------------------------------
  // Chat conversations
  // ---------------------------------------------------------------------------------------------

  app.get(
    `${BASE}/imreply`,
    {
      schema: {
        tags,
        summary: "The caller's conversations, newest first, with unread counts",
        response: replies(imreplyAnswer),
      },
      config: user,
    },
    async (request) => ok({ list: await conversations(db, me(request), links(request)) }),
  );

  app.delete(
    `${BASE}/imreply/deleteChatRecord/:id`,
    {
      schema: {
        params: idParams,
        tags,
        summary: "Deletes the caller's copy of the conversation with a user",
        response: replies(),
      },
      config: user,
    },
    async (request) => {
      const userId = me(request);
      await deleteChatRecord(db, userId, request.params.id, now());
      await syncCounts(userId);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );

  app.delete(
    `${BASE}/imreply/relocation/:id`,
    {
      schema: { params: idParams, tags, summary: "Removes a conversation from the caller's list", response: replies() },
      config: user,
    },
    async (request) => {
      await removeConversation(db, me(request), request.params.id);
      return ok(undefined, request.t('deleteSuccess'));
    },
  );
}
