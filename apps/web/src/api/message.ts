import type { PageResult } from '@atrium/shared';
import { request } from './request.ts';

/** Message types: 1 notice, 2 flow, 3 system. */
export const MessageType = { notice: 1, flow: 2, system: 3 } as const;
export type MessageTypeValue = (typeof MessageType)[keyof typeof MessageType];

/** A row of the message centre / drawer. */
export interface MessageItem {
  id: string;
  title: string;
  type: number;
  isRead: '0' | '1';
  flowType?: number | null;
  releaseTime: number | null;
  /** "name/account" */
  releaseUser: string | null;
  excerpt?: string | null;
}

/** ReadInfo answer: the row plus the sanitised body and the attachments. */
export interface MessageDetail extends MessageItem {
  /** Sanitised HTML; for a flow message the JSON text of the flow payload. */
  bodyText: string | null;
  /** JSON text of the attachments. */
  files: string | null;
}

export interface MessageQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  /** '' = every type. */
  type: number | '';
  /** '' = read and unread. */
  isRead: '' | '0' | '1';
}

/** Which messages 'mark all read' covers: the filters of the list on screen. */
export type ReadAllFilter = Pick<MessageQuery, 'keyword' | 'type' | 'isRead'>;

export interface UnreadCounts {
  unreadMessageCount: number;
  unreadNoticeCount: number;
  unreadSystemMessageCount: number;
  unreadTotalCount: number;
}

export async function listMessages(query: MessageQuery): Promise<PageResult<MessageItem>> {
  return (await request<PageResult<MessageItem>>({ url: '/api/message', data: { ...query, sort: 'desc' } })).data!;
}

/** Detail of one message; the server marks it read. */
export async function readMessage(id: string): Promise<MessageDetail> {
  return (await request<MessageDetail>({ url: `/api/message/ReadInfo/${encodeURIComponent(id)}` })).data!;
}

/** Marks the matching unread messages read; answers the new counts and the text to show. */
export function readAllMessages(filter: ReadAllFilter) {
  return request<UnreadCounts>({ url: '/api/message/Actions/ReadAll', method: 'POST', data: filter });
}

export function removeMessageRecords(ids: readonly string[]) {
  return request({ url: '/api/message/Record', method: 'DELETE', data: { ids: ids.join(',') } });
}

export async function getUnreadCounts(): Promise<UnreadCounts> {
  return (await request<UnreadCounts>({ url: '/api/message/getUnReadMsgNum' })).data!;
}

/** An attachment as the files JSON text lists it. */
export interface MessageFile {
  name: string;
  fileId?: string;
  fileSize?: number;
  url?: string;
}

/** The attachments of a files JSON text; anything unreadable counts as none. */
export function parseFiles(files: string | null | undefined): MessageFile[] {
  if (!files) return [];
  try {
    const parsed: unknown = JSON.parse(files);
    return Array.isArray(parsed)
      ? parsed.filter((f): f is MessageFile => typeof f === 'object' && f !== null && typeof f.name === 'string')
      : [];
  } catch {
    return [];
  }
}

// ---------------------------------------------------------------------------------------------
// Notice administration (menu msgCenter/notice)
// ---------------------------------------------------------------------------------------------

/** Notice states: 0 draft, 1 released, 2 expired (a released notice past its expiry). */
export const NoticeState = { draft: 0, released: 1, expired: 2 } as const;

export interface NoticeItem {
  id: string;
  title: string;
  category: string;
  urgent: number;
  state: number;
  expireTime: number | null;
  releaseTime: number | null;
  /** "name/account", '' before release. */
  releaseUser: string;
  creatorTime: number;
  creatorUser: string;
  lastModifyTime: number | null;
  version: number;
}

/** The create/edit form of a notice. */
export interface NoticeForm {
  title: string;
  bodyText: string;
  /** JSON text of the attachments. */
  files: string;
  category?: string;
  urgent?: number;
  expireTime: number | null;
  /** Picker values '<id>--company' | '--department' | '--role' | '--user' ...; empty for everyone. */
  toUserIds: string[];
}

export type NoticeDetail = NoticeItem & Omit<NoticeForm, 'expireTime'>;

export interface NoticeQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
  /** '' = every state. */
  state?: number | '';
}

const NOTICE = '/api/message';

export const noticeApi = {
  // The announcement list is asked for with type -1.
  list: async (query: NoticeQuery) =>
    (await request<PageResult<NoticeItem>>({ url: `${NOTICE}/Notice`, data: { ...query, type: -1 } })).data!,
  info: async (id: string) => (await request<NoticeDetail>({ url: `${NOTICE}/${encodeURIComponent(id)}` })).data!,
  create: (body: NoticeForm) => request<{ id: string }>({ url: NOTICE, method: 'POST', data: body }),
  update: (id: string, body: NoticeForm & { version?: number }) =>
    request({ url: `${NOTICE}/${encodeURIComponent(id)}`, method: 'PUT', data: body }),
  remove: (id: string) => request({ url: `${NOTICE}/${encodeURIComponent(id)}`, method: 'DELETE' }),
  release: (id: string) => request({ url: `${NOTICE}/Actions/Release`, method: 'POST', data: { id } }),
};

/** A notice template: a reusable notice text (cleaned HTML) that the notice editor fills a notice with. */
export interface NoticeTemplate {
  id: string;
  fullName: string;
  content: string;
  excerpt: string;
  /** "name/account" of whoever saved it. */
  creatorUser: string;
  creatorTime: number;
}

const OA_TEMPLATE = '/api/example/OaTemplate';

export const noticeTemplateApi = {
  list: async (query: { keyword: string; currentPage: number; pageSize: number }) =>
    (await request<PageResult<NoticeTemplate>>({ url: `${OA_TEMPLATE}/getList`, method: 'POST', data: query })).data!,
  create: (body: { fullName: string; content: string }) =>
    request<{ id: string }>({ url: OA_TEMPLATE, method: 'POST', data: body }),
  remove: (id: string) => request({ url: `${OA_TEMPLATE}/${encodeURIComponent(id)}`, method: 'DELETE' }),
};
