/** Texts of the home page's notices, messages and shortcuts. */
export const homePage = {
  unreadNotices: '未读公告',
  noUnreadNotices: '没有未读公告',
  recentMessages: '最近消息',
  noMessages: '暂无消息',
  shortcuts: '常用功能',
  noShortcuts: '您还没有可以打开的页面，请联系管理员授权',
  more: '更多',
  unread: '未读',
  loadFailed: '加载失败',
  retry: '重试',
  from: '{{user}} · {{time}}',
  flowDetail: '流程详情',
};
