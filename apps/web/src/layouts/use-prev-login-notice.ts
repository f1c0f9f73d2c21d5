import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../stores/session.ts';
import { feedback } from '../app/feedback.ts';

/** On the first arrival after sign-in, show the previous login for 2 s. */
export function usePrevLoginNotice(): void {
  const { notification } = feedback();
  const { t } = useTranslation();

  useEffect(() => {
    const session = useSessionStore.getState();
    // Consumed once, so StrictMode's double effect and later layout mounts stay quiet.
    if (!session.consumeJustLoggedIn()) return;
    const user = session.userInfo;
    if (!user || user.prevLogin !== 1) return;
    notification.info({
      placement: 'bottomRight',
      duration: 2,
      title: t('layout.prevLoginTitle'),
      description: t('layout.prevLoginText', {
        time: user.prevLoginTime ? dayjs(user.prevLoginTime).format('YYYY-MM-DD HH:mm') : '-',
        place: user.prevLoginIPAddressName || '-',
        ip: user.prevLoginIPAddress || '-',
      }),
    });
  }, [notification, t]);
}
