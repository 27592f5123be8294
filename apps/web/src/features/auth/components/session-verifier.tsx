import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSignOut } from '../hooks/use-logout.ts';
import { verifyQueryOptions } from '../api/verify.ts';
import { setCurrentUser, useCurrentUser, useStoredToken } from '../session-store.ts';

/**
 * Loads the user for a stored token (§7); a failed verification while a token is present logs out (§4).
 * The 401 handler has already cleared the token by then, so the logout does not re-check it.
 */
export function SessionVerifier() {
  const token = useStoredToken();
  const user = useCurrentUser();
  const signOut = useSignOut();
  const verify = useQuery(verifyQueryOptions(token !== null && user === null));

  useEffect(() => {
    if (verify.data && user === null) setCurrentUser(verify.data.user);
  }, [verify.data, user]);

  // A network failure (no answer at all, e.g. offline in the field) is not a failed verification.
  const failed = verify.isError && !(verify.error instanceof TypeError);
  useEffect(() => {
    if (failed && user === null) void signOut();
  }, [failed, user, signOut]);

  return null;
}
