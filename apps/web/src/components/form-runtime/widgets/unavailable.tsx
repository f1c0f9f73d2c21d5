import { kindOf } from '@atrium/shared/forms';
import { useTranslation } from 'react-i18next';
import styles from '../form-runtime.module.css';
import { ReadOnlyText } from './read-only.tsx';
import type { WidgetProps } from './types.ts';

/**
 * A kind whose component is not part of this build: the stored value is shown as text (so a saved
 * record still reads correctly) with a note that the field cannot be edited here.
 */
export function UnavailableWidget({ field, value, id }: WidgetProps) {
  const { t } = useTranslation();
  const text = kindOf(field)?.display(value, field) ?? '';
  return (
    <div id={id}>
      <ReadOnlyText text={text} />
      <div className={styles.hint}>{t('formRuntime.kindUnavailable')}</div>
    </div>
  );
}
