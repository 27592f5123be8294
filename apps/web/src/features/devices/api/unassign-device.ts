import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  UnassignDeviceResponseSchema,
  type UnassignDeviceInput,
  type UnassignDeviceResponse,
} from '@toolkit/contracts/devices.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAfterDeviceChange } from './invalidate-device-queries.ts';

export async function unassignDevice(input: UnassignDeviceInput): Promise<UnassignDeviceResponse> {
  const res = await apiRequest('POST', '/api/devices/unassign', input);
  return UnassignDeviceResponseSchema.parse(await res.json());
}

export function useUnassignDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unassignDevice,
    onSettled: (_data, _error, input) =>
      invalidateAfterDeviceChange(queryClient, { clientId: input.clientId, deviceIds: [input.deviceId] }),
  });
}
