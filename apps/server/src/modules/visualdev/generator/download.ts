import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { notFound } from '../../../core/errors.ts';
import { ownerOf, storeFile, storeOwner } from '../../../core/files.ts';
import type { Services } from '../../../core/types.ts';
import { enabledAuthority, fileLinks, notVisible, ticketHolder } from '../../file/links.ts';
import { WORKBOOK_TTL_MS } from '../../file/workbook-download.ts';

/**
 * Generated code as a download, the way the app offers every generated file (docs/files.md, and
 * file/workbook-download.ts for workbooks): the zip is stored under a generated name for the user
 * who asked, the answer is `{ name, url }` with a link carrying that user's ticket, and the download
 * route sends it only to the ticket's holder while it is theirs. No path of the request ever names
 * a file: the name is ours, checked against ARCHIVE_NAME.
 */

/** Where generated archives wait for their download (kept as long as exported workbooks). */
export const CODE_DIR = 'visualdevCode';
/** The generated name of an archive. */
export const ARCHIVE_NAME = /^[0-9a-f]{32}\.zip$/;

type DownloadServices = Pick<Services, 'storage' | 'secrets' | 'now' | 'authority'>;

/** Stores the archive for the user and answers the name to save it under and the ticketed link. */
export async function publishArchive(
  services: DownloadServices,
  bytes: Buffer,
  userId: string,
  fullName: string,
  downloadPath: (name: string) => string,
): Promise<{ name: string; url: string }> {
  const name = `${randomBytes(16).toString('hex')}.zip`;
  await storeFile(services.storage, CODE_DIR, name, bytes);
  await storeOwner(services.storage, CODE_DIR, name, userId);
  const url = `${downloadPath(name)}?fullName=${encodeURIComponent(fullName)}`;
  return { name: fullName, url: fileLinks(services, userId).link(CODE_DIR, name, url) };
}

/** Sends a stored archive to the holder of its ticket while it is theirs, fresh, and they are enabled. */
export async function sendArchive(
  services: DownloadServices,
  reply: FastifyReply,
  name: string,
  ticket: string | undefined,
  fullName: string,
) {
  const userId = ticketHolder(services, CODE_DIR, name, ticket);
  await enabledAuthority(services, userId);
  // Through the file store, so the archive downloads from any instance (local folder or S3).
  const stat = await services.storage.stat(CODE_DIR, name);
  if (!stat || Date.now() - stat.modifiedAt > WORKBOOK_TTL_MS) throw notFound('fileNotFound');
  if ((await ownerOf(services.storage, CODE_DIR, name)) !== userId) throw notVisible();
  // Opened last: an opened remote file holds a connection until it is read.
  const stream = await services.storage.open(CODE_DIR, name);
  if (!stream) throw notFound('fileNotFound');
  const safe = fullName.replace(/[\\/\r\n"]/g, '_');
  return reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="code.zip"; filename*=UTF-8''${encodeURIComponent(safe)}`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}
