import { queryOptions, useQuery } from '@tanstack/react-query';
import { VEHICLE_LIST_REFETCH_MS, VEHICLE_LIST_STALE_MS } from '@toolkit/contracts/constants.ts';
import { VehicleListDeltaSchema, VehicleListSchema, type Vehicle } from '@toolkit/contracts/vehicles.ts';
import { deltaListQuery, shareKeepingRevision } from '../../../lib/list-delta.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';
import { toast } from '../../../lib/toast-store.ts';
import { vehiclesQueryKey } from './vehicle-keys.ts';

export const cachedDataToast = (count: number) => ({
  title: 'Using cached data',
  description: `Loaded ${String(count)} vehicles from cache. Connect to internet for latest updates.`,
});

/** Whole the first time, then only what changed (decision 022); new rows in the server's order. */
const loadVehicles = deltaListQuery({
  list: VehicleListSchema,
  delta: VehicleListDeltaSchema,
  order: (a, b) => (a.vehicleId < b.vehicleId ? -1 : a.vehicleId > b.vehicleId ? 1 : 0),
});

export { vehiclesQueryKey };

/**
 * An agency's vehicles (§7), refetched every 30 s, stale after 5 min. The last good list is kept on
 * this phone like every list (§3's local cache, lib/offline/saved-copies.ts): when a load fails
 * the list shown stays, and §8's toast says the copy answered (once, not every 30 s).
 */
export function vehiclesQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: vehiclesQueryKey(clientId),
    queryFn: async (context): Promise<Vehicle[]> => {
      try {
        return await loadVehicles(context);
      } catch (error) {
        const state = context.client.getQueryState<Vehicle[]>(context.queryKey);
        if (!context.signal.aborted && state?.data !== undefined && state.status !== 'error')
          toast(cachedDataToast(state.data.length));
        throw error;
      }
    },
    refetchInterval: VEHICLE_LIST_REFETCH_MS,
    staleTime: VEHICLE_LIST_STALE_MS,
    // Tried even when the browser says it is offline (the other lists wait instead): §8 tells the
    // installer by a toast that the copy answered.
    networkMode: 'always',
    structuralSharing: shareKeepingRevision,
    ...persistedQuery('vehicle-list'),
  });
}

export function useVehicles(clientId: number) {
  return useQuery(vehiclesQueryOptions(clientId));
}

/**
 * The agency's vehicles, to pick an assignment target: the same query (and cache entry, with its
 * saved copy) as the Vehicles screen.
 */
export function useVehicleChoices(clientId: number, enabled = true) {
  return useQuery({ ...vehiclesQueryOptions(clientId), enabled });
}
