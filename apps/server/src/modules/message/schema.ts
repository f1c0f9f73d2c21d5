import { z } from 'zod';
import { plainText } from '../../core/record-schema.ts';
import { pageQuery } from '../../core/paging.ts';
import { paginationSchema } from '../../core/response-schema.ts';

const id = z.string().trim().min(1).max(64);
export const idParams = z.object({ id });

/** Query values arrive as strings; '' (the web's 'all' choice) means no filter. */
const optionalInt = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), inner.optional());

/** Message types of the message centre: 1 notice, 2 flow, 3 system. */
export const messageType = z.coerce.number().int().min(1).max(3);
/** The wire's read flag is the string "0" / "1". */
const readFlag = z.enum(['0', '1']);

export const messageFilter = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
  type: optionalInt(messageType),
  isRead: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'number' ? String(v) : v),
    readFlag.optional(),
  ),
});
export type MessageFilter = z.infer<typeof messageFilter>;

export const messageListQuery = pageQuery.extend(messageFilter.shape);
export type MessageListQuery = z.infer<typeof messageListQuery>;

/** `ids` as comma-separated text, or as an array. */
const idList = z
  .union([z.string().max(64 * 1000), z.array(id).max(1000)])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
  .pipe(z.array(id).min(1).max(1000));

export const recordBody = z.object({ ids: idList });

export const releaseBody = z.object({ id: id.optional(), ids: idList.optional() }).transform((v, ctx) => {
  const ids = [...new Set([...(v.ids ?? []), ...(v.id ? [v.id] : [])])];
  if (!ids.length) {
    ctx.addIssue({ code: 'custom', path: ['ids'], message: 'ids' });
    return z.NEVER;
  }
  return ids;
});

export const noticeListQuery = pageQuery.extend({
  state: optionalInt(z.coerce.number().int().min(0).max(2)),
  // The web sends type -1 (every notice); notices are one type, so it filters nothing.
  type: z.string().max(10).optional(),
});
export type NoticeListQuery = z.infer<typeof noticeListQuery>;

/** Picker values `id--type` (a bare id is a user); the empty list sends the notice to everyone. */
const recipient = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.-]{1,64}(--(company|department|organize|role|position|group|user))?$/);

export const noticeBody = z.object({
  title: plainText().min(1).max(100),
  bodyText: z.string().max(200_000).optional().default(''),
  files: z.string().max(100_000).optional().default('[]'),
  category: z.string().trim().max(50).optional().default(''),
  urgent: z.coerce.number().int().min(1).max(3).optional().default(1),
  expireTime: z
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  toUserIds: z.array(recipient).max(1000).optional().default([]),
});
export type NoticeBody = z.infer<typeof noticeBody>;
export const noticeUpdateBody = noticeBody.extend({ version: z.number().int().min(0) });

// ---------------------------------------------------------------------------------------------
// Answers: the data of each route's success envelope (schema.response), see core/response-schema.ts.
// ---------------------------------------------------------------------------------------------

export const rootAnswer = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      type: z.number(),
      isRead: z.string(),
      flowType: z.number().nullable(),
      urgent: z.number(),
      category: z.string(),
      releaseTime: z.number(),
      releaseUser: z.string(),
      excerpt: z.string(),
    }),
  ),
  pagination: paginationSchema,
});

export const unreadCountsSchema = z.object({
  unreadNoticeCount: z.number(),
  unreadMessageCount: z.number(),
  unreadSystemMessageCount: z.number(),
  unreadTotalCount: z.number(),
});

export const readInfoAnswer = z.object({
  bodyText: z.string(),
  files: z.string(),
  id: z.string(),
  title: z.string(),
  type: z.number(),
  isRead: z.string(),
  flowType: z.number().nullable(),
  urgent: z.number(),
  category: z.string(),
  releaseTime: z.number(),
  releaseUser: z.string(),
  excerpt: z.string(),
});

export const noticeAnswer = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      category: z.string(),
      urgent: z.number(),
      state: z.number(),
      expireTime: z.number().nullable(),
      releaseTime: z.number().nullable(),
      releaseUser: z.string(),
      creatorTime: z.number(),
      creatorUser: z.string(),
      lastModifyTime: z.number().nullable(),
      version: z.number(),
    }),
  ),
  pagination: paginationSchema,
});

export const rootPostAnswer = z.object({ id: z.string() });

export const rootAnswer2 = z.object({
  bodyText: z.string(),
  files: z.string(),
  toUserIds: z.array(z.string()),
  id: z.string(),
  title: z.string(),
  category: z.string(),
  urgent: z.number(),
  state: z.number(),
  expireTime: z.number().nullable(),
  releaseTime: z.number().nullable(),
  releaseUser: z.string(),
  creatorTime: z.number(),
  creatorUser: z.string(),
  lastModifyTime: z.number().nullable(),
  version: z.number(),
});

export const imreplyAnswer = z.object({
  list: z.array(
    z.object({
      id: z.string(),
      realName: z.string(),
      account: z.string(),
      headIcon: z.string(),
      unreadMessage: z.number(),
      latestMessage: z.string(),
      messageType: z.string(),
      latestDate: z.number(),
    }),
  ),
});

export const uploaderPostAnswer = z.object({ name: z.string(), url: z.string() });

export const uploaderPostAnswer2 = z.object({
  name: z.string(),
  fileId: z.string(),
  fileSize: z.number(),
  fileExtension: z.string(),
  url: z.string(),
});
