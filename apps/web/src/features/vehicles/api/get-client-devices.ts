import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEVICE_LIST_STALE_MS } from '@toolkit/contracts/constants.ts';
import { DeviceListSchema } from '@toolkit/contracts/devices.ts';
import { jsonQuery } from '../../../lib/api-client.ts';

/** An agency's devices (§7), to offer the unassigned ones; stale after 5 min. */
export function clientDevicesQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: ['/api/devices/client', clientId],
    queryFn: jsonQuery(DeviceListSchema),
    staleTime: DEVICE_LIST_STALE_MS,
  });
}

export function useClientDevices(clientId: number) {
  return useQuery(clientDevicesQueryOptions(clientId));
}
