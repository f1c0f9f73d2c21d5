import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { signedIn } from '../../core/access.ts';
import { fail, notFound } from '../../core/errors.ts';
import { sniffImage } from '../../core/files.ts';
import { ok } from '../../core/http.ts';
import { newId } from '../../core/ids.ts';
import { readSettings, uploadLimits } from '../../core/settings.ts';
import type { App, Services } from '../../core/types.ts';
import { noticeFileVisible, NOTICE_MENU } from './notice-service.ts';
import {
  ANNEX_CATEGORY,
  ANNEX_NAME,
  enabledAuthority,
  fileLinks,
  notVisible,
  ticketHolder,
  ticketQuery,
} from '../file/links.ts';
import { uploaderPostAnswer2 } from './schema.ts';
import { fileReply, replies } from '../../core/response-schema.ts';

const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp']);
const annexParams = z.object({ fileId: z.string().regex(ANNEX_NAME) });
const annexQuery = z.object({ fullName: z.string().max(200).optional(), ...ticketQuery });

/** The client's file name without any path, for display and the download's name only. */
function displayName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  return base.trim().slice(0, 200) || 'file';
}

/**
 * Attachment upload and download. The upload answers the record to store with a link for the
 * uploader; a download needs a ticket (docs/files.md) of a user who may see the file: one who may
 * manage notices, a recipient of a released notice carrying it, or, while no notice carries it yet,
 * the uploader (nobody else was ever handed a link to it).
 */
export async function annexUploadRoutes(app: App, services: Services) {
  const { db, now, storage } = services;
  app.post(
    `/api/file/Uploader/${ANNEX_CATEGORY}`,
    {
      schema: {
        tags: ['file'],
        summary: 'Upload an attachment within the system settings upload limits',
        response: replies(uploaderPostAnswer2),
      },
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
      await storage.put(ANNEX_CATEGORY, fileId, bytes);
      const url = fileLinks(services, signedIn(request).session.userId).annex(fileId, name);
      return ok({ name, fileId, fileSize: bytes.length, fileExtension: extension, url });
    },
  );

  app.get(
    '/api/file/Annex/:fileId',
    {
      schema: {
        params: annexParams,
        querystring: annexQuery,
        tags: ['file'],
        summary: 'Download an attachment with the ticket of a link handed out by a list (docs/files.md)',
        response: fileReply('the attachment', 'application/octet-stream'),
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { fileId } = request.params;
      const userId = ticketHolder(services, ANNEX_CATEGORY, fileId, request.query.ticket);
      const authority = await enabledAuthority(services, userId);
      if (!services.authority.allows(authority, NOTICE_MENU) && !(await noticeFileVisible(db, userId, fileId)))
        throw notVisible();
      // Streamed from the store as the client reads it: a large attachment is never held whole.
      const stream = await storage.open(ANNEX_CATEGORY, fileId);
      if (!stream) throw notFound('fileNotFound');
      const downloadName = displayName(request.query.fullName ?? request.params.fileId);
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(downloadName)}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
}
