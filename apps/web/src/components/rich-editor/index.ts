export { RichEditor, type RichEditorHandle, type TableAction } from './rich-editor.tsx';
export type { FieldTagValue } from './blots.ts';
