import type { MessageCatalogue } from '../../../core/messages.ts';

/** Server messages of message templates, registered with core/messages.ts by its routes plugin. */
export const messageTemplateMessages = {
  templatePlaceholderUndeclared: {
    'zh-CN': '占位符 {placeholder} 未在模板参数中声明',
    'zh-TW': '佔位符 {placeholder} 未在範本參數中宣告',
    'en-US': 'the placeholder {placeholder} is not a declared parameter',
  },
  templateCategoryMissing: {
    'zh-CN': '不是消息分类字典中的项',
    'zh-TW': '不是訊息分類字典中的項',
    'en-US': 'is not an item of the message category dictionary',
  },
  templateCopySuffix: { 'zh-CN': '副本', 'zh-TW': '副本', 'en-US': ' copy' },
  copySuccess: { 'zh-CN': '复制成功', 'zh-TW': '複製成功', 'en-US': 'Copied' },
} satisfies MessageCatalogue;

declare module '../../../core/messages.ts' {
  interface MessageCatalogues {
    messageTemplate: typeof messageTemplateMessages;
  }
}
