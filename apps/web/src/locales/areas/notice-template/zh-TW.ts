/** Texts of the notice templates (the notice dialog's 'use a template' and 'save as template'). */
export const noticeTemplate = {
  useTemplate: '使用範本',
  saveAsTemplate: '存為範本',
  templateName: '範本名稱',
  templateNameRequired: '請輸入範本名稱',
  templateContent: '內容',
  templateSaved: '已存為範本',
  replaceBodyTitle: '取代正文？',
  replaceBodyConfirm: '公告已有內容，確定用範本取代嗎？',
  saveTemplateNeedsBody: '請先輸入公告內容',
};
