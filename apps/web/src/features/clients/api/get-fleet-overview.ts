import { queryOptions, useQuery } from '@tanstack/react-query';
import { FleetOverviewSchema } from '@toolkit/contracts/clients.ts';
import { FLEET_DEVICES_REFETCH_MS } from '@toolkit/contracts/constants.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';
import { fleetOverviewQueryKey } from './client-keys.ts';

/** Live fleet counts, refetched every 15 seconds (§9). */
export function fleetOverviewQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: fleetOverviewQueryKey(clientId),
    queryFn: jsonQuery(FleetOverviewSchema),
    refetchInterval: FLEET_DEVICES_REFETCH_MS,
    ...persistedQuery('fleet-overview'),
  });
}

export function useFleetOverview(clientId: number) {
  return useQuery(fleetOverviewQueryOptions(clientId));
}
