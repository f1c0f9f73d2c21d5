import type { MessageCatalogue } from '../../core/messages.ts';

/** Server messages of feedback, registered by its routes plugin. */
export const feedbackMessages = {
  feedbackSent: {
    'zh-CN': '反馈已提交，感谢您的意见',
    'zh-TW': '回饋已送出，感謝您的意見',
    'en-US': 'Thank you, your feedback was sent',
  },
  feedbackHandled: { 'zh-CN': '已标记为已处理', 'zh-TW': '已標記為已處理', 'en-US': 'Marked as handled' },
  feedbackImageTooLarge: {
    'zh-CN': '截图不能超过 {size}MB',
    'zh-TW': '截圖不能超過 {size}MB',
    'en-US': 'The screenshot may not exceed {size} MB',
  },
  feedbackScreenshotUnknown: {
    'zh-CN': '截图不存在或不是您上传的，请重新上传',
    'zh-TW': '截圖不存在或不是您上傳的，請重新上傳',
    'en-US': 'the screenshot does not exist or was not uploaded by you; upload it again',
  },
} satisfies MessageCatalogue;

declare module '../../core/messages.ts' {
  interface MessageCatalogues {
    feedback: typeof feedbackMessages;
  }
}
