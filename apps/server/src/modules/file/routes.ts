import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signedIn } from '../../core/access.ts';
import { fail, notFound } from '../../core/errors.ts';
import { IMAGE_TYPES, sniffImage, type ImageKind } from '../../core/files.ts';
import { ok } from '../../core/http.ts';
import { newId } from '../../core/ids.ts';
import { readSettings, uploadLimits } from '../../core/settings.ts';
import type { Db } from '../../db/index.ts';
import type { FileStorage } from '../../core/storage.ts';
import type { App, Services } from '../../core/types.ts';
import { registerMessages } from '../../core/messages.ts';
import { fileMessages } from './messages.ts';
import { downloadRoutes } from './download-routes.ts';
import { uploadRoutes } from './upload-routes.ts';
import { uploaderUserAvatarPostAnswer } from './schema.ts';
import { fileReply, replies } from '../../core/response-schema.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** A stored image's generated name: the only thing the image routes take from the path. */
const imageParams = z.object({ name: z.string().regex(/^[0-9A-Z]{26}\.(png|jpg|gif|webp)$/) });

/**
 * Avatars and system logos are public (docs/files.md): served to anyone by their generated name, with
 * no ticket, since avatars show beside every message and the logos on the sign-in page.
 */
export const avatarUrl = (name: string) => `/api/file/Image/userAvatar/${name}`;
/** The system's logos (the system settings' logoIcon, loginIcon, navigationIcon). */
export const systemIconUrl = (name: string) => `/api/file/Image/systemIcon/${name}`;

/**
 * Reads one uploaded image within the system settings' upload limits (size, and its type among the
 * allowed extensions) and the route's own cap, recognised by its content, and stores it under a
 * generated name.
 */
async function receiveImage(
  request: FastifyRequest,
  db: Db,
  storage: FileStorage,
  category: string,
  cap: number,
  at: number,
) {
  const limits = uploadLimits(await readSettings(db));
  const maxBytes = Math.min(cap, limits.maxBytes);
  const part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw fail('fileMissing');
  const bytes = await part.toBuffer().catch((error: { statusCode?: number }) => {
    if (error.statusCode === 413) throw fail('uploadTooLarge', { size: Math.round((maxBytes / 1048576) * 10) / 10 });
    throw error;
  });
  const kind = sniffImage(bytes);
  if (!kind) throw fail('fileTypeImage');
  // The type is the one the content shows (the client's file name is not trusted).
  if (!limits.extensions.has(kind) && !(kind === 'jpg' && limits.extensions.has('jpeg')))
    throw fail('uploadExtension', { extension: kind });
  const name = `${newId(at)}.${kind}`;
  await storage.put(category, name, bytes);
  return name;
}

export async function fileRoutes(app: App, services: Services) {
  const { db, now, storage } = services;
  registerMessages(fileMessages);
  await uploadRoutes(app, services);
  await downloadRoutes(app, services);
  app.post(
    '/api/file/Uploader/userAvatar',
    {
      schema: {
        tags: ['file'],
        summary: 'Upload an avatar image (png, jpg, gif, webp; 2 MB)',
        response: replies(uploaderUserAvatarPostAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => {
      signedIn(request);
      const name = await receiveImage(request, db, storage, 'userAvatar', AVATAR_MAX_BYTES, now());
      return ok({ name, url: avatarUrl(name) });
    },
  );

  app.post(
    '/api/file/Uploader/systemIcon',
    {
      schema: {
        tags: ['file'],
        summary: 'Upload a system logo (png, jpg, gif, webp; 2 MB)',
        response: replies(uploaderUserAvatarPostAnswer),
      },
      config: { access: { permission: 'basic.sysConfig:btn_edit' } },
    },
    async (request) => {
      const name = await receiveImage(request, db, storage, 'systemIcon', AVATAR_MAX_BYTES, now());
      return ok({ name, url: systemIconUrl(name) });
    },
  );

  for (const category of ['userAvatar', 'systemIcon']) {
    app.get(
      `/api/file/Image/${category}/:name`,
      {
        schema: {
          params: imageParams,
          tags: ['file'],
          summary: `A ${category} image (public: names are unguessable; logos show on the sign-in page)`,
          response: fileReply('the image', ...Object.values(IMAGE_TYPES)),
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const stream = await storage.open(category, request.params.name);
        if (!stream) throw notFound();
        const kind = request.params.name.split('.').pop() as ImageKind;
        return reply
          .type(IMAGE_TYPES[kind])
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          .send(stream);
      },
    );
  }
}
