import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InstallationLogSchema, LOG_ACTIONS, type InstallationLog } from '@toolkit/contracts/logs.ts';
import type { WaitsFor } from '../../../lib/outbox/outbox.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { LOGS_URL, logsQueryOptions } from './get-logs.ts';

/** §7: an 'Installation Note' entry of the vehicle, with no device, through the outbox. */
export function createLogNote(
  vehicleId: number,
  details: string,
  waitsFor?: WaitsFor | null,
): Promise<Submitted<InstallationLog>> {
  return submitWrite(
    {
      label: `Log note: ${details.length > 60 ? `${details.slice(0, 57)}...` : details}`,
      method: 'POST',
      url: LOGS_URL,
      body: { vehicleId, deviceId: null, action: LOG_ACTIONS.note, details },
      keyPrefix: 'log',
      invalidate: [logsQueryOptions(vehicleId).queryKey],
      waitsFor,
    },
    (answer) => InstallationLogSchema.parse(answer),
  );
}

/** `waitsFor`: the vehicle was created without signal, the note goes after it (decision 036). */
export function useCreateLogNote(vehicleId: number, waitsFor?: WaitsFor | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: string) => createLogNote(vehicleId, details, waitsFor),
    networkMode: 'always',
    onSuccess: (result) => {
      if (result.status === 'sent')
        return queryClient.invalidateQueries({ queryKey: logsQueryOptions(vehicleId).queryKey });
    },
  });
}
