import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientListSchema } from '@toolkit/contracts/clients.ts';
import { CLIENT_COUNTS_STALE_MS } from '@toolkit/contracts/constants.ts';
import { jsonQueryOr401Null } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';
import { clientsQueryKey } from './client-keys.ts';

export { CLIENTS_URL } from './client-keys.ts';

/**
 * The user's agencies with their device counts; a 401 yields null (the screen swallows sign-in
 * errors, §8). The per-agency counts are stale after 30 s (§9): the list is fetched again when it
 * is shown after that.
 */
export function clientsQueryOptions() {
  return queryOptions({
    queryKey: clientsQueryKey(),
    queryFn: jsonQueryOr401Null(ClientListSchema),
    staleTime: CLIENT_COUNTS_STALE_MS,
    ...persistedQuery('client-list'),
  });
}

export function useClients() {
  return useQuery(clientsQueryOptions());
}
