/** Texts of the notice templates (the notice dialog's 'use a template' and 'save as template'). */
export const noticeTemplate = {
  useTemplate: 'Use a template',
  saveAsTemplate: 'Save as template',
  templateName: 'Template name',
  templateNameRequired: 'Please enter the template name',
  templateContent: 'Content',
  templateSaved: 'Saved as a template',
  replaceBodyTitle: 'Replace the content?',
  replaceBodyConfirm: 'The notice already has content. Replace it with the template?',
  saveTemplateNeedsBody: 'Write the content first',
};
