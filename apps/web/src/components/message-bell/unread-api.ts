import { request } from '../../api/request.ts';

/** Unread counts of the caller (docs/shell-api.md); the messages module brings the rest of its calls. */
export interface UnreadCounts {
  unreadMessageCount: number;
  unreadNoticeCount: number;
  unreadSystemMessageCount: number;
  unreadTotalCount: number;
}

export function getUnreadCounts() {
  return request<UnreadCounts>({ url: '/api/message/getUnReadMsgNum' });
}
