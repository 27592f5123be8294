import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CreateDeviceResponseSchema,
  type CreateDeviceInput,
  type CreateDeviceResponse,
} from '@toolkit/contracts/devices.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAfterDeviceChange } from './invalidate-device-queries.ts';

export async function createDevice(input: CreateDeviceInput): Promise<CreateDeviceResponse> {
  const res = await apiRequest('POST', '/api/devices', input);
  return CreateDeviceResponseSchema.parse(await res.json());
}

export function useCreateDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDevice,
    onSettled: (_data, _error, input) =>
      invalidateAfterDeviceChange(queryClient, { clientId: input.clientId, deviceIds: [] }),
  });
}
