import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  AssignDevicesResponseSchema,
  type AssignDevicesInput,
  type AssignDevicesResponse,
} from '@toolkit/contracts/devices.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateDeviceQueries } from './invalidate-device-queries.ts';

export async function assignDevices(input: AssignDevicesInput): Promise<AssignDevicesResponse> {
  const res = await apiRequest('POST', '/api/devices/assign', input);
  return AssignDevicesResponseSchema.parse(await res.json());
}

export function useAssignDevices() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: assignDevices, onSettled: () => invalidateDeviceQueries(queryClient) });
}
