import type { MessageCatalogue } from '../../core/messages.ts';

/** Server messages of the example module (the widget gallery), registered by its routes plugin. */
export const exampleMessages = {
  // The first failing field and its problem; the full list travels in data.errors.
  galleryFormInvalid: {
    'zh-CN': '{label}：{message}',
    'zh-TW': '{label}：{message}',
    'en-US': '{label}: {message}',
  },
  galleryFormJsonAdminOnly: {
    'zh-CN': '只有管理员可以提交自定义表单结构',
    'zh-TW': '只有管理員可以提交自訂表單結構',
    'en-US': 'Only an administrator may send a form structure of their own',
  },
  galleryValidated: {
    'zh-CN': '校验通过',
    'zh-TW': '校驗通過',
    'en-US': 'All fields are valid',
  },
} satisfies MessageCatalogue;

declare module '../../core/messages.ts' {
  interface MessageCatalogues {
    example: typeof exampleMessages;
  }
}
