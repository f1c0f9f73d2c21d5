import { Alert } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { session as sessionStorage, StorageName } from '../../utils/storage.ts';

/**
 * The shell's notice that the demo data is fictional and must not be altered or sold.
 * Once dismissed it stays away for the rest of the browser session.
 */
export function DemoNotice() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(() => sessionStorage.get<boolean>(StorageName.demoNotice) === true);
  if (dismissed) return null;

  function dismiss() {
    sessionStorage.set(StorageName.demoNotice, true);
    setDismissed(true);
  }

  return (
    <Alert
      banner
      type="warning"
      showIcon
      data-testid="demo-notice"
      title={t('dialogs.demoNotice.text')}
      closable={{ onClose: dismiss, 'aria-label': t('dialogs.demoNotice.close') }}
    />
  );
}
