import { Navigate, useLocation, useParams } from 'react-router';

/**
 * `/redirect/<path>`: the tags bar's 'refresh' goes here, and this page goes
 * straight back to <path> (replacing the history entry), so the view renders anew.
 */
export default function RedirectPage() {
  const { '*': rest = '' } = useParams();
  const { search, hash } = useLocation();
  return <Navigate to={`/${rest}${search}${hash}`} replace />;
}
