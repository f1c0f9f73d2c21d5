import type { FastifyReply } from 'fastify';
import { notFound } from '../../core/errors.ts';
import { ownerOf, storeOwner } from '../../core/files.ts';
import type { Services } from '../../core/types.ts';
import { enabledAuthority, fileLinks, notVisible, ticketHolder } from './links.ts';
import { storeSpreadsheet } from './spreadsheet-import.ts';

/** Generated workbooks are kept this long for their download. */
export const WORKBOOK_TTL_MS = 60 * 60 * 1000;

type WorkbookServices = Pick<Services, 'storage' | 'secrets' | 'now' | 'authority'>;

/**
 * Stores a generated workbook for the user who asked for it and answers `{ name, url }`: the name
 * to save it under and a link with that user's ticket (docs/files.md); nobody else may download it.
 * `downloadPath` is the module's own download route for a stored name.
 */
export async function publishWorkbook(
  services: WorkbookServices,
  category: string,
  bytes: Buffer,
  userId: string,
  fullName: string,
  downloadPath: (name: string) => string,
): Promise<{ name: string; url: string }> {
  const name = await storeSpreadsheet(services.storage, category, bytes);
  await storeOwner(services.storage, category, name, userId);
  const url = `${downloadPath(name)}?fullName=${encodeURIComponent(fullName)}`;
  return { name: fullName, url: fileLinks(services, userId).link(category, name, url) };
}

/**
 * Sends a stored workbook to the holder of its ticket while it is theirs, not expired, and they are
 * still an enabled user; downloaded under `fullName` (path characters replaced).
 */
export async function sendWorkbook(
  services: WorkbookServices,
  reply: FastifyReply,
  category: string,
  name: string,
  ticket: string | undefined,
  fullName: string,
) {
  const userId = ticketHolder(services, category, name, ticket);
  await enabledAuthority(services, userId);
  const stat = await services.storage.stat(category, name);
  if (!stat || Date.now() - stat.modifiedAt > WORKBOOK_TTL_MS) throw notFound('fileNotFound');
  if ((await ownerOf(services.storage, category, name)) !== userId) throw notVisible();
  // Opened last: an opened remote file holds a connection until it is read.
  const stream = await services.storage.open(category, name);
  if (!stream) throw notFound('fileNotFound');
  const safe = fullName.replace(/[\\/\r\n"]/g, '_');
  return reply
    .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="export.xlsx"; filename*=UTF-8''${encodeURIComponent(safe)}`)
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(stream);
}
