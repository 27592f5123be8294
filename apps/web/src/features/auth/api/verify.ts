import { queryOptions } from '@tanstack/react-query';
import { lazyJsonQuery } from '../../../lib/api-client.ts';

/** §7: runs only with a token and no loaded user; no retry, always stale, no refetch on focus. */
export function verifyQueryOptions(enabled: boolean) {
  return queryOptions({
    queryKey: ['/api/auth/verify'],
    queryFn: lazyJsonQuery(async () => (await import('@toolkit/contracts/auth.ts')).VerifyResponseSchema),
    enabled,
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}
