import { useMutation, useQueryClient } from '@tanstack/react-query';
import { InstallationLogSchema, LOG_ACTIONS, type InstallationLog } from '@toolkit/contracts/logs.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { logsQueryOptions } from './get-logs.ts';

/** §7: an 'Installation Note' entry of the vehicle, with no device. */
export async function createLogNote(vehicleId: number, details: string): Promise<InstallationLog> {
  const res = await apiRequest('POST', '/api/logs', {
    vehicleId,
    deviceId: null,
    action: LOG_ACTIONS.note,
    details,
  });
  return InstallationLogSchema.parse(await res.json());
}

export function useCreateLogNote(vehicleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: string) => createLogNote(vehicleId, details),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logsQueryOptions(vehicleId).queryKey }),
  });
}
