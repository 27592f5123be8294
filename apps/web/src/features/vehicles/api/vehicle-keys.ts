import type { DeviceChange } from '../../../lib/device-change.ts';

/** An agency's vehicle list's query key, free of its schemas: the app's refresh map reads it at start. */
export function vehiclesQueryKey(clientId: number) {
  return ['/api/vehicles/client', clientId] as const;
}

/** What a device change makes stale here: the agency's vehicle list (its device counts). */
export const vehicleListAfterDeviceChange = ({ clientId }: DeviceChange) => [vehiclesQueryKey(clientId)];
