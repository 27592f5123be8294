import { queryOptions, useQuery } from '@tanstack/react-query';
import { InstallationLogListSchema, type InstallationLog } from '@toolkit/contracts/logs.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';

export async function getLogs(vehicleId: number): Promise<InstallationLog[]> {
  const res = await apiRequest('GET', `/api/logs?vehicleId=${String(vehicleId)}`);
  const logs = InstallationLogListSchema.parse(await res.json());
  // §7: the log is filtered by vehicle on this side too.
  return logs.filter((log) => log.vehicleId === vehicleId);
}

/** The installation log of one vehicle (§7 GET /api/logs). */
export function logsQueryOptions(vehicleId: number) {
  return queryOptions({
    queryKey: ['/api/logs', { vehicleId }],
    queryFn: () => getLogs(vehicleId),
    ...persistedQuery('log-list'),
  });
}

export function useLogs(vehicleId: number) {
  return useQuery(logsQueryOptions(vehicleId));
}
