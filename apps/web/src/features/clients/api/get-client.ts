import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientSchema } from '@toolkit/contracts/clients.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';
import { CLIENTS_URL } from './client-keys.ts';

/** The selected client's name and full name (§7: client-by-id query keyed by the selected client). */
export function clientQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: [CLIENTS_URL, clientId],
    queryFn: jsonQuery(ClientSchema),
    ...persistedQuery('client'),
  });
}

export function useClient(clientId: number) {
  return useQuery(clientQueryOptions(clientId));
}
