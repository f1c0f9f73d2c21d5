import type { PageResult } from '@atrium/shared';
import { request } from './request.ts';

/** A chat contact: another user of the organisation. */
export interface ChatContact {
  id: string;
  realName: string;
  account: string;
  headIcon: string | null;
  department: string | null;
}

/** A conversation of the list; `id` is the other user's id. */
export interface Conversation {
  id: string;
  realName: string;
  account: string;
  headIcon: string | null;
  unreadMessage: number;
  latestMessage: string | null;
  messageType: string | null;
  latestDate: number | null;
}

export interface ContactQuery {
  keyword: string;
  currentPage: number;
  pageSize: number;
}

/** Contacts as the user picker API answers them: the name field is `fullName` there. */
interface ContactRow {
  id: string;
  realName?: string;
  fullName?: string;
  account?: string;
  headIcon?: string | null;
  department?: string | null;
}

/** The caller's chat contacts, paged (everyone but the caller). */
export async function listContacts(query: ContactQuery): Promise<PageResult<ChatContact>> {
  const page = (await request<PageResult<ContactRow>>({ url: '/api/permission/Users/ImUser', data: query })).data!;
  return {
    pagination: page.pagination,
    list: page.list.map((row) => ({
      id: row.id,
      realName: row.realName ?? stripAccount(row.fullName ?? ''),
      account: row.account ?? '',
      headIcon: row.headIcon ?? null,
      department: row.department ?? null,
    })),
  };
}

/** Pickers show 'name/account'; the chat shows the name alone. */
function stripAccount(fullName: string): string {
  const slash = fullName.lastIndexOf('/');
  return slash > 0 ? fullName.slice(0, slash) : fullName;
}

export async function listConversations(): Promise<Conversation[]> {
  return (await request<{ list: Conversation[] }>({ url: '/api/message/imreply' })).data?.list ?? [];
}

/** Drops a conversation from the list (the records stay). */
export function removeConversation(userId: string) {
  return request({ url: `/api/message/imreply/relocation/${encodeURIComponent(userId)}`, method: 'DELETE' });
}

/** Clears the caller's records of a conversation. */
export function deleteChatRecord(userId: string) {
  return request({ url: `/api/message/imreply/deleteChatRecord/${encodeURIComponent(userId)}`, method: 'DELETE' });
}

/** One image under 5 MB. */
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Uploads a chat image to the IM upload path first; the answer's name goes into the SendMessage frame. */
export async function uploadChatImage(file: File): Promise<{ name: string; url?: string }> {
  const body = new FormData();
  body.append('file', file);
  return (await request<{ name: string; url?: string }>({ url: '/api/file/Uploader/IM', method: 'POST', data: body }))
    .data!;
}
