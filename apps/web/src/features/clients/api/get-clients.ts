import { queryOptions, useQuery } from '@tanstack/react-query';
import { ClientListSchema } from '@toolkit/contracts/clients.ts';
import { jsonQueryOr401Null } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';

/** The user's agencies; a 401 yields null (the screen swallows sign-in errors, §8). */
export function clientsQueryOptions() {
  return queryOptions({
    queryKey: ['/api/clients'],
    queryFn: jsonQueryOr401Null(ClientListSchema),
    ...persistedQuery('client-list'),
  });
}

export function useClients() {
  return useQuery(clientsQueryOptions());
}
