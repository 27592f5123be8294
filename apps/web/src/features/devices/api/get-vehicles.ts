import { useQuery } from '@tanstack/react-query';
import { vehiclesQueryOptions } from '../../../lib/vehicle-list-query.ts';

/**
 * The agency's vehicles, to pick an assignment target: the same query (and cache entry, with its
 * offline fallback) as the Vehicles screen, read as a plain list.
 */
export function useVehicles(clientId: number, enabled = true) {
  return useQuery({ ...vehiclesQueryOptions(clientId), enabled, select: (result) => result.vehicles });
}
