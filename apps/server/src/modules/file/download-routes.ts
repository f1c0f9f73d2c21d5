import { z } from 'zod';
import { signedIn } from '../../core/access.ts';
import { badField, notFound } from '../../core/errors.ts';
import { ok } from '../../core/http.ts';
import { fileReply, replies } from '../../core/response-schema.ts';
import { readText, type FileStorage } from '../../core/storage.ts';
import type { App, Services } from '../../core/types.ts';
import {
  ANNEX_CATEGORY,
  ANNEX_NAME,
  ANNEX_OWNER_CATEGORY,
  enabledAuthority,
  fileLinks,
  notVisible,
  ruleAllows,
  stillVisible,
  ticketHolder,
  ticketQuery,
} from './links.ts';
import { downloadUrlAnswer } from './schema.ts';
import { sendStoredFile } from './ranged-reply.ts';

const tags = ['file'];

/**
 * The download types (docs/files.md) and where the files of each are kept: only what this module
 * stores. Form attachments (annex) and form images (annexpic) are both kept as attachments.
 */
const DOWNLOAD_TYPES: Record<string, { category: string; name: RegExp }> = {
  annex: { category: ANNEX_CATEGORY, name: ANNEX_NAME },
  annexpic: { category: ANNEX_CATEGORY, name: ANNEX_NAME },
};

/** The stored file a type and name stand for; a type this module does not store is refused. */
function storedFile(type: string, name: string): { category: string; name: string } {
  const kind = Object.hasOwn(DOWNLOAD_TYPES, type) ? DOWNLOAD_TYPES[type] : undefined;
  if (!kind) throw badField('type', 'fieldValue');
  // Only a generated name: nothing that could name a path ever reaches the store.
  if (!kind.name.test(name)) throw notFound('fileNotExist');
  return { category: kind.category, name };
}

/** The name a download is saved under: no path, no control characters, at most 200 characters. */
function downloadName(raw: string | undefined, fallback: string): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean.slice(0, 200) || fallback;
}

/**
 * The generic download of a stored file by its type and generated name (docs/files.md):
 * `GET /api/file/DownloadUrl/{type}/{fileId}?name=` hands the caller a link, and
 * `GET /api/file/Download/{type}/{fileName}?fullName=&ticket=` sends the file. A link goes only to a
 * user who may see the file: its uploader, or whom the category's registered rule allows. The
 * download checks the ticket and the user now, as the preview does.
 */
export async function downloadRoutes(app: App, services: Services) {
  const storage: FileStorage = services.storage;

  app.get(
    '/api/file/DownloadUrl/:type/:fileId',
    {
      schema: {
        params: z.object({ type: z.string().max(40), fileId: z.string().max(200) }),
        querystring: z.object({ name: z.string().max(400).optional() }),
        tags,
        summary: 'A download link (with a ticket for the caller) of a file the caller may see',
        response: replies(downloadUrlAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => {
      const userId = signedIn(request).session.userId;
      const { type, fileId } = request.params;
      const file = storedFile(type, fileId);
      const authority = await enabledAuthority(services, userId);
      const uploader = await readText(storage, ANNEX_OWNER_CATEGORY, file.name);
      if (uploader !== userId && !(await ruleAllows(file.category, file.name, userId, authority))) throw notVisible();
      if (!(await storage.stat(file.category, file.name))) throw notFound('fileNotExist');
      const name = downloadName(request.query.name, file.name);
      const path = `/api/file/Download/${type}/${file.name}?fullName=${encodeURIComponent(name)}`;
      return ok({ name, url: fileLinks(services, userId).link(file.category, file.name, path) });
    },
  );

  app.get(
    '/api/file/Download/:type/:fileName',
    {
      schema: {
        params: z.object({ type: z.string().max(40), fileName: z.string().max(200) }),
        querystring: z.object({ fullName: z.string().max(400).optional(), ...ticketQuery }),
        tags,
        summary: 'Download a stored file with the ticket of a link handed out to the caller (docs/files.md)',
        response: fileReply('the file', 'application/octet-stream'),
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const file = storedFile(request.params.type, request.params.fileName);
      const userId = ticketHolder(services, file.category, file.name, request.query.ticket);
      await stillVisible(services, file.category, file.name, userId);
      const name = downloadName(request.query.fullName, file.name);
      reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      const sent = await sendStoredFile(request, reply, storage, file.category, file.name);
      if (!sent) throw notFound('fileNotExist');
      return sent;
    },
  );
}
