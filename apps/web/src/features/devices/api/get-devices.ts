import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEVICE_LIST_STALE_MS, FLEET_DEVICES_REFETCH_MS } from '@toolkit/contracts/constants.ts';
import { DeviceListDeltaSchema, DeviceListSchema } from '@toolkit/contracts/devices.ts';
import { deltaListQuery, shareKeepingRevision } from '../../../lib/list-delta.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';

/** An agency's devices; screens that show status refetch every 15 seconds (§9). */
export function devicesQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: ['/api/devices/client', clientId],
    // Whole the first time, then only what changed (decision 022); new rows in the server's order.
    queryFn: deltaListQuery({
      list: DeviceListSchema,
      delta: DeviceListDeltaSchema,
      order: (a, b) => (a.deviceId < b.deviceId ? -1 : a.deviceId > b.deviceId ? 1 : 0),
    }),
    structuralSharing: shareKeepingRevision,
    staleTime: DEVICE_LIST_STALE_MS,
    refetchInterval: FLEET_DEVICES_REFETCH_MS,
    ...persistedQuery('device-list'),
  });
}

export function useDevices(clientId: number) {
  return useQuery(devicesQueryOptions(clientId));
}
