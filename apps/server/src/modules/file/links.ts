import { ResultCode } from '@atrium/shared';
import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import {
  FILE_TICKET_PARAM,
  FILE_TICKET_TTL_MS,
  signFileTicket,
  verifyFileTicket,
  withTicket,
} from '../../core/file-ticket.ts';
import type { Services } from '../../core/types.ts';

/**
 * Links to private files (docs/files.md): the stored data keeps the plain path of a file (its
 * category and generated name), and whatever answers a file to a user adds a fresh ticket for that
 * user at the time of the answer. Avatars and system icons are public and take no ticket.
 */

/** Attachments (of notices, and of forms later): the files an attachment field holds. */
export const ANNEX_CATEGORY = 'annex';
/** A time-ordered id plus 64 random bits and the extension. */
export const ANNEX_NAME = /^[0-9A-Z]{26}[0-9a-f]{16}\.[a-z0-9]{1,10}$/;
/** The stored path of an attachment (no ticket). */
export const annexUrl = (fileId: string) => `/api/file/Annex/${fileId}`;

/** Who uploaded each attachment through this module (a small text file per attachment, by its id). */
export const ANNEX_OWNER_CATEGORY = 'annexOwner';

/** Chat images. */
export const IM_CATEGORY = 'IM';
/** A time-ordered id plus 64 random bits and the image type. */
export const IM_NAME = /^[0-9A-Z]{26}[0-9a-f]{16}\.(png|jpg|gif|webp)$/;
/** The stored path of a chat image (no ticket), kept in the message content. */
export const imImageUrl = (name: string) => `/api/file/Image/${IM_CATEGORY}/${name}`;

/** The query part every private download takes: its ticket. */
export const ticketQuery = { [FILE_TICKET_PARAM]: z.string().max(400).optional() };

type LinkServices = Pick<Services, 'secrets' | 'now'>;

/** Links for one user, each with a ticket that expires FILE_TICKET_TTL_MS from now. */
export function fileLinks(services: LinkServices, userId: string) {
  const expiresAt = services.now() + FILE_TICKET_TTL_MS;
  const key = services.secrets.fileTicketKey;
  /** `url` (the path of `<category>/<name>`, maybe with a query) with the user's ticket for that file. */
  const link = (category: string, name: string, url: string) =>
    withTicket(url, signFileTicket(key, `${category}/${name}`, userId, expiresAt));
  return {
    link,
    /** An attachment, downloaded under `fullName` when given. */
    annex: (fileId: string, fullName?: string) =>
      link(
        ANNEX_CATEGORY,
        fileId,
        fullName ? `${annexUrl(fileId)}?fullName=${encodeURIComponent(fullName)}` : annexUrl(fileId),
      ),
    chatImage: (name: string) => link(IM_CATEGORY, name, imImageUrl(name)),
  };
}
export type FileLinks = ReturnType<typeof fileLinks>;

const REFUSAL = { missing: 'fileTicketMissing', invalid: 'fileTicketInvalid', expired: 'fileTicketExpired' } as const;

/** The user whose ticket this is, when it is a valid, unexpired one for `<category>/<name>`; else 403. */
export function ticketHolder(services: LinkServices, category: string, name: string, ticket: string | undefined) {
  const check = verifyFileTicket(services.secrets.fileTicketKey, `${category}/${name}`, ticket, services.now());
  if (!check.ok) throw new AppError(ResultCode.forbidden, REFUSAL[check.reason]);
  return check.userId;
}

/** The ticket's user may not (or no longer) see the file. */
export const notVisible = () => new AppError(ResultCode.forbidden, 'fileNotVisible');

/** The user's authority when they are still an enabled user; a ticket outlives nobody's account. */
export async function enabledAuthority(services: Pick<Services, 'authority'>, userId: string) {
  const authority = await services.authority.load(userId);
  if (!authority || authority.user.enabled !== 1) throw notVisible();
  return authority;
}

type Attachment = Record<string, unknown>;

/** The attachment file an entry of a files list names, when it is one of ours. */
export function attachmentFileId(entry: Attachment): string | null {
  return typeof entry.fileId === 'string' && ANNEX_NAME.test(entry.fileId) ? entry.fileId : null;
}

/** `url` without any ticket parameter: a link handed out and sent back is stored plain. */
function withoutTicket(url: string): string {
  const [path, query] = url.split('?', 2);
  if (query === undefined) return url;
  const rest = query.split('&').filter((p) => !p.startsWith(`${FILE_TICKET_PARAM}=`));
  return rest.length ? `${path}?${rest.join('&')}` : path!;
}

/** A files list as stored: our attachments at their plain path, no ticket anywhere. */
export function storedAttachments(entries: Attachment[]): Attachment[] {
  return entries.map((entry) => {
    const fileId = attachmentFileId(entry);
    if (fileId) return { ...entry, url: annexUrl(fileId) };
    return typeof entry.url === 'string' ? { ...entry, url: withoutTicket(entry.url) } : entry;
  });
}

/**
 * A files list sent by a client, as stored: entries that are not attachment objects are dropped,
 * ours lose any ticket (a link handed out expires; the reader gets a fresh one, ticketedAttachments).
 */
export function storedFileList(entries: readonly unknown[] | undefined): Attachment[] {
  return storedAttachments(
    (entries ?? []).filter((e): e is Attachment => typeof e === 'object' && e !== null && !Array.isArray(e)),
  );
}

/** A stored files JSON text as answered to one user: each of our attachments gets a fresh link. */
export function ticketedAttachments(files: string, links: FileLinks): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(files);
  } catch {
    return files;
  }
  if (!Array.isArray(parsed)) return files;
  return JSON.stringify(
    parsed.map((entry: unknown) => {
      if (typeof entry !== 'object' || entry === null) return entry;
      const fileId = attachmentFileId(entry as Attachment);
      if (!fileId) return entry;
      const name = (entry as Attachment).name;
      return { ...entry, url: links.annex(fileId, typeof name === 'string' ? name : undefined) };
    }),
  );
}

type VisibilityCheck = (
  userId: string,
  name: string,
  authority: Awaited<ReturnType<typeof enabledAuthority>>,
) => Promise<boolean>;
const visibility = new Map<string, VisibilityCheck>();

/**
 * The rule of "who may still see a file" of one category, for routes of this module that serve the
 * file another way (the preview). The module that owns the files registers it (the notices own the
 * attachments); without one, a valid unexpired ticket of an enabled user is enough.
 */
export function registerFileVisibility(category: string, check: VisibilityCheck): void {
  visibility.set(category, check);
}

/** Whether the category's registered rule lets this user see the file; false when no rule is registered. */
export async function ruleAllows(
  category: string,
  name: string,
  userId: string,
  authority: Awaited<ReturnType<typeof enabledAuthority>>,
): Promise<boolean> {
  const check = visibility.get(category);
  return check ? check(userId, name, authority) : false;
}

/** The ticket's user, checked now: enabled and still allowed by the category's rule. */
export async function stillVisible(
  services: Pick<Services, 'authority'>,
  category: string,
  name: string,
  userId: string,
) {
  const authority = await enabledAuthority(services, userId);
  const check = visibility.get(category);
  if (check && !(await check(userId, name, authority))) throw notVisible();
  return authority;
}
