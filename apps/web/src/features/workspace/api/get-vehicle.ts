import { queryOptions, useQuery } from '@tanstack/react-query';
import { VehicleSchema } from '@toolkit/contracts/vehicles.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';

/** One vehicle (§7 GET /api/vehicles/{id}): the chosen one, before or without the agency's list. */
export function vehicleQueryOptions(vehicleId: number) {
  return queryOptions({
    queryKey: ['/api/vehicles', vehicleId],
    queryFn: jsonQuery(VehicleSchema),
    ...persistedQuery('vehicle'),
  });
}

export function useVehicle(vehicleId: number | null, enabled: boolean) {
  return useQuery({ ...vehicleQueryOptions(vehicleId ?? 0), enabled: enabled && vehicleId !== null });
}
