import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { signedIn } from '../../core/access.ts';
import { fail, notFound } from '../../core/errors.ts';
import { FILE_TICKET_TTL_MS } from '../../core/file-ticket.ts';
import { IMAGE_TYPES, sniffImage, type ImageKind } from '../../core/files.ts';
import { ok } from '../../core/http.ts';
import { newId } from '../../core/ids.ts';
import type { App, Services } from '../../core/types.ts';
import { chatImageVisible } from './chat-service.ts';
import {
  enabledAuthority,
  fileLinks,
  IM_CATEGORY,
  IM_NAME,
  notVisible,
  ticketHolder,
  ticketQuery,
} from '../file/links.ts';
import { uploaderPostAnswer } from './schema.ts';
import { fileReply, replies } from '../../core/response-schema.ts';

/** Chat images: one image file under 5 MB (5 242 880 bytes). */
export const IM_MAX_BYTES = 5 * 1024 * 1024;

const imName = z.object({ name: z.string().regex(IM_NAME) });
const imQuery = z.object(ticketQuery);

/**
 * The chat image upload (`upload base + /IM`) and its download. The upload answers the name to send
 * and a link for the uploader; a download needs a ticket (docs/files.md) of the sender or the
 * receiver of a chat message holding the image (on their side not deleted), or, while no message
 * holds it yet, of the uploader (nobody else was ever handed a link to it).
 */
export async function imUploadRoutes(app: App, services: Services) {
  const { db, now, storage } = services;
  app.post(
    `/api/file/Uploader/${IM_CATEGORY}`,
    {
      schema: {
        tags: ['file'],
        summary: 'Upload a chat image (png, jpg, gif, webp; under 5 MB)',
        response: replies(uploaderPostAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => {
      const { session } = signedIn(request);
      const part = await request.file({ limits: { fileSize: IM_MAX_BYTES, files: 1 } });
      if (!part) throw fail('fileMissing');
      const bytes = await part.toBuffer().catch((err: unknown) => {
        // The multipart limit stops the stream at 5 MB: answer the chat's own message.
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail('imImageTooLarge');
        throw err;
      });
      const kind = sniffImage(bytes);
      if (!kind) throw fail('fileTypeImage');
      const name = `${newId(now())}${randomBytes(8).toString('hex')}.${kind}`;
      await storage.put(IM_CATEGORY, name, bytes);
      return ok({ name, url: fileLinks(services, session.userId).chatImage(name) });
    },
  );

  app.get(
    `/api/file/Image/${IM_CATEGORY}/:name`,
    {
      schema: {
        params: imName,
        querystring: imQuery,
        tags: ['file'],
        summary: 'A chat image, with the ticket of a link handed out by the chat (docs/files.md)',
        response: fileReply('the image', ...Object.values(IMAGE_TYPES)),
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { name } = request.params;
      const userId = ticketHolder(services, IM_CATEGORY, name, request.query.ticket);
      await enabledAuthority(services, userId);
      if (!(await chatImageVisible(db, userId, name))) throw notVisible();
      const stream = await storage.open(IM_CATEGORY, name);
      if (!stream) throw notFound('fileNotFound');
      const kind = name.split('.').pop() as ImageKind;
      return (
        reply
          .type(IMAGE_TYPES[kind])
          // Each link is its own URL: the browser may keep the image as long as the link lives.
          .header('cache-control', `private, max-age=${FILE_TICKET_TTL_MS / 1000}`)
          .header('x-content-type-options', 'nosniff')
          .send(stream)
      );
    },
  );
}
