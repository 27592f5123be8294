import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientListSchema } from '@toolkit/contracts/clients.ts';
import { CLIENT_COUNTS_STALE_MS } from '@toolkit/contracts/constants.ts';
import { jsonQueryOr401Null } from '../../../lib/api-client.ts';
import { refreshOnDeviceChange } from '../../../lib/device-change.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';

/** The clients endpoint (§7): GET lists the user's agencies, /{id} one, /{id}/overview its counts. */
export const CLIENTS_URL = '/api/clients';

/**
 * The user's agencies with their device counts; a 401 yields null (the screen swallows sign-in
 * errors, §8). The per-agency counts are stale after 30 s (§9): the list is fetched again when it
 * is shown after that.
 */
export function clientsQueryOptions() {
  return queryOptions({
    queryKey: [CLIENTS_URL],
    queryFn: jsonQueryOr401Null(ClientListSchema),
    staleTime: CLIENT_COUNTS_STALE_MS,
    ...persistedQuery('client-list'),
  });
}

// The list's device counts change with every assignment, unassignment and new device.
refreshOnDeviceChange(() => [clientsQueryOptions().queryKey]);

export function useClients() {
  return useQuery(clientsQueryOptions());
}
