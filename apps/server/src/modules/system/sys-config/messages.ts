import type { MessageCatalogue } from '../../../core/messages.ts';

/** Server messages of the system settings, registered with core/messages.ts by its routes plugin. */
export const sysConfigMessages = {
  uploadTooLarge: {
    'zh-CN': '文件不能超过 {size} MB',
    'zh-TW': '檔案不能超過 {size} MB',
    'en-US': 'The file must not be larger than {size} MB',
  },
  uploadExtension: {
    'zh-CN': '不允许上传 {extension} 类型的文件',
    'zh-TW': '不允許上傳 {extension} 類型的檔案',
    'en-US': 'Files of type {extension} may not be uploaded',
  },
} satisfies MessageCatalogue;

declare module '../../../core/messages.ts' {
  interface MessageCatalogues {
    sysConfig: typeof sysConfigMessages;
  }
}
