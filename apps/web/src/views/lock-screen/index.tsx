import { ArrowRightOutlined, LockOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Input, Typography } from 'antd';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { avatarUrl } from '../../api/file.ts';
import { RequestError } from '../../api/request.ts';
import { takeReturnPath } from '../../stores/screen-lock.ts';
import { useSessionStore } from '../../stores/session.ts';
import styles from './lock-screen.module.css';
import { useClock } from './use-clock.ts';

/** Full-screen lock: only the account's password, or signing out, leaves it. */
export default function LockScreenPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useSessionStore((s) => s.userInfo);
  const loaded = useSessionStore((s) => s.loaded);
  const unlockScreen = useSessionStore((s) => s.unlockScreen);
  const logout = useSessionStore((s) => s.logout);
  const now = useClock();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // After a reload the guard sends a locked tab here before the user is loaded.
  useEffect(() => {
    if (!loaded)
      useSessionStore
        .getState()
        .loadCurrentUser()
        .catch(() => {});
  }, [loaded]);

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!password) {
      setError(t('lock.passwordRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await unlockScreen(password);
      navigate(takeReturnPath(), { replace: true });
    } catch (cause) {
      // The server's refusal (a wrong password) shows once, under the field; a network failure has
      // already been toasted by the request wrapper.
      if (cause instanceof RequestError && cause.response) setError(cause.message || t('request.defaultError'));
      setPassword('');
    } finally {
      setBusy(false);
    }
  }

  async function signInAsOther() {
    await logout();
    navigate('/login', { replace: true });
  }

  const time = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', hour12: false }).format(
    now,
  );
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full' }).format(now);

  return (
    <div className={styles.page} data-testid="lock-screen">
      <div className={styles.clock} aria-live="off">
        <div className={styles.time}>{time}</div>
        <div className={styles.date}>{date}</div>
      </div>
      <form className={styles.panel} onSubmit={(e) => void submit(e)}>
        <Avatar size={88} src={avatarUrl(userInfo?.headIcon)} icon={<UserOutlined />} />
        <div className={styles.name}>{userInfo?.userName ?? '\u00a0'}</div>
        <div className={styles.hint}>
          <LockOutlined /> {t('lock.locked')}
        </div>
        <div className={styles.form}>
          <Input.Password
            autoFocus
            size="large"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            placeholder={t('lock.passwordPlaceholder')}
            aria-label={t('lock.passwordPlaceholder')}
            autoComplete="current-password"
            data-testid="lock-password"
          />
          <Button
            size="large"
            type="primary"
            htmlType="submit"
            loading={busy}
            icon={<ArrowRightOutlined />}
            aria-label={t('lock.submit')}
            title={t('lock.submit')}
            data-testid="lock-submit"
          />
        </div>
        <div className={styles.error} role="alert" data-testid="lock-error">
          {error}
        </div>
        <Typography.Link className={styles.other} onClick={() => void signInAsOther()} data-testid="lock-other-user">
          {t('lock.otherUser')}
        </Typography.Link>
      </form>
    </div>
  );
}
