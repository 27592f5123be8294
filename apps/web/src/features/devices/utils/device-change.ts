import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { deviceChangeFollowers, type DeviceChange } from '../../../lib/device-change.ts';
import { deviceQueryOptions } from '../api/get-device.ts';
import { devicesQueryOptions } from '../api/get-devices.ts';
import { VEHICLE_DEVICES_QUERY_KEY } from '../api/get-vehicle-devices.ts';

export type { DeviceChange };

/**
 * The queries whose answer an assignment, an unassignment or a new device changes: the agency's
 * devices, each device's detail, the devices on every vehicle (the old and the new one), and what
 * the other resources named with `refreshOnDeviceChange` (the vehicle list's device counts, the
 * fleet overview's counts, the client list's counts).
 */
export function deviceChangeKeys(change: DeviceChange): readonly QueryKey[] {
  return [
    devicesQueryOptions(change.clientId).queryKey,
    ...change.deviceIds.map((id) => deviceQueryOptions(id).queryKey),
    VEHICLE_DEVICES_QUERY_KEY,
    ...deviceChangeFollowers(change),
  ];
}

/** Refreshes, by their query keys, every query a device change changes. */
export function invalidateAfterDeviceChange(
  queryClient: QueryClient,
  change: DeviceChange,
): Promise<unknown> {
  return Promise.all(deviceChangeKeys(change).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
