import { Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ticketLogin } from '../../api/oauth.ts';
import { safeRedirect } from '../../router/navigation.ts';
import { useSessionStore } from '../../stores/session.ts';

/**
 * Single sign-on entry: `?ticket=..&redirect=..` exchanges the one-time ticket for a session of this
 * window and goes to the redirect; without a ticket (or with a bad one) the user signs in normally.
 */
export default function SsoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ticket = params.get('ticket');
  const redirect = params.get('redirect');
  // A ticket is single-use: React's development double effect must not spend it twice.
  const spent = useRef<string | null>(null);

  useEffect(() => {
    if (!ticket) {
      navigate(redirect ? `/login?redirect=${encodeURIComponent(safeRedirect(redirect))}` : '/login', {
        replace: true,
      });
      return;
    }
    if (spent.current === ticket) return;
    spent.current = ticket;
    ticketLogin(ticket)
      .then(({ data }) => {
        if (!data?.token) throw new Error('no token');
        useSessionStore.getState().setToken(data.token);
        navigate(safeRedirect(redirect), { replace: true });
      })
      .catch(() => {
        // The wrapper has shown the server's reason ('票据无效或已过期').
        navigate(`/login?redirect=${encodeURIComponent(safeRedirect(redirect))}`, { replace: true });
      });
  }, [ticket, redirect, navigate]);

  return (
    <div data-testid="sso-page" style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Result icon={<Spin size="large" />} title={t('sso.signingIn')} />
    </div>
  );
}
