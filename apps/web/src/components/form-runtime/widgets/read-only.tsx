import styles from '../form-runtime.module.css';

/** A value shown as text in detail views and for read-only kinds (system fields, bill numbers). */
export function ReadOnlyText({ id, text, multiline }: { id?: string; text: string; multiline?: boolean }) {
  return (
    <div id={id} className={multiline ? styles.readOnlyMultiline : styles.readOnly}>
      {text || '\u00a0'}
    </div>
  );
}
