import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { resetRouteHistory } from '../../../lib/route-history.ts';
import { clearSession, getRequestToken } from '../../../lib/storage.ts';
import { logout } from '../api/logout.ts';
import { setCurrentUser } from '../session-store.ts';

/** §4: revoke the token (best effort), clear storage and cached data, go to /login. */
export function useLogout(): () => void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(() => {
    if (getRequestToken()) {
      logout().catch(() => undefined);
    }
    clearSession();
    setCurrentUser(null);
    queryClient.clear();
    resetRouteHistory();
    void navigate('/login', { replace: true });
  }, [navigate, queryClient]);
}
