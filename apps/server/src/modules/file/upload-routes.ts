import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { signedIn } from '../../core/access.ts';
import { badField, fail, notFound } from '../../core/errors.ts';
import { IMAGE_TYPES, sniffPreviewImage } from '../../core/files.ts';
import { ok } from '../../core/http.ts';
import { fileReply, replies } from '../../core/response-schema.ts';
import { newId } from '../../core/ids.ts';
import { readSettings, uploadLimits } from '../../core/settings.ts';
import { firstBytes, readText, type FileStorage } from '../../core/storage.ts';
import type { App, Services } from '../../core/types.ts';
import {
  CHUNK_BYTES,
  checkedFileName,
  checkedShape,
  dropChunks,
  extensionOf,
  joinChunks,
  md5Field,
  storeChunk,
  storedChunks,
  sweepStaleChunks,
  wholeField,
  type UploadShape,
} from './chunks.ts';
import {
  ANNEX_CATEGORY,
  ANNEX_NAME,
  ANNEX_OWNER_CATEGORY,
  fileLinks,
  notVisible,
  stillVisible,
  ticketHolder,
  ticketQuery,
} from './links.ts';
import {
  annexPicAnswer,
  fileChunkAnswer,
  fileChunkPostAnswer,
  fileRecordAnswer,
  uploaderPreviewAnswer,
} from './schema.ts';
import { OFFICE_EXTENSIONS, officePdf, PREVIEW_CACHE_CATEGORY, previewCacheName } from './office-preview.ts';

const tags = ['file'];
/** Which stored attachment has which md5, per uploader: what makes an instant upload. */
const HASH_CATEGORY = 'annexHash';
/** Extensions that must hold an image: a browser may show them inline. */
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);
/** The image types the preview shows (the others download). */
const PREVIEW_IMAGES = new Set(['png', 'jpg', 'jpeg', 'bmp', 'gif', 'webp']);
/** The bytes of an uploaded part; past the part's size limit, the error `tooLarge` makes. */
async function readPart(part: { toBuffer(): Promise<Buffer> }, tooLarge: () => Error): Promise<Buffer> {
  return part.toBuffer().catch((error: { statusCode?: number }) => {
    throw error.statusCode === 413 ? tooLarge() : error;
  });
}

/** A whole file within the settings' limit, refused past it with the limit in megabytes. */
const wholeFile = (part: { toBuffer(): Promise<Buffer> }, maxBytes: number) =>
  readPart(part, () => fail('uploadTooLarge', { size: Math.round((maxBytes / 1048576) * 10) / 10 }));

const PREVIEW_TYPES: Record<string, string> = { ...IMAGE_TYPES, bmp: 'image/bmp' };

const ownerKey = (userId: string) => createHash('sha256').update(userId).digest('hex').slice(0, 24);
const hashEntry = (userId: string, md5: string) => `${ownerKey(userId)}-${md5}`;

/** The form fields sent before the file part of a multipart body, as plain strings. */
function partFields(fields: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, field] of Object.entries(fields)) {
    const one = Array.isArray(field) ? field[0] : field;
    if (one && typeof one === 'object' && (one as { type?: string }).type === 'field')
      out[key] = String((one as { value: unknown }).value ?? '');
  }
  return out;
}

/** The `type` of an upload: attachments are the only kind this route stores. */
function checkType(raw: string | undefined) {
  if (raw !== undefined && raw !== '' && raw !== ANNEX_CATEGORY) throw badField('type', 'fieldValue');
}

/**
 * The attachment upload of forms (docs/files.md): one request (`POST /api/file`) or in chunks of
 * 5 242 880 bytes with resume (`GET /api/file/chunk` says what the server holds, `POST /api/file/chunk`
 * stores one chunk, `POST /api/file/merge` joins them and checks the md5). Each answers the file
 * record with a ticketed link for the uploader; downloads then go through /api/file/Annex like
 * every attachment. Previews: /api/file/Uploader/Preview.
 */
