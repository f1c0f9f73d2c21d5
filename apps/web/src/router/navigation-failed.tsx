import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** The error page of a failed navigation on /404 itself: a way home instead of another redirect. */
export default function NavigationFailed() {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('guard.hasError')}
      extra={
        <Button type="primary" onClick={() => window.location.assign('/home')}>
          {t('notFound.backHome')}
        </Button>
      }
    />
  );
}
