import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  UnassignDeviceResponseSchema,
  type UnassignDeviceInput,
  type UnassignDeviceResponse,
} from '@toolkit/contracts/devices.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { deviceChangeKeys, invalidateAfterDeviceChange } from '../utils/device-change.ts';

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

export function useUnassignDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, vehicleLabel }: { input: UnassignDeviceInput; vehicleLabel?: string | null }) =>
      unassignDevice(input, vehicleLabel),
    networkMode: 'always',
    onSettled: (_data, _error, { input }) =>
      invalidateAfterDeviceChange(queryClient, { clientId: input.clientId, deviceIds: [input.deviceId] }),
  });
}
