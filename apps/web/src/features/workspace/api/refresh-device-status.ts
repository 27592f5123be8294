import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StatusRefreshResponseSchema, type StatusRefreshResponse } from '@toolkit/contracts/devices.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { vehicleDevicesQueryOptions } from '../../devices/index.ts';

export async function refreshDeviceStatus(vehicleId: number): Promise<StatusRefreshResponse> {
  const res = await apiRequest('POST', '/api/devices/status/refresh', { vehicleId });
  return StatusRefreshResponseSchema.parse(await res.json());
}

/** Asks the external system for the vehicle's device statuses now; the answer replaces the list. */
export function useRefreshDeviceStatus(vehicleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshDeviceStatus(vehicleId),
    onSuccess: (data) => {
      queryClient.setQueryData(vehicleDevicesQueryOptions(vehicleId).queryKey, data.devices);
    },
  });
}
