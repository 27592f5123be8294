import { queryOptions, useQuery } from '@tanstack/react-query';
import { VEHICLE_DEVICE_STATUS_REFETCH_MS } from '@toolkit/contracts/constants.ts';
import { DeviceListSchema } from '@toolkit/contracts/devices.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';

/** The key every vehicle's device list starts with (to refresh them all after a change). */
export const VEHICLE_DEVICES_QUERY_KEY = ['/api/devices/vehicle'] as const;

/** The devices on a vehicle (§7), refetched every 30 s. */
export function vehicleDevicesQueryOptions(vehicleId: number) {
  return queryOptions({
    queryKey: [...VEHICLE_DEVICES_QUERY_KEY, vehicleId],
    queryFn: jsonQuery(DeviceListSchema),
    refetchInterval: VEHICLE_DEVICE_STATUS_REFETCH_MS,
    ...persistedQuery('device-list'),
  });
}

export function useVehicleDevices(vehicleId: number, enabled: boolean) {
  return useQuery({ ...vehicleDevicesQueryOptions(vehicleId), enabled });
}
