import type { QueryClient } from '@tanstack/react-query';
import { clientsQueryOptions } from '../../clients/index.ts';
import { fleetOverviewQueryOptions } from '../../overview/index.ts';
import { vehiclesQueryKey } from '../../vehicles/index.ts';
import { deviceQueryOptions } from './get-device.ts';
import { devicesQueryOptions } from './get-devices.ts';
import { VEHICLE_DEVICES_QUERY_KEY } from './get-vehicle-devices.ts';

export type DeviceChange = { clientId: number; deviceIds: readonly string[] };

/**
 * After an assignment, an unassignment or a new device, refresh by their query keys every query
 * whose answer it changes: the agency's devices, each device's detail, the devices on every
 * vehicle (the old and the new one), the vehicle list's device counts, the fleet overview's counts
 * and the client list's counts.
 */
export function invalidateAfterDeviceChange(
  queryClient: QueryClient,
  { clientId, deviceIds }: DeviceChange,
): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: devicesQueryOptions(clientId).queryKey }),
    ...deviceIds.map((id) => queryClient.invalidateQueries({ queryKey: deviceQueryOptions(id).queryKey })),
    queryClient.invalidateQueries({ queryKey: VEHICLE_DEVICES_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: vehiclesQueryKey(clientId) }),
    queryClient.invalidateQueries({ queryKey: fleetOverviewQueryOptions(clientId).queryKey }),
    queryClient.invalidateQueries({ queryKey: clientsQueryOptions().queryKey, exact: true }),
  ]);
}
