import DOMPurify from 'dompurify';
import { RICH_TEXT_CLASS, RichEditor } from '../../rich-editor/index.ts';
import styles from '../form-runtime.module.css';
import { prop, type WidgetProps } from './types.ts';

/** Rich text: the shared editor (with image upload) while editing, sanitised HTML in detail views. */
export default function EditorWidget({ field, value, onChange, disabled, readOnly, id }: WidgetProps) {
  const html = typeof value === 'string' ? value : '';
  if (readOnly || disabled)
    return (
      <div
        id={id}
        className={`${styles.richText} ${RICH_TEXT_CLASS}`}
        dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(html) }}
      />
    );
  return (
    <div id={id} style={{ width: '100%' }}>
      <RichEditor
        defaultValue={html}
        imageUpload
        placeholder={field.placeholder ?? prop(field, 'placeholder', '')}
        onChange={(next) => onChange(next === '<p><br></p>' ? '' : next)}
      />
    </div>
  );
}
