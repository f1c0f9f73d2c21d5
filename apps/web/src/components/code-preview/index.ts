export { CodePreviewDialog, type CodePreviewDialogProps } from './code-preview-dialog.tsx';

// In a module of its own, so a page can name the texts without loading the component.
export { codePreviewTexts } from './texts.ts';
