import { useMutation } from '@tanstack/react-query';
import { SyncStatusResponseSchema, type SyncStatusResponse } from '@toolkit/contracts/devices.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Compares local assignments with the external system's. */
export async function checkSyncStatus(clientId: number): Promise<SyncStatusResponse> {
  const res = await apiRequest('POST', '/api/devices/sync-status', { clientId });
  return SyncStatusResponseSchema.parse(await res.json());
}

export function useCheckSyncStatus() {
  return useMutation({ mutationFn: checkSyncStatus });
}
