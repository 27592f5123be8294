import { queryOptions, useQuery } from '@tanstack/react-query';
import { InstallationLogListSchema, type InstallationLog } from '@toolkit/contracts/logs.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { refreshOnDeviceChange } from '../../../lib/device-change.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';

/** The installation log endpoint (§7): GET ?vehicleId= lists a vehicle's entries, POST adds one. */
export const LOGS_URL = '/api/logs';

export async function getLogs(vehicleId: number): Promise<InstallationLog[]> {
  const res = await apiRequest('GET', `${LOGS_URL}?vehicleId=${String(vehicleId)}`);
  const logs = InstallationLogListSchema.parse(await res.json());
  // §7: the log is filtered by vehicle on this side too.
  return logs.filter((log) => log.vehicleId === vehicleId);
}

/** The installation log of one vehicle (§7 GET /api/logs). */
export function logsQueryOptions(vehicleId: number) {
  return queryOptions({
    queryKey: [LOGS_URL, { vehicleId }],
    queryFn: () => getLogs(vehicleId),
    ...persistedQuery('log-list'),
  });
}

// An assignment writes an entry in the vehicle's log (its one refresh path: the device change's keys).
refreshOnDeviceChange(({ vehicleIds = [] }) => vehicleIds.map((id) => logsQueryOptions(id).queryKey));

export function useLogs(vehicleId: number) {
  return useQuery(logsQueryOptions(vehicleId));
}
