import { useTranslation } from 'react-i18next';
import styles from './layout.module.css';

/** A user without any menu entry is told to ask the administrator. */
export function NoPermission({ dark }: { dark: boolean }) {
  const { t } = useTranslation();
  return (
    <p data-testid="no-permission" className={[styles.noPermission, dark ? styles.noPermissionDark : ''].join(' ')}>
      {t('layout.noPermission')}
    </p>
  );
}
