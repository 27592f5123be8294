import { queryOptions, useQuery } from '@tanstack/react-query';
import { InstallationLogListSchema, type InstallationLog } from '@toolkit/contracts/logs.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';
import { LOGS_URL, logsQueryKey } from './log-keys.ts';

export { LOGS_URL } from './log-keys.ts';

export async function getLogs(vehicleId: number): Promise<InstallationLog[]> {
  const res = await apiRequest('GET', `${LOGS_URL}?vehicleId=${String(vehicleId)}`);
  const logs = InstallationLogListSchema.parse(await res.json());
  // §7: the log is filtered by vehicle on this side too.
  return logs.filter((log) => log.vehicleId === vehicleId);
}

/** The installation log of one vehicle (§7 GET /api/logs). */
export function logsQueryOptions(vehicleId: number) {
  return queryOptions({
    queryKey: logsQueryKey(vehicleId),
    queryFn: () => getLogs(vehicleId),
    ...persistedQuery('log-list'),
  });
}

export function useLogs(vehicleId: number) {
  return useQuery(logsQueryOptions(vehicleId));
}
