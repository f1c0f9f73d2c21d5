import type { homePage as zhCN } from './zh-CN.ts';

/** Texts of the home page in English. */
export const homePage: typeof zhCN = {
  unreadNotices: 'Unread notices',
  noUnreadNotices: 'No unread notices',
  recentMessages: 'Recent messages',
  noMessages: 'No messages yet',
  shortcuts: 'Shortcuts',
  noShortcuts: 'There is no page you may open yet; ask your administrator for access',
  more: 'More',
  unread: 'Unread',
  loadFailed: 'Could not load',
  retry: 'Try again',
  from: '{{user}} · {{time}}',
  flowDetail: 'Flow detail',
};
