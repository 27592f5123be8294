import { useMutation } from '@tanstack/react-query';
import {
  CreateDeviceResponseSchema,
  type CreateDeviceInput,
  type CreateDeviceResponse,
} from '@toolkit/contracts/devices.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { DEVICES_URL } from './get-device.ts';
import { deviceChangeKeys } from '../utils/device-change.ts';

/** POST /api/devices through the outbox. */
export function createDevice(input: CreateDeviceInput): Promise<Submitted<CreateDeviceResponse>> {
  return submitWrite(
    {
      label: `New ${input.type} device${input.name ? ` ${input.name}` : ''}`,
      method: 'POST',
      url: DEVICES_URL,
      body: input,
      keyPrefix: 'device-create',
      invalidate: deviceChangeKeys({ clientId: input.clientId, deviceIds: [] }),
    },
    (answer) => CreateDeviceResponseSchema.parse(answer),
  );
}

/** On a vehicle made without signal too: the outbox holds it until the vehicle's create went (decision 043). */
export function useCreateDevice() {
  return useMutation({
    mutationFn: (input: CreateDeviceInput) => createDevice(input),
    networkMode: 'always',
  });
}
