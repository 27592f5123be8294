import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CreateDeviceResponseSchema,
  type CreateDeviceInput,
  type CreateDeviceResponse,
} from '@toolkit/contracts/devices.ts';
import type { WaitsFor } from '../../../lib/outbox/outbox.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { DEVICES_URL } from './get-device.ts';
import { deviceChangeKeys, invalidateAfterDeviceChange } from '../utils/device-change.ts';

/** POST /api/devices through the outbox. */
export function createDevice(
  input: CreateDeviceInput,
  waitsFor?: WaitsFor | null,
): Promise<Submitted<CreateDeviceResponse>> {
  return submitWrite(
    {
      label: `New ${input.type} device${input.name ? ` ${input.name}` : ''}`,
      method: 'POST',
      url: DEVICES_URL,
      body: input,
      keyPrefix: 'device-create',
      invalidate: deviceChangeKeys({ clientId: input.clientId, deviceIds: [] }),
      waitsFor,
    },
    (answer) => CreateDeviceResponseSchema.parse(answer),
  );
}

/** `waitsFor`: the vehicle was created without signal, the device goes after it (decision 036). */
export function useCreateDevice(waitsFor?: WaitsFor | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDeviceInput) => createDevice(input, waitsFor),
    networkMode: 'always',
    onSettled: (_data, _error, input) =>
      invalidateAfterDeviceChange(queryClient, { clientId: input.clientId, deviceIds: [] }),
  });
}
