import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { lazyJsonQuery } from '../../../lib/api-client.ts';
import { clearSession, getRequestToken, getToken } from '../../../lib/storage.ts';
import { getCurrentUser, setCurrentUser } from '../session-store.ts';
import { takeEarlyVerify, VERIFY_URL } from './early-verify.ts';

/**
 * §7: runs only with a token and no loaded user; no retry, always stale, no refetch on focus.
 * Mounting does not call again when an answer is there: that answer is the start-up call's. The
 * first call takes the answer the entry asked for as the page loaded (early-verify.ts), if it was
 * asked with the token the call would carry; the contract's code loads meanwhile.
 */
export function verifyQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: [VERIFY_URL],
    queryFn: lazyJsonQuery(
      async () => (await import('@toolkit/contracts/auth.ts')).VerifyResponseSchema,
      () => takeEarlyVerify(getRequestToken()),
    ),
    enabled,
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchOnMount: false,
  });
}

/**
 * At start-up, with a stored token and no user: the same verify call, started before the first
 * screen is rendered. A success sets the user (SessionVerifier then has nothing to do); a refusal
 * clears the session at once, and SessionVerifier signs out (§4).
 */
export function prefetchVerify(queryClient: QueryClient): void {
  if (getToken() === null || getCurrentUser() !== null) return;
  queryClient.query(verifyQueryOptions(true)).then(
    (data) => {
      if (getCurrentUser() === null && getToken() !== null) setCurrentUser(data.user);
    },
    (error: unknown) => {
      // A failed verification (an answer, not a network failure) ends the session here too (§4):
      // token, client and remember-me go even if SessionVerifier has not seen the failure yet.
      if (!(error instanceof TypeError)) clearSession();
    },
  );
}
