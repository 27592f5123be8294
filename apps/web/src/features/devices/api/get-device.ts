import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { FLEET_DEVICES_REFETCH_MS } from '@toolkit/contracts/constants.ts';
import { DEVICE_MESSAGES, DeviceDetailSchema, type DeviceDetail } from '@toolkit/contracts/devices.ts';
import { errorMessage, errorStatus } from '../../../lib/api-error.ts';
import { jsonQuery } from '../../../lib/api-client.ts';
import { persistedQuery } from '../../../lib/offline/persisted-query.ts';

/** The devices endpoint (§7): POST creates, GET /{deviceId} reads one, /{deviceId}/... acts on it. */
export const DEVICES_URL = '/api/devices';

/** The path of one device, for its reads and commands. */
export const devicePath = (deviceId: string) => `${DEVICES_URL}/${encodeURIComponent(deviceId)}`;

/** One device with its assignment history; it shows status, so it refetches every 15 seconds. */
export function deviceQueryOptions(deviceId: string) {
  return queryOptions({
    queryKey: [DEVICES_URL, encodeURIComponent(deviceId)],
    queryFn: jsonQuery(DeviceDetailSchema),
    refetchInterval: FLEET_DEVICES_REFETCH_MS,
    ...persistedQuery('device-detail'),
  });
}

/**
 * The manual lookup (§7 GET /api/devices/{deviceId}), asked afresh: the agency's device, or why
 * not ('Device not found' for another agency's or an unknown one, else the server's reason).
 */
export async function findAgencyDevice(
  queryClient: QueryClient,
  deviceId: string,
  clientId: number,
): Promise<{ device: DeviceDetail } | { message: string }> {
  try {
    const found = await queryClient.query({ ...deviceQueryOptions(deviceId), staleTime: 0 });
    // Another agency's device cannot go on this agency's vehicle.
    return found.clientId === clientId ? { device: found } : { message: DEVICE_MESSAGES.notFound };
  } catch (error) {
    return {
      message:
        errorStatus(error) === 404 ? DEVICE_MESSAGES.notFound : errorMessage(error, DEVICE_MESSAGES.notFound),
    };
  }
}

export function useDevice(deviceId: string) {
  return useQuery(deviceQueryOptions(deviceId));
}
