import { Navigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../router/navigation.ts';
import { useSessionStore } from '../../stores/session.ts';

/** Open without a token: hands `?redirect=` on to the sign-in page, or goes there when signed in. */
export default function AuthRedirectPage() {
  const [params] = useSearchParams();
  const token = useSessionStore((s) => s.token);
  const target = safeRedirect(params.get('redirect'));
  return <Navigate replace to={token ? target : `/login?redirect=${encodeURIComponent(target)}`} />;
}
