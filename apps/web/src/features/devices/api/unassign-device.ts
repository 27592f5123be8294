import { useMutation } from '@tanstack/react-query';
import {
  UnassignDeviceResponseSchema,
  type UnassignDeviceInput,
  type UnassignDeviceResponse,
} from '@toolkit/contracts/devices.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { deviceChangeKeys } from '../utils/device-change.ts';

/** POST /api/devices/unassign through the outbox. */
export function unassignDevice(
  input: UnassignDeviceInput,
  vehicleLabel?: string | null,
): Promise<Submitted<UnassignDeviceResponse>> {
  return submitWrite(
    {
      label: `Device ${input.deviceId} removed${vehicleLabel ? ` from ${vehicleLabel}` : ''}`,
      method: 'POST',
      url: '/api/devices/unassign',
      body: input,
      keyPrefix: 'unassign',
      invalidate: deviceChangeKeys({ clientId: input.clientId, deviceIds: [input.deviceId] }),
    },
    (answer) => UnassignDeviceResponseSchema.parse(answer),
  );
}

/** The outbox refreshes what the unassignment changed (decision 044). */
export function useUnassignDevice() {
  return useMutation({
    mutationFn: ({ input, vehicleLabel }: { input: UnassignDeviceInput; vehicleLabel?: string | null }) =>
      unassignDevice(input, vehicleLabel),
    networkMode: 'always',
  });
}
