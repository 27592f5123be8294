import { queryOptions, useQuery } from '@tanstack/react-query';
import { VEHICLE_LIST_REFETCH_MS, VEHICLE_LIST_STALE_MS } from '@toolkit/contracts/constants.ts';
import { VehicleListSchema } from '@toolkit/contracts/vehicles.ts';
import { jsonQuery } from '../../../lib/api-client.ts';

/** The agency's vehicles, to pick an assignment target (30 s refetch, stale after 5 min, §9). */
export function vehiclesQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: ['/api/vehicles/client', clientId],
    queryFn: jsonQuery(VehicleListSchema),
    staleTime: VEHICLE_LIST_STALE_MS,
    refetchInterval: VEHICLE_LIST_REFETCH_MS,
  });
}

export function useVehicles(clientId: number, enabled = true) {
  return useQuery({ ...vehiclesQueryOptions(clientId), enabled });
}
