import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEVICE_LIST_STALE_MS, FLEET_DEVICES_REFETCH_MS } from '@toolkit/contracts/constants.ts';
import { DeviceListSchema } from '@toolkit/contracts/devices.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { PERSISTED_QUERY } from '../../../lib/offline/persisted-query.ts';

/** An agency's devices; screens that show status refetch every 15 seconds (§9). */
export function devicesQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: ['/api/devices/client', clientId],
    queryFn: jsonQuery(DeviceListSchema),
    staleTime: DEVICE_LIST_STALE_MS,
    refetchInterval: FLEET_DEVICES_REFETCH_MS,
    ...PERSISTED_QUERY,
  });
}

export function useDevices(clientId: number) {
  return useQuery(devicesQueryOptions(clientId));
}
