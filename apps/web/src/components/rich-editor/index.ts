export {
  EDITOR_IMAGE_UPLOAD,
  RICH_TEXT_CLASS,
  RichEditor,
  toolbarOf,
  uploadEditorImage,
  type RichEditorHandle,
  type TableAction,
} from './rich-editor.tsx';
export type { FieldTagValue } from './blots.ts';
