import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  LOCAL_CACHE_FRESHNESS_MS,
  VEHICLE_LIST_REFETCH_MS,
  VEHICLE_LIST_STALE_MS,
} from '@toolkit/contracts/constants.ts';
import { VehicleListSchema, type Vehicle } from '@toolkit/contracts/vehicles.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { readCachedVehicles, writeCachedVehicles } from '../../../lib/offline/vehicle-cache.ts';
import { toast } from '../../../lib/toast-store.ts';

export interface VehicleListResult {
  vehicles: Vehicle[];
  /** 'cache' when the server could not be reached and the local copy answered (§8). */
  source: 'network' | 'cache';
  syncedAt: number;
  /** The copy shown is older than the local cache freshness (§9: 1 hour). */
  stale: boolean;
}

export const cachedDataToast = (count: number) => ({
  title: 'Using cached data',
  description: `Loaded ${String(count)} vehicles from cache. Connect to internet for latest updates.`,
});

const loadVehicles = jsonQuery(VehicleListSchema);

export function vehiclesQueryKey(clientId: number) {
  return ['/api/vehicles/client', clientId] as const;
}

/** An agency's vehicles (§7), refetched every 30 s, stale after 5 min, kept in the local cache (§3). */
export function vehiclesQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: vehiclesQueryKey(clientId),
    queryFn: async (context): Promise<VehicleListResult> => {
      try {
        const vehicles = await loadVehicles(context);
        const syncedAt = Date.now();
        void writeCachedVehicles(clientId, vehicles, syncedAt);
        return { vehicles, source: 'network', syncedAt, stale: false };
      } catch (error) {
        if (context.signal.aborted) throw error;
        const cached = await readCachedVehicles(clientId);
        if (!cached) throw error;
        const previous = context.client.getQueryData<VehicleListResult>(context.queryKey);
        // One toast when the list falls back to the cache, not one per 30-second refetch.
        if (previous?.source !== 'cache') toast(cachedDataToast(cached.vehicles.length));
        return { ...cached, source: 'cache', stale: Date.now() - cached.syncedAt > LOCAL_CACHE_FRESHNESS_MS };
      }
    },
    refetchInterval: VEHICLE_LIST_REFETCH_MS,
    staleTime: VEHICLE_LIST_STALE_MS,
    // Run even when the browser says it is offline: the cache fallback is the offline answer.
    networkMode: 'always',
  });
}

export function useVehicles(clientId: number) {
  return useQuery(vehiclesQueryOptions(clientId));
}

/**
 * The agency's vehicles as a plain list, to pick an assignment target: the same query (and cache
 * entry, with its offline fallback) as the Vehicles screen.
 */
export function useVehicleChoices(clientId: number, enabled = true) {
  return useQuery({ ...vehiclesQueryOptions(clientId), enabled, select: (result) => result.vehicles });
}
