import { queryOptions, useQuery } from '@tanstack/react-query';
import { VehicleSchema } from '@toolkit/contracts/vehicles.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';

/** The vehicles endpoint (§7): POST creates, GET and PATCH /{id} read and change one. */
export const VEHICLES_URL = '/api/vehicles';

/** GET /api/vehicles/{id} (§7): one vehicle, before or without the agency's list. */
export function vehicleQueryOptions(vehicleId: number) {
  return queryOptions({
    queryKey: [VEHICLES_URL, vehicleId],
    queryFn: jsonQuery(VehicleSchema),
    ...persistedQuery('vehicle'),
  });
}

/** The vehicle; none is asked for while `vehicleId` is null or `enabled` is false. */
export function useVehicle(vehicleId: number | null, enabled = true) {
  return useQuery({ ...vehicleQueryOptions(vehicleId ?? 0), enabled: enabled && vehicleId !== null });
}
