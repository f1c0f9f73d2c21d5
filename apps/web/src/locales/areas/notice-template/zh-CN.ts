/** Texts of the notice templates (the notice dialog's 'use a template' and 'save as template'). */
export const noticeTemplate = {
  useTemplate: '使用模板',
  saveAsTemplate: '存为模板',
  templateName: '模板名称',
  templateNameRequired: '请输入模板名称',
  templateContent: '内容',
  templateSaved: '已存为模板',
  replaceBodyTitle: '替换正文？',
  replaceBodyConfirm: '公告已有内容，确定用模板替换吗？',
  saveTemplateNeedsBody: '请先输入公告内容',
};