export async function uploadRoutes(app: App, services: Services) {
  const { db, now } = services;
  const storage: FileStorage = services.storage;
  const limits = async () => uploadLimits(await readSettings(db));
  // Two merges of one upload on this instance: the second is told to wait. On two instances both
  // may join, each into a name of its own, so neither answers half a file; one that finds the
  // chunks already dropped by the other answers "chunks missing" and the client sends them again.
  const merging = new Set<string>();

  /** The attachment this user already stored with this md5 and size, if any. */
  async function known(userId: string, md5: string, fileSize: number): Promise<string | null> {
    const fileId = await readText(storage, HASH_CATEGORY, hashEntry(userId, md5));
    if (!fileId || !ANNEX_NAME.test(fileId)) return null;
    const stat = await storage.stat(ANNEX_CATEGORY, fileId);
    return stat?.size === fileSize ? fileId : null;
  }

  const newFileId = (extension: string) => `${newId(now())}${randomBytes(8).toString('hex')}.${extension}`;

  /** Keeps who uploaded an attachment: the uploader may ask for its download link (download-routes.ts). */
  const keepUploader = (fileId: string, userId: string) =>
    storage.put(ANNEX_OWNER_CATEGORY, fileId, Buffer.from(userId));

  function record(request: FastifyRequest, fileId: string, name: string, size: number, md5: string) {
    const userId = signedIn(request).session.userId;
    return {
      name,
      fileId,
      fileSize: size,
      fileExtension: extensionOf(fileId),
      fileVersionId: fileId,
      url: fileLinks(services, userId).annex(fileId, name),
      hash: md5,
    };
  }

  /** A new attachment record for bytes this user stored before (instant upload): a copy of its own. */
  async function reuse(request: FastifyRequest, from: string, shape: UploadShape) {
    const userId = signedIn(request).session.userId;
    const fileId = newFileId(shape.extension);
    await storage.copy({ category: ANNEX_CATEGORY, name: from }, { category: ANNEX_CATEGORY, name: fileId });
    await storage.put(HASH_CATEGORY, hashEntry(userId, shape.identifier), Buffer.from(fileId));
    await keepUploader(fileId, userId);
    return record(request, fileId, shape.fileName, shape.fileSize, shape.identifier);
  }

  const shapeQuery = z.object({
    identifier: z.string().max(64).optional(),
    fileName: z.string().max(400).optional(),
    fileSize: z.string().max(20).optional(),
    totalSize: z.string().max(20).optional(),
    fileType: z.string().max(200).optional(),
    extension: z.string().max(20).optional(),
    chunkNumber: z.string().max(10).optional(),
    chunkSize: z.string().max(20).optional(),
    totalChunks: z.string().max(10).optional(),
    type: z.string().max(40).optional(),
  });

  app.get(
    '/api/file/chunk',
    {
      schema: {
        querystring: shapeQuery,
        tags,
        summary: 'What the server holds of a chunked upload: the whole file (instant upload) or which chunks',
        response: replies(fileChunkAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => {
      const userId = signedIn(request).session.userId;
      void sweepStaleChunks(storage, now()).catch((error: unknown) =>
        request.log.warn({ err: error }, 'chunk sweep failed'),
      );
      checkType(request.query.type);
      const shape = checkedShape(request.query, await limits());
      if (await known(userId, shape.identifier, shape.fileSize))
        return ok({ uploaded: true, chunkNumbers: [] as number[], merge: false });
      const chunkNumbers = await storedChunks(storage, userId, shape);
      return ok({ uploaded: false, chunkNumbers, merge: chunkNumbers.length === shape.totalChunks });
    },
  );

  app.post(
    '/api/file/chunk',
    {
      schema: {
        tags,
        summary:
          'Store one chunk (multipart: identifier, fileName, fileSize, totalChunks, chunkNumber, then the file part)',
        response: replies(fileChunkPostAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => {
      const userId = signedIn(request).session.userId;
      const part = await request.file({ limits: { fileSize: CHUNK_BYTES, files: 1 } });
      if (!part) throw fail('fileMissing');
      const fields = partFields(part.fields as Record<string, unknown>);
      checkType(fields.type);
      const shape = checkedShape(fields, await limits());
      const chunkNumber = wholeField(fields.chunkNumber, 'chunkNumber', 1, shape.totalChunks);
      const bytes = await readPart(part, () => badField('file', 'chunkLengthWrong', { size: CHUNK_BYTES }));
      await storeChunk(storage, userId, shape, chunkNumber, bytes);
      return ok({ chunkNumber });
    },
  );

  app.post(
    '/api/file/merge',
    {
      schema: {
        body: z.object({
          identifier: z.string().max(64),
          fileName: z.string().max(400),
          fileSize: z.union([z.number(), z.string().max(20)]),
          totalChunks: z.union([z.number(), z.string().max(10)]),
          fileType: z.string().max(200).optional(),
          extension: z.string().max(20).optional(),
          type: z.string().max(40).optional(),
        }),
        tags,
        summary: 'Join the chunks of an upload, check the md5 of the whole and answer the file record',
        response: replies(fileRecordAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => {
      const userId = signedIn(request).session.userId;
      checkType(request.body.type);
      const shape = checkedShape(request.body, await limits());
      const instant = await known(userId, shape.identifier, shape.fileSize);
      if (instant) {
        await dropChunks(storage, userId, shape.identifier);
        return ok(await reuse(request, instant, shape));
      }
      const lock = `${userId}/${shape.identifier}`;
      if (merging.has(lock)) throw fail('mergeBusy');
      merging.add(lock);
      try {
        // Joined straight into the store under a name nobody has been handed yet; missing chunks
        // are refused before, and kept for the resume.
        const fileId = newFileId(shape.extension);
        await joinChunks(storage, userId, shape, { category: ANNEX_CATEGORY, name: fileId });
        try {
          if (
            IMAGE_EXTENSIONS.has(shape.extension) &&
            !sniffPreviewImage((await firstBytes(storage, ANNEX_CATEGORY, fileId, 16)) ?? Buffer.alloc(0))
          ) {
            await storage.remove(ANNEX_CATEGORY, fileId);
            throw fail('fileTypeImage');
          }
          await storage.put(HASH_CATEGORY, hashEntry(userId, shape.identifier), Buffer.from(fileId));
          await keepUploader(fileId, userId);
          return ok(record(request, fileId, shape.fileName, shape.fileSize, shape.identifier));
        } finally {
          await dropChunks(storage, userId, shape.identifier);
        }
      } finally {
        merging.delete(lock);
      }
    },
  );

  app.post(
    '/api/file',
    {
      schema: {
        tags,
        summary:
          'Upload a whole attachment in one request (multipart: identifier, fileName, fileSize, fileType, extension, type, then the file)',
        response: replies(fileRecordAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => {
      const userId = signedIn(request).session.userId;
      const allowed = await limits();
      const part = await request.file({ limits: { fileSize: allowed.maxBytes, files: 1 } });
      if (!part) throw fail('fileMissing');
      const fields = partFields(part.fields as Record<string, unknown>);
      checkType(fields.type);
      const fileName = checkedFileName(fields.fileName || part.filename);
      const extension = extensionOf(fileName);
      if (!extension || !/^[a-z0-9]{1,10}$/.test(extension) || !allowed.extensions.has(extension))
        throw fail('uploadExtension', { extension: extension || '-' });
      if (fields.extension && fields.extension.toLowerCase() !== extension) throw badField('extension', 'fieldValue');
      const bytes = await wholeFile(part, allowed.maxBytes);
      if (fields.fileSize && wholeField(fields.fileSize, 'fileSize', 0, allowed.maxBytes) !== bytes.length)
        throw badField('fileSize', 'fieldValue');
      const md5 = createHash('md5').update(bytes).digest('hex');
      if (fields.identifier && md5Field(fields.identifier) !== md5)
        throw fail('fileMd5Mismatch', { expected: fields.identifier, actual: md5 });
      if (IMAGE_EXTENSIONS.has(extension) && !sniffPreviewImage(bytes)) throw fail('fileTypeImage');
      const fileId = newFileId(extension);
      await storage.put(ANNEX_CATEGORY, fileId, bytes);
      await storage.put(HASH_CATEGORY, hashEntry(userId, md5), Buffer.from(fileId));
      await keepUploader(fileId, userId);
      return ok(record(request, fileId, fileName, bytes.length, md5));
    },
  );

  app.post(
    '/api/file/Uploader/annexpic',
    {
      schema: {
        tags,
        summary: 'Upload a form image (recognised by its content) and answer its inline link',
        response: replies(annexPicAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => {
      const userId = signedIn(request).session.userId;
      const allowed = await limits();
      const part = await request.file({ limits: { fileSize: allowed.maxBytes, files: 1 } });
      if (!part) throw fail('fileMissing');
      const name = checkedFileName(part.filename, 'file');
      const bytes = await wholeFile(part, allowed.maxBytes);
      // The type is the one the content shows; the client's name and type are not trusted.
      const kind = sniffPreviewImage(bytes);
      if (!kind) throw fail('fileTypeImage');
      const fileId = newFileId(kind);
      await storage.put(ANNEX_CATEGORY, fileId, bytes);
      await keepUploader(fileId, userId);
      const url = fileLinks(services, userId).link(
        ANNEX_CATEGORY,
        fileId,
        `/api/file/Preview/${ANNEX_CATEGORY}/${fileId}`,
      );
      return ok({ name, fileId, url });
    },
  );

  /** The attachment a handed-out download link names, with its ticket; else a field error. */
  function linkedAttachment(url: string): { fileId: string; ticket: string | undefined } {
    let parsed: URL;
    try {
      parsed = new URL(url, 'http://atrium.local');
    } catch {
      throw badField('fileDownloadUrl', 'fieldFormat');
    }
    const match = /^(?:\/prod)?\/api\/file\/Annex\/([^/]+)$/.exec(parsed.pathname);
    if (!match || !ANNEX_NAME.test(match[1]!)) throw badField('fileDownloadUrl', 'fieldFormat');
    return { fileId: match[1]!, ticket: parsed.searchParams.get('ticket') ?? undefined };
  }

  /** How an attachment is previewed: inline as it is, as the PDF of its conversion, or not at all. */
  async function previewKind(fileId: string): Promise<'image' | 'pdf' | 'office' | null> {
    const extension = extensionOf(fileId);
    // The first bytes only: a remote store sends those, not the whole file.
    const head = await firstBytes(storage, ANNEX_CATEGORY, fileId, 16);
    if (!head) throw notFound('fileNotExist');
    if (PREVIEW_IMAGES.has(extension)) return sniffPreviewImage(head) ? 'image' : null;
    if (extension === 'pdf') return head.subarray(0, 5).toString('latin1') === '%PDF-' ? 'pdf' : null;
    if (OFFICE_EXTENSIONS.has(extension))
      return (await officePdf(storage, ANNEX_CATEGORY, fileId, extension)) ? 'office' : null;
    return null;
  }

  app.get(
    '/api/file/Uploader/Preview',
    {
      schema: {
        querystring: z.object({
          fileName: z.string().max(400).optional(),
          fileVersionId: z.string().max(100).optional(),
          fileDownloadUrl: z.string().max(2000).optional(),
        }),
        tags,
        summary: 'The preview link of an attachment whose download link (with its ticket) the caller was handed',
        response: replies(uploaderPreviewAnswer),
      },
      config: { access: 'user' },
    },
    async (request) => {
      const userId = signedIn(request).session.userId;
      if (!request.query.fileDownloadUrl) throw notFound('fileNotExist');
      const { fileId, ticket } = linkedAttachment(request.query.fileDownloadUrl);
      // The download link proves the file was shown to this user; it must be theirs, and still allowed.
      if (ticketHolder(services, ANNEX_CATEGORY, fileId, ticket) !== userId) throw notVisible();
      await stillVisible(services, ANNEX_CATEGORY, fileId, userId);
      const kind = await previewKind(fileId);
      if (!kind) throw fail('previewUnavailable');
      const url = `/api/file/Preview/${ANNEX_CATEGORY}/${fileId}?ticket=${encodeURIComponent(ticket!)}`;
      return ok({ url, kind: kind === 'image' ? 'image' : 'pdf', name: request.query.fileName ?? fileId });
    },
  );

  app.get(
    `/api/file/Preview/${ANNEX_CATEGORY}/:fileId`,
    {
      schema: {
        params: z.object({ fileId: z.string().regex(ANNEX_NAME) }),
        querystring: z.object(ticketQuery),
        tags,
        summary: 'An attachment shown inline (image, PDF, or the PDF of an office document) with its ticket',
        response: fileReply('the attachment inline', 'application/pdf', ...Object.values(PREVIEW_TYPES)),
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { fileId } = request.params;
      const userId = ticketHolder(services, ANNEX_CATEGORY, fileId, request.query.ticket);
      await stillVisible(services, ANNEX_CATEGORY, fileId, userId);
      const kind = await previewKind(fileId);
      if (!kind) throw fail('previewUnavailable');
      let type = 'application/pdf';
      let stream;
      if (kind === 'office') {
        stream = await storage.open(PREVIEW_CACHE_CATEGORY, previewCacheName(fileId));
      } else {
        if (kind === 'image') {
          const head = await firstBytes(storage, ANNEX_CATEGORY, fileId, 16);
          if (!head) throw notFound('fileNotExist');
          type = PREVIEW_TYPES[sniffPreviewImage(head)!]!;
        }
        // Opened last: an opened remote file holds a connection until it is read.
        stream = await storage.open(ANNEX_CATEGORY, fileId);
      }
      if (!stream) throw notFound('fileNotExist');
      return reply
        .type(type)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
}
