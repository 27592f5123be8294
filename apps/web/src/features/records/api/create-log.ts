import { useMutation } from '@tanstack/react-query';
import { InstallationLogSchema, LOG_ACTIONS, type InstallationLog } from '@toolkit/contracts/logs.ts';
import { submitWrite, type Submitted } from '../../../lib/outbox/submit.ts';
import { LOGS_URL, logsQueryOptions } from './get-logs.ts';

/** What a log note from the workspace is, in the outbox (its kind). */
export const LOG_WRITE = 'log';

/** §7: an 'Installation Note' entry of the vehicle, with no device, through the outbox. */
export function createLogNote(vehicleId: number, details: string): Promise<Submitted<InstallationLog>> {
  return submitWrite(
    {
      label: `Log note: ${details.length > 60 ? `${details.slice(0, 57)}...` : details}`,
      method: 'POST',
      url: LOGS_URL,
      body: { vehicleId, deviceId: null, action: LOG_ACTIONS.note, details },
      keyPrefix: LOG_WRITE,
      invalidate: [logsQueryOptions(vehicleId).queryKey],
    },
    (answer) => InstallationLogSchema.parse(answer),
  );
}

/** For a vehicle made without signal too: the outbox holds the note until its create went (decision 043). */
export function useCreateLogNote(vehicleId: number) {
  return useMutation({
    mutationFn: (details: string) => createLogNote(vehicleId, details),
    networkMode: 'always',
  });
}
