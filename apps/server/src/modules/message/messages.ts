import type { MessageCatalogue } from '../../core/messages.ts';

/**
 * Server messages of the message centre, notices and chat, registered with core/messages.ts by its
 * routes plugin. The refusals of private file links (notice attachments, chat images) are the file
 * module's own (modules/file/messages.ts).
 */
export const messageMessages = {
  readAllSuccess: { 'zh-CN': '已全部标记为已读', 'zh-TW': '已全部標記為已讀', 'en-US': 'All marked as read' },
  releaseSuccess: { 'zh-CN': '发布成功', 'zh-TW': '發布成功', 'en-US': 'Released' },
  noticeNotDraft: {
    'zh-CN': '只能编辑草稿状态的公告',
    'zh-TW': '只能編輯草稿狀態的公告',
    'en-US': 'Only a draft notice can be edited',
  },
  noticeAlreadyReleased: {
    'zh-CN': '公告“{title}”已发布',
    'zh-TW': '公告「{title}」已發布',
    'en-US': 'The notice "{title}" has already been released',
  },
  noticeExpired: {
    'zh-CN': '公告“{title}”已过期，不能发布',
    'zh-TW': '公告「{title}」已過期，不能發布',
    'en-US': 'The notice "{title}" has expired and cannot be released',
  },
  noticeNoRecipients: {
    'zh-CN': '公告“{title}”没有可接收的用户',
    'zh-TW': '公告「{title}」沒有可接收的使用者',
    'en-US': 'Nobody would receive the notice "{title}"',
  },
  expireTimePast: {
    'zh-CN': 'expireTime: 过期时间必须晚于当前时间',
    'zh-TW': 'expireTime: 過期時間必須晚於目前時間',
    'en-US': 'expireTime: the expiry time must be in the future',
  },
  filesInvalid: {
    'zh-CN': 'files: 附件格式不正确',
    'zh-TW': 'files: 附件格式不正確',
    'en-US': 'files: the attachment list is not valid',
  },
  imImageTooLarge: {
    'zh-CN': '图片大小不能超过5M',
    'zh-TW': '圖片大小不能超過5M',
    'en-US': 'image size cannot exceed 5M',
  },
} satisfies MessageCatalogue;

declare module '../../core/messages.ts' {
  interface MessageCatalogues {
    message: typeof messageMessages;
  }
}
