import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { signedIn } from '../../core/access.ts';
import { fail, notFound } from '../../core/errors.ts';
import { categoryDir, sniffImage, storeFile } from '../../core/files.ts';
import { ok } from '../../core/http.ts';
import { newId } from '../../core/ids.ts';
import { readSettings, uploadLimits } from '../../core/settings.ts';
import type { App, Services } from '../../core/types.ts';

/** Attachments (of notices, and of forms later): spec 2 section 3's attachment item. */
export const ANNEX_CATEGORY = 'annex';
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);
/**
 * A time-ordered id plus 64 random bits and the extension: attachments are fetched by this name
 * alone (links in notices and records), so it must not be guessable.
 */
const ANNEX_NAME = /^[0-9A-Z]{26}[0-9a-f]{16}\.[a-z0-9]{1,10}$/;
const annexParams = z.object({ fileId: z.string().regex(ANNEX_NAME) });
const annexQuery = z.object({ fullName: z.string().max(200).optional() });

export const annexUrl = (fileId: string) => `/api/file/Annex/${fileId}`;

/** The client's file name without any path, for display and the download's name only. */
function displayName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  return base.trim().slice(0, 200) || 'file';
}

export async function annexUploadRoutes(app: App, { config, db, now }: Services) {
  app.post(
    `/api/file/Uploader/${ANNEX_CATEGORY}`,
    {
      schema: { tags: ['file'], summary: 'Upload an attachment within the system settings upload limits' },
      config: { access: 'user' },
    },
    async (request) => {
      signedIn(request);
      const limits = uploadLimits(await readSettings(db));
      const part = await request.file({ limits: { fileSize: limits.maxBytes, files: 1 } });
      if (!part) throw fail('fileMissing');
      const name = displayName(part.filename);
      const extension = path.extname(name).slice(1).toLowerCase();
      if (!extension || !limits.extensions.has(extension) || !/^[a-z0-9]{1,10}$/.test(extension))
        throw fail('uploadExtension', { extension: extension || '-' });
      const bytes = await part.toBuffer().catch((error: { statusCode?: number }) => {
        if (error.statusCode === 413)
          throw fail('uploadTooLarge', { size: Math.round((limits.maxBytes / 1048576) * 10) / 10 });
        throw error;
      });
      // A file named as an image must be one: it may be shown inline by a browser.
      if (IMAGE_EXTENSIONS.has(extension) && !sniffImage(bytes)) throw fail('fileTypeImage');
      const fileId = `${newId(now())}${randomBytes(8).toString('hex')}.${extension}`;
      await storeFile(config.dataDir, ANNEX_CATEGORY, fileId, bytes);
      return ok({ name, fileId, fileSize: bytes.length, fileExtension: extension, url: annexUrl(fileId) });
    },
  );

  app.get(
    '/api/file/Annex/:fileId',
    {
      schema: {
        params: annexParams,
        querystring: annexQuery,
        tags: ['file'],
        summary: 'Download an attachment (public: names are unguessable)',
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const file = path.join(categoryDir(config.dataDir, ANNEX_CATEGORY), request.params.fileId);
      if (!fs.existsSync(file)) throw notFound();
      const downloadName = displayName(request.query.fullName ?? request.params.fileId);
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(downloadName)}`)
        .header('x-content-type-options', 'nosniff')
        .send(fs.createReadStream(file));
    },
  );
}
