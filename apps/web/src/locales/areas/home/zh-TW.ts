import type { homePage as zhCN } from './zh-CN.ts';

/** Texts of the home page in Traditional Chinese. */
export const homePage: typeof zhCN = {
  unreadNotices: '未讀公告',
  noUnreadNotices: '沒有未讀公告',
  recentMessages: '最近訊息',
  noMessages: '暫無訊息',
  shortcuts: '常用功能',
  noShortcuts: '您還沒有可以開啟的頁面，請聯絡管理員授權',
  more: '更多',
  unread: '未讀',
  loadFailed: '載入失敗',
  retry: '重試',
  from: '{{user}} · {{time}}',
  flowDetail: '流程詳情',
};
