import type { DeviceChange } from '../../../lib/device-change.ts';

/** The installation log endpoint (§7): GET ?vehicleId= lists a vehicle's entries, POST adds one. */
export const LOGS_URL = '/api/logs';

/** One vehicle's installation log's query key, free of its schemas: the app's refresh map reads it at start. */
export const logsQueryKey = (vehicleId: number) => [LOGS_URL, { vehicleId }] as const;

/** What a device change makes stale here: the log of each vehicle the devices went to (an entry each). */
export const logsAfterDeviceChange = ({ vehicleIds = [] }: DeviceChange) => vehicleIds.map(logsQueryKey);
