import type { MessageCatalogue } from '../../../core/messages.ts';

/** Server messages of notice templates, registered with core/messages.ts by its routes plugin. */
export const oaTemplateMessages = {
  oaTemplateNameTaken: {
    'zh-CN': '模板名称“{name}”已存在',
    'zh-TW': '範本名稱「{name}」已存在',
    'en-US': 'A template named "{name}" already exists',
  },
  oaTemplateContentBlank: {
    'zh-CN': '内容为空或只有不允许的标记',
    'zh-TW': '內容為空或只有不允許的標記',
    'en-US': 'is empty, or holds only markup that is not allowed',
  },
} satisfies MessageCatalogue;

declare module '../../../core/messages.ts' {
  interface MessageCatalogues {
    oaTemplate: typeof oaTemplateMessages;
  }
}
