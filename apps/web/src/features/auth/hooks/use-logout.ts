import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { resetRouteHistory } from '../../../lib/route-history.ts';
import { clearSession, getRequestToken } from '../../../lib/storage.ts';
import { logout } from '../api/logout.ts';
import { setCurrentUser } from '../session-store.ts';

/** Deletes the copies kept on this phone; loaded when needed (this module is on /login's first load). */
async function forgetSavedData(): Promise<void> {
  const { forgetSavedData: forget } = await import('../../../lib/offline/forget-saved-data.ts');
  await forget();
}

/**
 * §4: revoke the token (best effort), clear storage and every cached list (in memory at once, the
 * copies kept on this phone right after), go to /login. The outbox is left alone: the user-facing
 * logout (useLogout) empties it only after a warning.
 */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    if (getRequestToken()) {
      logout().catch(() => undefined);
    }
    clearSession();
    setCurrentUser(null);
    queryClient.clear();
    resetRouteHistory();
    void navigate('/login', { replace: true });
    await forgetSavedData().catch((error: unknown) => {
      console.warn('Could not delete the copies kept on this phone', error);
    });
  }, [navigate, queryClient]);
}
