import type { LayoutType } from '@atrium/shared';
import styles from './settings-drawer.module.css';

/** A thumbnail of a layout: where the side bar and the top bar are, drawn with boxes. */
export function LayoutPreview({ type }: { type: LayoutType }) {
  return (
    <span className={[styles.preview, styles[`preview-${type}`]].join(' ')} aria-hidden>
      <span className={styles.previewTop} />
      <span className={styles.previewSide} />
      <span className={styles.previewBody} />
    </span>
  );
}
