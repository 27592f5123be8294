import type { QueryKey } from '@tanstack/react-query';
import { deviceChangeFollowers, type DeviceChange } from '../../../lib/device-change.ts';
import { deviceQueryOptions } from '../api/get-device.ts';
import { devicesQueryOptions } from '../api/get-devices.ts';
import { VEHICLE_DEVICES_QUERY_KEY } from '../api/get-vehicle-devices.ts';

export type { DeviceChange };

/**
 * The queries whose answer an assignment, an unassignment or a new device changes: the agency's
 * devices, each device's detail, the devices on every vehicle (the old and the new one), and what
 * what the other resources' homes map a device change to, declared at app start
 * (app/refresh-wiring.ts: the vehicle list's and client list's device counts, the fleet overview,
 * the vehicles' logs).
 */
export function deviceChangeKeys(change: DeviceChange): readonly QueryKey[] {
  return [
    devicesQueryOptions(change.clientId).queryKey,
    ...change.deviceIds.map((id) => deviceQueryOptions(id).queryKey),
    VEHICLE_DEVICES_QUERY_KEY,
    ...deviceChangeFollowers(change),
  ];
}
