import type { QueryClient } from '@tanstack/react-query';
import { clientsQueryOptions } from '../../clients/index.ts';
import { fleetOverviewQueryOptions } from '../../overview/index.ts';
import { vehiclesQueryKey } from '../../vehicles/index.ts';
import { deviceQueryOptions } from './get-device.ts';
import { devicesQueryOptions } from './get-devices.ts';
import { VEHICLE_DEVICES_QUERY_KEY } from './get-vehicle-devices.ts';

export type DeviceChange = { clientId: number; deviceIds: readonly string[] };

/**
 * The queries whose answer an assignment, an unassignment or a new device changes: the agency's
 * devices, each device's detail, the devices on every vehicle (the old and the new one), the
 * vehicle list's device counts, the fleet overview's counts and the client list's counts.
 */
export function deviceChangeKeys({ clientId, deviceIds }: DeviceChange): readonly (readonly unknown[])[] {
  return [
    devicesQueryOptions(clientId).queryKey,
    ...deviceIds.map((id) => deviceQueryOptions(id).queryKey),
    VEHICLE_DEVICES_QUERY_KEY,
    vehiclesQueryKey(clientId),
    fleetOverviewQueryOptions(clientId).queryKey,
    clientsQueryOptions().queryKey,
  ];
}

/** Refreshes, by their query keys, every query a device change changes. */
export function invalidateAfterDeviceChange(
  queryClient: QueryClient,
  change: DeviceChange,
): Promise<unknown> {
  return Promise.all(deviceChangeKeys(change).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
