import { queryOptions, useQuery } from '@tanstack/react-query';
import { FleetOverviewSchema } from '@toolkit/contracts/clients.ts';
import { FLEET_DEVICES_REFETCH_MS } from '@toolkit/contracts/constants.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { refreshOnDeviceChange } from '../../../lib/device-change.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';
import { CLIENTS_URL } from './get-clients.ts';

/** Live fleet counts, refetched every 15 seconds (§9). */
export function fleetOverviewQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: [CLIENTS_URL, clientId, 'overview'],
    queryFn: jsonQuery(FleetOverviewSchema),
    refetchInterval: FLEET_DEVICES_REFETCH_MS,
    ...persistedQuery('fleet-overview'),
  });
}

// The fleet counts change with every assignment, unassignment and new device.
refreshOnDeviceChange(({ clientId }) => [fleetOverviewQueryOptions(clientId).queryKey]);

export function useFleetOverview(clientId: number) {
  return useQuery(fleetOverviewQueryOptions(clientId));
}
