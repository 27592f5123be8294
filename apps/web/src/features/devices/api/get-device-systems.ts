import { queryOptions, useQuery } from '@tanstack/react-query';
import { DeviceSystemListSchema } from '@toolkit/contracts/devices.ts';
import { jsonQuery } from '../../../lib/api-client.ts';

export function deviceSystemsQueryOptions(clientId: number) {
  return queryOptions({
    queryKey: ['/api/device-systems/client', clientId],
    queryFn: jsonQuery(DeviceSystemListSchema),
  });
}

export function useDeviceSystems(clientId: number, enabled = true) {
  return useQuery({ ...deviceSystemsQueryOptions(clientId), enabled });
}
