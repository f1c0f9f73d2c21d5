import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { signedIn } from '../../core/access.ts';
import { fail, notFound } from '../../core/errors.ts';
import { IMAGE_TYPES, ownerOf, removeOwned, sniffImage, storeOwner, type ImageKind } from '../../core/files.ts';
import { ok } from '../../core/http.ts';
import { newId } from '../../core/ids.ts';
import { registerMessages } from '../../core/messages.ts';
import { idParams } from '../../core/record-schema.ts';
import type { App, Services } from '../../core/types.ts';
import { enabledAuthority, fileLinks, notVisible, ticketHolder, ticketQuery } from '../file/links.ts';
import { feedbackMessages } from './messages.ts';
import { fileReply, replies } from '../../core/response-schema.ts';
import { feedbackBody, feedbackListQuery, feedbackPage, SCREENSHOT_NAME, uploadAnswer } from './schema.ts';
import {
  createFeedback,
  FEEDBACK_CATEGORY,
  FEEDBACK_MENU,
  feedbackImageUrl,
  handleFeedback,
  listFeedback,
  removeFeedback,
  screenshotUsed,
  writesScreenshot,
} from './service.ts';

/** A screenshot is one image under 5 MB. */
export const FEEDBACK_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const tags = ['feedback'];
const imageParams = z.object({ name: z.string().regex(SCREENSHOT_NAME) });

/**
 * Feedback from the navbar: any signed-in user writes it (with an optional screenshot) and reads
 * their own; the administrators' list (menu message.feedback) reads, handles and deletes everyone's.
 * A screenshot is a private file (docs/files.md): its link carries a ticket, and a download is
 * allowed to the writer and to whoever may open the administrators' list.
 */
export async function feedbackRoutes(app: App, services: Services) {
  const { db, dialect, now, storage, authority: authorities } = services;
  registerMessages(feedbackMessages);

  app.post(
    `/api/file/Uploader/${FEEDBACK_CATEGORY}`,
    {
      schema: {
        response: replies(uploadAnswer),
        tags,
        summary: 'Upload a feedback screenshot (png, jpg, gif, webp; under 5 MB)',
      },
      config: { access: 'user' },
    },
    async (request) => {
      const { session } = signedIn(request);
      const part = await request.file({ limits: { fileSize: FEEDBACK_IMAGE_MAX_BYTES, files: 1 } });
      if (!part) throw fail('fileMissing');
      const bytes = await part.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw fail('feedbackImageTooLarge', { size: 5 });
        throw error;
      });
      const kind = sniffImage(bytes);
      if (!kind) throw fail('fileTypeImage');
      const name = `${newId(now())}${randomBytes(8).toString('hex')}.${kind}`;
      await storage.put(FEEDBACK_CATEGORY, name, bytes);
      // Until feedback carries it, only the uploader may attach or fetch it.
      await storeOwner(storage, FEEDBACK_CATEGORY, name, session.userId);
      const url = fileLinks(services, session.userId).link(FEEDBACK_CATEGORY, name, feedbackImageUrl(name));
      return ok({ name, url });
    },
  );

  app.get(
    `/api/file/Image/${FEEDBACK_CATEGORY}/:name`,
    {
      schema: {
        params: imageParams,
        querystring: z.object(ticketQuery),
        response: fileReply('image/*', 'The screenshot'),
        tags,
        summary: 'A feedback screenshot, with a ticket of its writer or of a feedback administrator',
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { name } = request.params;
      const userId = ticketHolder(services, FEEDBACK_CATEGORY, name, request.query.ticket);
      const authority = await enabledAuthority(services, userId);
      const visible =
        authorities.allows(authority, FEEDBACK_MENU) ||
        (await writesScreenshot(db, userId, name)) ||
        (!(await screenshotUsed(db, name)) && (await ownerOf(storage, FEEDBACK_CATEGORY, name)) === userId);
      if (!visible) throw notVisible();
      const stream = await storage.open(FEEDBACK_CATEGORY, name);
      if (!stream) throw notFound('fileNotFound');
      return (
        reply
          .type(IMAGE_TYPES[name.split('.').pop() as ImageKind])
          .header('cache-control', 'private, max-age=900')
          .header('x-content-type-options', 'nosniff')
          // The schema documents a binary body; a stream is piped as is and never serialised.
          .send(stream as unknown as string)
      );
    },
  );

  app.post(
    '/api/feedback',
    {
      schema: {
        body: feedbackBody,
        response: replies(z.object({ id: z.string() })),
        tags,
        summary: 'Send feedback to the administrators',
      },
      config: { access: 'user' },
    },
    async (request) => {
      const { session } = signedIn(request);
      const { screenshot } = request.body;
      // Only a screenshot this user uploaded, and no other feedback carries, may be attached.
      if (
        screenshot &&
        ((await ownerOf(storage, FEEDBACK_CATEGORY, screenshot)) !== session.userId ||
          (await screenshotUsed(db, screenshot)))
      )
        throw fail('invalidField', { field: 'screenshot', problem: request.t('feedbackScreenshotUnknown') });
      const id = await createFeedback(db, session.userId, request.body, now());
      return ok({ id }, request.t('feedbackSent'));
    },
  );

  app.get(
    '/api/feedback/Mine',
    {
      schema: {
        querystring: feedbackListQuery,
        response: replies(feedbackPage),
        tags,
        summary: "The caller's own feedback, newest first",
      },
      config: { access: 'user' },
    },
    async (request) => {
      const { session } = signedIn(request);
      const links = fileLinks(services, session.userId);
      const link = (url: string, name: string) => links.link(FEEDBACK_CATEGORY, name, url);
      return ok(await listFeedback(db, dialect, request.query, link, session.userId));
    },
  );

  app.get(
    '/api/feedback',
    {
      schema: {
        querystring: feedbackListQuery,
        response: replies(feedbackPage),
        tags,
        summary: "Everyone's feedback, by keyword and state",
      },
      config: { access: { permission: FEEDBACK_MENU } },
    },
    async (request) => {
      const links = fileLinks(services, signedIn(request).session.userId);
      const link = (url: string, name: string) => links.link(FEEDBACK_CATEGORY, name, url);
      return ok(await listFeedback(db, dialect, request.query, link));
    },
  );

  app.put(
    '/api/feedback/:id/Actions/Handle',
    {
      schema: { params: idParams, response: replies(), tags, summary: 'Mark feedback handled' },
      config: { access: { permission: `${FEEDBACK_MENU}:btn_edit` } },
    },
    async (request) => {
      await handleFeedback(db, request.params.id, signedIn(request).session.userId, now());
      return ok(undefined, request.t('feedbackHandled'));
    },
  );

  app.delete(
    '/api/feedback/:id',
    {
      schema: { params: idParams, response: replies(), tags, summary: 'Delete feedback and its screenshot' },
      config: { access: { permission: `${FEEDBACK_MENU}:btn_remove` } },
    },
    async (request) => {
      const screenshot = await removeFeedback(db, request.params.id);
      if (screenshot) {
        await removeOwned(storage, FEEDBACK_CATEGORY, screenshot);
      }
      return ok(undefined, request.t('deleteSuccess'));
    },
  );
}
