import { queryOptions, useQuery } from '@tanstack/react-query';
import { VehicleSchema } from '@toolkit/contracts/vehicles.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';

/** GET /api/vehicles/{id}: the vehicle the installation page is about (§7). */
export function vehicleQueryOptions(vehicleId: number) {
  return queryOptions({
    queryKey: ['/api/vehicles', vehicleId],
    queryFn: jsonQuery(VehicleSchema),
    ...persistedQuery('vehicle'),
  });
}

export function useVehicle(vehicleId: number) {
  return useQuery(vehicleQueryOptions(vehicleId));
}
