import { queryOptions, useQuery } from '@tanstack/react-query';
import { FLEET_DEVICES_REFETCH_MS } from '@toolkit/contracts/constants.ts';
import { DeviceDetailSchema } from '@toolkit/contracts/devices.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';

/** One device with its assignment history; it shows status, so it refetches every 15 seconds. */
export function deviceQueryOptions(deviceId: string) {
  return queryOptions({
    queryKey: ['/api/devices', encodeURIComponent(deviceId)],
    queryFn: jsonQuery(DeviceDetailSchema),
    refetchInterval: FLEET_DEVICES_REFETCH_MS,
    ...persistedQuery('device-detail'),
  });
}

export function useDevice(deviceId: string) {
  return useQuery(deviceQueryOptions(deviceId));
}
