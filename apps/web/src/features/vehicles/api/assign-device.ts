import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AssignDevicesResponseSchema,
  type AssignDevicesInput,
  type AssignDevicesResponse,
} from '@toolkit/contracts/devices.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { clientDevicesQueryOptions } from './get-client-devices.ts';
import { vehicleDevicesQueryOptions } from './get-vehicle-devices.ts';
import { vehiclesQueryKey } from '../../../lib/vehicle-list-query.ts';

export async function assignDevices(input: AssignDevicesInput): Promise<AssignDevicesResponse> {
  const res = await apiRequest('POST', '/api/devices/assign', input);
  return AssignDevicesResponseSchema.parse(await res.json());
}

export function useAssignDevices(clientId: number, vehicleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignDevices,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: clientDevicesQueryOptions(clientId).queryKey }),
        queryClient.invalidateQueries({ queryKey: vehicleDevicesQueryOptions(vehicleId).queryKey }),
        queryClient.invalidateQueries({ queryKey: vehiclesQueryKey(clientId) }),
      ]),
  });
}
