import { Navigate } from 'react-router';
import { paths } from '../../config/paths.ts';
import { LoginScreen } from '../../features/auth/components/login-screen.tsx';
import { useCurrentUser, useStoredToken } from '../../features/auth/session-store.ts';

/** `/`: the login screen, or /clients when a token and a user exist (§2). */
export function Component() {
  const token = useStoredToken();
  const user = useCurrentUser();
  if (token && user) return <Navigate to={paths.clients} replace />;
  return <LoginScreen />;
}
