import { useMutation } from '@tanstack/react-query';
import {
  CreateDeviceResponseSchema,
  DEVICE_TYPES,
  type CreateDeviceInput,
  type CreateDeviceResponse,
} from '@toolkit/contracts/devices.ts';
import { z } from 'zod';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { usePendingWrites } from '../../../lib/outbox/use-pending.ts';
import { DEVICES_URL } from './get-device.ts';
import { deviceChangeKeys } from '../utils/device-change.ts';

/** What a new device is, in the outbox (its kind). */
const CREATE_WRITE = 'device-create';

/** POST /api/devices through the outbox. */
export function createDevice(input: CreateDeviceInput): Promise<Submitted<CreateDeviceResponse>> {
  return submitWrite(
    {
      label: `New ${input.type} device${input.name ? ` ${input.name}` : ''}`,
      method: 'POST',
      url: DEVICES_URL,
      body: input,
      keyPrefix: CREATE_WRITE,
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

/** What the pending views read of a new device kept on the phone. */
const KeptCreateSchema = z.object({
  type: z.enum(DEVICE_TYPES),
  serialNumber: z.string().nullish(),
  vehicleId: z.number().int().nullish(),
});

/** New devices for a vehicle made on this phone and not yet on the server (issue 35: from a shipment unit). */
export function usePendingDeviceCreates(vehicleId: number) {
  return usePendingWrites(CREATE_WRITE, KeptCreateSchema, (b) => b.vehicleId === vehicleId);
}
