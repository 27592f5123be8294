export { useAssignDevices } from './api/assign-devices.ts';
export { deviceQueryOptions } from './api/get-device.ts';
export { useNow } from './hooks/use-now.ts';
export { deviceStatusView, type StatusView } from './utils/device-status.ts';
export { formatHeartbeat } from './utils/last-seen.ts';
