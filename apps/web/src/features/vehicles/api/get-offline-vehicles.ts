import { queryOptions, useQuery } from '@tanstack/react-query';
import { readOfflineVehicles } from '../../../lib/offline/vehicle-cache.ts';

export function offlineVehiclesQueryKey(clientId: number) {
  return ['vehicles-offline', clientId] as const;
}

/** Vehicles created while offline and not yet sent, read from IndexedDB. */
export function offlineVehiclesQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: offlineVehiclesQueryKey(clientId),
    queryFn: () => readOfflineVehicles(clientId),
    networkMode: 'always',
  });
}

export function useOfflineVehicles(clientId: number) {
  return useQuery(offlineVehiclesQueryOptions(clientId));
}
