import { Navigate, Outlet, useLocation } from 'react-router';
import { paths } from '../../config/paths.ts';
import { getToken } from '../../lib/storage.ts';

/**
 * §2: a non-public route without a stored token goes to /login. The token is read on each
 * navigation, not subscribed to: a 401 clears it without redirecting at that moment (§4).
 */
export function RequireAuth() {
  useLocation();
  if (!getToken()) return <Navigate to={paths.login} replace />;
  return <Outlet />;
}
