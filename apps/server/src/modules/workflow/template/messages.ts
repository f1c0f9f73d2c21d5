import { inLanguages as m, type MessageCatalogue } from '../../../core/messages.ts';

/** Server messages of flow templates (docs/workflow.md, "Templates"). */
export const flowTemplateMessages = {
  flowTemplateInvalid: m([
    '流程无法发布：{message}',
    '流程無法發佈：{message}',
    'The flow cannot be published: {message}',
  ]),
  flowTemplatePublished: m(['发布成功，版本 v{versionNo}', '發佈成功，版本 v{versionNo}', 'Published as v{versionNo}']),
  flowTemplateFormMissing: m([
    '流程绑定的表单不存在',
    '流程綁定的表單不存在',
    'The form the flow is bound to does not exist',
  ]),
  flowTemplateHasInstances: m([
    '该流程已发起 {count} 次，不能删除；可以停用它',
    '該流程已發起 {count} 次，不能刪除；可以停用它',
    'This flow has been launched {count} times and cannot be deleted; stop it instead',
  ]),
  flowTemplateImportInvalid: m([
    '导入的内容不是导出的流程：{message}',
    '匯入的內容不是匯出的流程：{message}',
    'What was imported is not an exported flow: {message}',
  ]),
  flowTemplateCopySuffix: m(['副本', '副本', 'copy']),
  flowTemplateEnabled: m(['流程已启用', '流程已啟用', 'The flow may be launched again']),
  flowTemplateStopped: m(['流程已停用', '流程已停用', 'The flow is stopped']),
} satisfies MessageCatalogue;

declare module '../../../core/messages.ts' {
  interface MessageCatalogues {
    flowTemplate: typeof flowTemplateMessages;
  }
}
