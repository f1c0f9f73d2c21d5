import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { signedIn } from '../../core/access.ts';
import { fail, notFound } from '../../core/errors.ts';
import { categoryDir, IMAGE_TYPES, sniffImage, storeFile, type ImageKind } from '../../core/files.ts';
import { ok } from '../../core/http.ts';
import { newId } from '../../core/ids.ts';
import type { App, Services } from '../../core/types.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
const avatarName = z.object({ name: z.string().regex(/^[0-9A-Z]{26}\.(png|jpg|gif|webp)$/) });

export const avatarUrl = (name: string) => `/api/file/Image/userAvatar/${name}`;

export async function fileRoutes(app: App, { config, now }: Services) {
  app.post(
    '/api/file/Uploader/userAvatar',
    {
      schema: { tags: ['file'], summary: 'Upload an avatar image (png, jpg, gif, webp; 2 MB)' },
      config: { access: 'user' },
    },
    async (request) => {
      signedIn(request);
      const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
      if (!part) throw fail('fileMissing');
      const bytes = await part.toBuffer();
      const kind = sniffImage(bytes);
      if (!kind) throw fail('fileTypeImage');
      const name = `${newId(now())}.${kind}`;
      await storeFile(config.dataDir, 'userAvatar', name, bytes);
      return ok({ name, url: avatarUrl(name) });
    },
  );

  app.get(
    '/api/file/Image/userAvatar/:name',
    {
      schema: { params: avatarName, tags: ['file'], summary: 'An avatar image (public: names are unguessable)' },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const file = path.join(categoryDir(config.dataDir, 'userAvatar'), request.params.name);
      if (!fs.existsSync(file)) throw notFound();
      const kind = request.params.name.split('.').pop() as ImageKind;
      return reply
        .type(IMAGE_TYPES[kind])
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(fs.createReadStream(file));
    },
  );
}
