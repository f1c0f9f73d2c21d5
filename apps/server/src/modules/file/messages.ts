import type { MessageCatalogue } from '../../core/messages.ts';

/** Refusals of private file links (docs/files.md), answered as the envelope instead of the file. */
export const fileMessages = {
  fileTicketMissing: {
    'zh-CN': '文件链接缺少访问票据，请从列表中重新打开',
    'zh-TW': '檔案連結缺少存取票據，請從清單中重新開啟',
    'en-US': 'This file link has no ticket; open the file again from its list',
  },
  fileTicketInvalid: {
    'zh-CN': '文件链接无效',
    'zh-TW': '檔案連結無效',
    'en-US': 'This file link is not valid',
  },
  fileTicketExpired: {
    'zh-CN': '文件链接已过期，请刷新后重新打开',
    'zh-TW': '檔案連結已過期，請重新整理後再開啟',
    'en-US': 'This file link has expired; refresh and open the file again',
  },
  fileNotVisible: {
    'zh-CN': '您无权查看此文件',
    'zh-TW': '您無權查看此檔案',
    'en-US': 'You may not see this file',
  },
  fileNotFound: {
    'zh-CN': '文件不存在或已过期',
    'zh-TW': '檔案不存在或已過期',
    'en-US': 'The file does not exist or has expired',
  },
} satisfies MessageCatalogue;

declare module '../../core/messages.ts' {
  interface MessageCatalogues {
    file: typeof fileMessages;
  }
}
