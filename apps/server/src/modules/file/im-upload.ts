import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { signedIn } from '../../core/access.ts';
import { fail, notFound } from '../../core/errors.ts';
import { categoryDir, IMAGE_TYPES, sniffImage, storeFile, type ImageKind } from '../../core/files.ts';
import { ok } from '../../core/http.ts';
import { newId } from '../../core/ids.ts';
import type { App, Services } from '../../core/types.ts';

/** Chat images (spec 1 section 5): one image file under 5 MB (5 242 880 bytes). */
export const IM_CATEGORY = 'IM';
export const IM_MAX_BYTES = 5 * 1024 * 1024;
/** A time-ordered id plus 64 random bits: chat images are served without a token, so names must not be guessable. */
export const IM_NAME = /^[0-9A-Z]{26}[0-9a-f]{16}\.(png|jpg|gif|webp)$/;
export const imImageUrl = (name: string) => `/api/file/Image/${IM_CATEGORY}/${name}`;

const imName = z.object({ name: z.string().regex(IM_NAME) });

/** The chat image upload (`upload base + /IM`) and its download. */
export async function imUploadRoutes(app: App, { config, now }: Services) {
  app.post(
    `/api/file/Uploader/${IM_CATEGORY}`,
    {
      schema: { tags: ['file'], summary: 'Upload a chat image (png, jpg, gif, webp; under 5 MB)' },
      config: { access: 'user' },
    },
    async (request) => {
      signedIn(request);
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
      await storeFile(config.dataDir, IM_CATEGORY, name, bytes);
      return ok({ name, url: imImageUrl(name) });
    },
  );

  app.get(
    `/api/file/Image/${IM_CATEGORY}/:name`,
    {
      schema: { params: imName, tags: ['file'], summary: 'A chat image (public: names are unguessable)' },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const file = path.join(categoryDir(config.dataDir, IM_CATEGORY), request.params.name);
      if (!fs.existsSync(file)) throw notFound();
      const kind = request.params.name.split('.').pop() as ImageKind;
      return reply
        .type(IMAGE_TYPES[kind])
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(fs.createReadStream(file));
    },
  );
}
